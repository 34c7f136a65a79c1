// Stub of github.com/vgarvardt/gue/v6@v6.0.0 for analysistest: declarations mirror the real API (subset); bodies are empty.

package gue

import (
	"context"
	"database/sql"
	"errors"
	ulid "github.com/oklog/ulid/v2"
	"log/slog"
	"time"
)

type Backoff func(retries int) time.Duration

var (
	BackoffNever = func(retries int) time.Duration {
		return -1
	}
)

func NewConstantBackoff(d time.Duration) Backoff {
	var r0 Backoff
	return r0
}

var ErrMissingType = errors.New("job type must be specified")

func NewClient(pool *sql.DB, options ...ClientOption) (*Client, error) {
	return nil, nil
}

func (c *Client) Enqueue(ctx context.Context, j *Job) error {
	return nil
}

func (c *Client) EnqueueWithID(ctx context.Context, j *Job, jobID ulid.ULID) error {
	return nil
}

func (c *Client) EnqueueTx(ctx context.Context, j *Job, tx *sql.Tx) error {
	return nil
}

func (c *Client) EnqueueTxWithID(ctx context.Context, j *Job, jobID ulid.ULID, tx *sql.Tx) error {
	return nil
}

func (c *Client) EnqueueBatch(ctx context.Context, jobs []*Job) error {
	return nil
}

func (c *Client) EnqueueBatchTx(ctx context.Context, jobs []*Job, tx *sql.Tx) error {
	return nil
}

func (c *Client) LockJob(ctx context.Context, queue string) (*Job, error) {
	return nil, nil
}

func (c *Client) LockJobByID(ctx context.Context, id ulid.ULID) (*Job, error) {
	return nil, nil
}

func (c *Client) LockNextScheduledJob(ctx context.Context, queue string) (*Job, error) {
	return nil, nil
}

type ClientOption func(*Client)

func WithClientLogger(logger *slog.Logger) ClientOption {
	var r0 ClientOption
	return r0
}

func WithClientID(id string) ClientOption {
	var r0 ClientOption
	return r0
}

func WithClientBackoff(backoff Backoff) ClientOption {
	var r0 ClientOption
	return r0
}

var (
	ErrJobPanicked         = errors.New("job panicked")
	ErrHookJobDonePanicked = errors.New("hook job done panicked in job panic recovery")
)

type ErrJobReschedule interface{ rescheduleJobAt() time.Time }

type errJobRescheduleIn struct {
	d time.Duration
	s string
}

func ErrRescheduleJobIn(d time.Duration, reason string) error {
	return nil
}

func (e errJobRescheduleIn) Error() string {
	return ""
}

func (e errJobRescheduleIn) rescheduleJobAt() time.Time {
	var r0 time.Time
	return r0
}

type errJobRescheduleAt struct {
	t time.Time
	s string
}

func ErrRescheduleJobAt(t time.Time, reason string) error {
	return nil
}

func (e errJobRescheduleAt) Error() string {
	return ""
}

func (e errJobRescheduleAt) rescheduleJobAt() time.Time {
	var r0 time.Time
	return r0
}

type errJobDiscard struct{ s string }

func ErrDiscardJob(reason string) error {
	return nil
}

func (e errJobDiscard) Error() string {
	return ""
}

func (e errJobDiscard) rescheduleJobAt() time.Time {
	var r0 time.Time
	return r0
}

type JobPriority int16

const (
	JobPriorityHighest JobPriority = -32768
	JobPriorityHigh    JobPriority = -16384
	JobPriorityDefault JobPriority = 0
	JobPriorityLow     JobPriority = 16384
	JobPriorityLowest  JobPriority = 32767
)

func (j *Job) Tx() *sql.Tx {
	var r0 *sql.Tx
	return r0
}

func (j *Job) Delete(ctx context.Context) error {
	return nil
}

func (j *Job) Done(ctx context.Context) error {
	return nil
}

func (j *Job) Error(ctx context.Context, jErr error) (err error) {
	return
}

type PollStrategy string

const (
	defaultPollInterval                   = 5 * time.Second
	defaultQueueName                      = ""
	defaultPanicStackBufSize              = 1024
	PriorityPollStrategy     PollStrategy = "OrderByPriority"
	RunAtPollStrategy        PollStrategy = "OrderByRunAtPriority"
)

type WorkFunc func(ctx context.Context, j *Job) error

type HookFunc func(ctx context.Context, j *Job, err error)

type WorkMap map[string]WorkFunc

func NewWorker(c *Client, wm WorkMap, options ...WorkerOption) (*Worker, error) {
	return nil, nil
}

func (w *Worker) Run(ctx context.Context) error {
	return nil
}

func (w *Worker) WorkOne(ctx context.Context) (didWork bool) {
	return
}

func NewWorkerPool(c *Client, wm WorkMap, poolSize int, options ...WorkerPoolOption) (*WorkerPool, error) {
	return nil, nil
}

func (w *WorkerPool) Run(ctx context.Context) error {
	return nil
}

