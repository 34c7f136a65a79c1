// Stub of github.com/riverqueue/river@v0.51.2 for analysistest: declarations mirror the real API; bodies are empty.

package river

import (
	"context"
	"log/slog"
	"time"

	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/rivertype"
)

const (
	FetchCooldownDefault = 100 * time.Millisecond
	FetchCooldownMin     = 1 * time.Millisecond

	FetchPollIntervalDefault = 1 * time.Second
	FetchPollIntervalMin     = 1 * time.Millisecond

	JobStuckThresholdDefault = 10 * time.Second
	JobTimeoutDefault        = 1 * time.Minute
	MaxAttemptsDefault       = 25        // real: = rivercommon.MaxAttemptsDefault
	PriorityDefault          = 1         // real: = rivercommon.PriorityDefault
	QueueDefault             = "default" // real: = rivercommon.QueueDefault
	QueueNumWorkersMax       = 10_000
)

// TestConfig contains configuration specific to test environments.
type TestConfig struct {
	DisableUniqueEnforcement bool
	Time                     rivertype.TimeGenerator
}

// Config is the configuration for a Client.
type Config struct {
	AdvisoryLockPrefix          int32
	CancelledJobRetentionPeriod time.Duration
	CompletedJobRetentionPeriod time.Duration
	DiscardedJobRetentionPeriod time.Duration
	ErrorHandler                ErrorHandler
	FetchCooldown               time.Duration
	FetchOnlyKnownKinds         bool
	FetchPollInterval           time.Duration
	ID                          string
	JobCleanerTimeout           time.Duration
	JobInsertMiddleware         []rivertype.JobInsertMiddleware
	JobStuckHandler             JobStuckHandler
	JobStuckThreshold           time.Duration
	JobTimeout                  time.Duration
	Hooks                       []rivertype.Hook
	LeaderElectionDisabled      bool
	Logger                      *slog.Logger
	MaxAttempts                 int
	Middleware                  []rivertype.Middleware
	Plugins                     []rivertype.Plugin
	PeriodicJobs                []*PeriodicJob
	PollOnly                    bool
	Queues                      map[string]QueueConfig
	ReindexerSchedule           PeriodicSchedule
	ReindexerIndexNames         []string
	ReindexerTimeout            time.Duration
	RescueStuckJobsAfter        time.Duration
	RetryPolicy                 ClientRetryPolicy
	Schema                      string
	SoftStopTimeout             time.Duration
	SkipJobKindValidation       bool
	SkipUnknownJobCheck         bool
	Test                        TestConfig
	TestOnly                    bool
	Workers                     *Workers
	WorkerMiddleware            []rivertype.WorkerMiddleware

	queuePollInterval time.Duration
	schedulerInterval time.Duration
}

func (c *Config) WithDefaults() *Config { return c }

// QueueConfig contains queue-specific configuration.
type QueueConfig struct {
	FetchCooldown     time.Duration
	FetchPollInterval time.Duration
	MaxWorkers        int
}

// Client is a single isolated instance of River.
type Client[TTx any] struct {
	config *Config
	driver riverdriver.Driver[TTx]
}

// NewClient creates a new Client with the given database driver and
// configuration.
func NewClient[TTx any](driver riverdriver.Driver[TTx], config *Config) (*Client[TTx], error) {
	return &Client[TTx]{config: config, driver: driver}, nil
}

func (c *Client[TTx]) Start(ctx context.Context) error         { return nil }
func (c *Client[TTx]) Stop(ctx context.Context) error          { return nil }
func (c *Client[TTx]) StopAndCancel(ctx context.Context) error { return nil }
func (c *Client[TTx]) Stopped() <-chan struct{}                { return nil }

func (c *Client[TTx]) Subscribe(kinds ...EventKind) (<-chan *Event, func()) { return nil, func() {} }

func (c *Client[TTx]) Driver() riverdriver.Driver[TTx] { return c.driver }

func (c *Client[TTx]) JobCancel(ctx context.Context, jobID int64) (*rivertype.JobRow, error) {
	return nil, nil
}
func (c *Client[TTx]) JobCancelTx(ctx context.Context, tx TTx, jobID int64) (*rivertype.JobRow, error) {
	return nil, nil
}
func (c *Client[TTx]) JobDelete(ctx context.Context, id int64) (*rivertype.JobRow, error) {
	return nil, nil
}
func (c *Client[TTx]) JobDeleteTx(ctx context.Context, tx TTx, id int64) (*rivertype.JobRow, error) {
	return nil, nil
}
func (c *Client[TTx]) JobGet(ctx context.Context, id int64) (*rivertype.JobRow, error) {
	return nil, nil
}
func (c *Client[TTx]) JobGetTx(ctx context.Context, tx TTx, id int64) (*rivertype.JobRow, error) {
	return nil, nil
}
func (c *Client[TTx]) JobRetry(ctx context.Context, id int64) (*rivertype.JobRow, error) {
	return nil, nil
}
func (c *Client[TTx]) JobRetryTx(ctx context.Context, tx TTx, id int64) (*rivertype.JobRow, error) {
	return nil, nil
}

func (c *Client[TTx]) ID() string { return "" }

// Insert inserts a new job with the provided args.
func (c *Client[TTx]) Insert(ctx context.Context, args JobArgs, opts *InsertOpts) (*rivertype.JobInsertResult, error) {
	return nil, nil
}

// InsertTx inserts a new job with the provided args on the given transaction.
func (c *Client[TTx]) InsertTx(ctx context.Context, tx TTx, args JobArgs, opts *InsertOpts) (*rivertype.JobInsertResult, error) {
	return nil, nil
}

// InsertManyParams encapsulates a single job combined with insert options for
// use with batch insertion.
type InsertManyParams struct {
	Args       JobArgs
	InsertOpts *InsertOpts
}

func (c *Client[TTx]) InsertMany(ctx context.Context, params []InsertManyParams) ([]*rivertype.JobInsertResult, error) {
	return nil, nil
}
func (c *Client[TTx]) InsertManyTx(ctx context.Context, tx TTx, params []InsertManyParams) ([]*rivertype.JobInsertResult, error) {
	return nil, nil
}
func (c *Client[TTx]) InsertManyFast(ctx context.Context, params []InsertManyParams) (int, error) {
	return 0, nil
}
func (c *Client[TTx]) InsertManyFastTx(ctx context.Context, tx TTx, params []InsertManyParams) (int, error) {
	return 0, nil
}

func (c *Client[TTx]) Schema() string { return c.config.Schema }

// ---- client_context.go ----

func ClientFromContext[TTx any](ctx context.Context) *Client[TTx] { return nil }

func ClientFromContextSafely[TTx any](ctx context.Context) (*Client[TTx], error) { return nil, nil }

// ---- event.go ----

type EventKind string

const (
	EventKindJobCancelled   EventKind = "job_cancelled"
	EventKindJobCompleted   EventKind = "job_completed"
	EventKindJobFailed      EventKind = "job_failed"
	EventKindJobInterrupted EventKind = "job_interrupted"
	EventKindJobSnoozed     EventKind = "job_snoozed"
	EventKindQueuePaused    EventKind = "queue_paused"
	EventKindQueueResumed   EventKind = "queue_resumed"
)

type Event struct {
	Kind     EventKind
	Job      *rivertype.JobRow
	JobStats *JobStatistics
	Queue    *rivertype.Queue
}

type JobStatistics struct {
	CompleteDuration  time.Duration
	QueueWaitDuration time.Duration
	RunDuration       time.Duration
}