func (w *WorkerPool) WorkOne(ctx context.Context) (didWork bool) {
	return
}

type WorkerOption func(*Worker)

type WorkerPoolOption func(pool *WorkerPool)

func WithWorkerPollInterval(d time.Duration) WorkerOption {
	var r0 WorkerOption
	return r0
}

func WithWorkerQueue(queue string) WorkerOption {
	var r0 WorkerOption
	return r0
}

func WithWorkerID(id string) WorkerOption {
	var r0 WorkerOption
	return r0
}

func WithWorkerLogger(logger *slog.Logger) WorkerOption {
	var r0 WorkerOption
	return r0
}

func WithWorkerPanicStackBufSize(size int) WorkerOption {
	var r0 WorkerOption
	return r0
}

func WithWorkerHooksJobLocked(hooks ...HookFunc) WorkerOption {
	var r0 WorkerOption
	return r0
}

func WithWorkerHooksUnknownJobType(hooks ...HookFunc) WorkerOption {
	var r0 WorkerOption
	return r0
}

func WithWorkerHooksJobDone(hooks ...HookFunc) WorkerOption {
	var r0 WorkerOption
	return r0
}

func WithWorkerHooksJobUndone(hooks ...HookFunc) WorkerOption {
	var r0 WorkerOption
	return r0
}

func WithWorkerPollStrategy(s PollStrategy) WorkerOption {
	var r0 WorkerOption
	return r0
}

func WithWorkerGracefulShutdown(handlerCtx func() context.Context) WorkerOption {
	var r0 WorkerOption
	return r0
}

func WithWorkerSpanWorkOneNoJob(spanWorkOneNoJob bool) WorkerOption {
	var r0 WorkerOption
	return r0
}

func WithWorkerJobTTL(d time.Duration) WorkerOption {
	var r0 WorkerOption
	return r0
}

func WithWorkerUnknownJobWorkFunc(wf WorkFunc) WorkerOption {
	var r0 WorkerOption
	return r0
}

func WithPoolPollInterval(d time.Duration) WorkerPoolOption {
	var r0 WorkerPoolOption
	return r0
}

func WithPoolQueue(queue string) WorkerPoolOption {
	var r0 WorkerPoolOption
	return r0
}

func WithPoolID(id string) WorkerPoolOption {
	var r0 WorkerPoolOption
	return r0
}

func WithPoolLogger(logger *slog.Logger) WorkerPoolOption {
	var r0 WorkerPoolOption
	return r0
}

func WithPoolPollStrategy(s PollStrategy) WorkerPoolOption {
	var r0 WorkerPoolOption
	return r0
}

func WithPoolHooksJobLocked(hooks ...HookFunc) WorkerPoolOption {
	var r0 WorkerPoolOption
	return r0
}

func WithPoolHooksUnknownJobType(hooks ...HookFunc) WorkerPoolOption {
	var r0 WorkerPoolOption
	return r0
}

func WithPoolHooksJobDone(hooks ...HookFunc) WorkerPoolOption {
	var r0 WorkerPoolOption
	return r0
}

func WithPoolHooksJobUndone(hooks ...HookFunc) WorkerPoolOption {
	var r0 WorkerPoolOption
	return r0
}

func WithPoolGracefulShutdown(handlerCtx func() context.Context) WorkerPoolOption {
	var r0 WorkerPoolOption
	return r0
}

func WithPoolPanicStackBufSize(size int) WorkerPoolOption {
	var r0 WorkerPoolOption
	return r0
}

func WithPoolSpanWorkOneNoJob(spanWorkOneNoJob bool) WorkerPoolOption {
	var r0 WorkerPoolOption
	return r0
}

func WithPoolJobTTL(d time.Duration) WorkerPoolOption {
	var r0 WorkerPoolOption
	return r0
}

func WithPoolUnknownJobWorkFunc(wf WorkFunc) WorkerPoolOption {
	var r0 WorkerPoolOption
	return r0
}

// ---- struct types (unexported fields reduced) ----

type Client struct {
	pool    *sql.DB
	logger  *slog.Logger
	id      string
	backoff Backoff
}

type Worker struct {
	wm       WorkMap
	interval time.Duration
	queue    string
	c        *Client
	id       string
	logger   *slog.Logger
	running  bool
	jobTTL   time.Duration

	unknownJobTypeWF WorkFunc
}

type WorkerPool struct {
	wm       WorkMap
	interval time.Duration
	queue    string
	c        *Client
	workers  []*Worker
	id       string
	logger   *slog.Logger
	running  bool
	jobTTL   time.Duration
}

type Job struct {
	ID ulid.ULID

	Queue string

	Priority JobPriority

	RunAt time.Time

	Type string

	Args []byte

	ErrorCount int32

	LastError *string

	CreatedAt time.Time

	deleted bool
	tx      *sql.Tx
	backoff Backoff
	logger  *slog.Logger
}

var DefaultExponentialBackoff Backoff
