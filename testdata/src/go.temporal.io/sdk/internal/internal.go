// Stub of go.temporal.io/sdk@v1.51.0 for analysistest: declarations mirror the real API; bodies are empty.
//
// Only the declarations aliased by the public packages stubbed here
// (activity, client, temporal, worker, workflow) are reproduced, with a subset
// of struct fields.

package internal

import (
	"context"
	"crypto/tls"
	"errors"
	"time"

	"go.temporal.io/sdk/internal/common/workflowcontext"
)

// ---- context.go ----

type Context = workflowcontext.Context

// ---- activity.go ----

type (
	ActivityType struct {
		Name string
	}

	ActivityInfo struct {
		TaskToken              []byte
		WorkflowType           *WorkflowType
		WorkflowNamespace      string
		WorkflowExecution      WorkflowExecution
		ActivityID             string
		ActivityRunID          string
		ActivityType           ActivityType
		TaskQueue              string
		Namespace              string
		HeartbeatTimeout       time.Duration
		ScheduleToCloseTimeout time.Duration
		StartToCloseTimeout    time.Duration
		ScheduledTime          time.Time
		StartedTime            time.Time
		Deadline               time.Time
		Attempt                int32
		IsLocalActivity        bool
		Priority               Priority
		RetryPolicy            *RetryPolicy
	}

	RegisterActivityOptions struct {
		Name                          string
		DisableAlreadyRegisteredCheck bool
		SkipInvalidStructFunctions    bool
	}

	ActivityOptions struct {
		TaskQueue              string
		ScheduleToCloseTimeout time.Duration
		ScheduleToStartTimeout time.Duration
		StartToCloseTimeout    time.Duration
		HeartbeatTimeout       time.Duration
		WaitForCancellation    bool
		ActivityID             string
		RetryPolicy            *RetryPolicy
		DisableEagerExecution  bool
		VersioningIntent       VersioningIntent
		Summary                string
		EventGroups            []EventGroup
		Priority               Priority
	}

	LocalActivityOptions struct {
		ScheduleToCloseTimeout time.Duration
		StartToCloseTimeout    time.Duration
		RetryPolicy            *RetryPolicy
		Summary                string
		EventGroups            []EventGroup
	}
)

func (i *ActivityInfo) IsWorkflowActivity() bool { return i.WorkflowExecution.ID != "" }

func GetActivityInfo(ctx context.Context) ActivityInfo { return ActivityInfo{} }

func RecordActivityHeartbeat(ctx context.Context, details ...any) {}

func HasHeartbeatDetails(ctx context.Context) bool { return false }

func GetHeartbeatDetails(ctx context.Context, d ...any) error { return nil }

func IsActivity(ctx context.Context) bool { return false }

// ---- event_groups.go (simplified) ----

type EventGroup struct {
	ID string
}

// ---- worker_version_sets.go ----

type VersioningIntent int

const (
	VersioningIntentUnspecified VersioningIntent = iota
	VersioningIntentCompatible
	VersioningIntentDefault
)

// ---- client.go ----

type (
	RetryPolicy struct {
		InitialInterval        time.Duration
		BackoffCoefficient     float64
		MaximumInterval        time.Duration
		MaximumAttempts        int32
		NonRetryableErrorTypes []string
	}

	Priority struct {
		PriorityKey    int
		FairnessKey    string
		FairnessWeight float32
	}

	// ClientOptions (subset of fields).
	ClientOptions struct {
		HostPort                   string
		Namespace                  string
		Identity                   string
		ConnectionOptions          ConnectionOptions
		RPCTimeout                 time.Duration
		DisableErrorCodeMetricTags bool
	}

	ConnectionOptions struct {
		TLS                   *tls.Config
		TLSDisabled           bool
		Authority             string
		DisableKeepAliveCheck bool
		KeepAliveTime         time.Duration
	}

	// StartWorkflowOptions (subset of fields).
	StartWorkflowOptions struct {
		ID                                       string
		TaskQueue                                string
		WorkflowExecutionTimeout                 time.Duration
		WorkflowRunTimeout                       time.Duration
		WorkflowTaskTimeout                      time.Duration
		WorkflowExecutionErrorWhenAlreadyStarted bool
		RetryPolicy                              *RetryPolicy
		CronSchedule                             string
		Memo                                     map[string]any
		SearchAttributes                         map[string]any
		EnableEagerStart                         bool
		StartDelay                               time.Duration
		StaticSummary                            string
		StaticDetails                            string
		Priority                                 Priority
	}
)

// ---- internal_workflow_client.go ----

type (
	WorkflowRun interface {
		GetID() string
		GetRunID() string
		GetFirstExecutionRunID() string
		Get(ctx context.Context, valuePtr any) error
		GetWithOptions(ctx context.Context, valuePtr any, options WorkflowRunGetOptions) error
	}

	WorkflowRunGetOptions struct {
		DisableFollowingRuns bool
	}
)

// ---- workflow.go ----

type VersioningBehavior int

const (
	VersioningBehaviorUnspecified VersioningBehavior = iota
	VersioningBehaviorPinned
	VersioningBehaviorAutoUpgrade
)

type (
	SendChannel    = workflowcontext.SendChannel
	ReceiveChannel = workflowcontext.ReceiveChannel
	Channel        = workflowcontext.Channel

	Future interface {
		Get(ctx Context, valuePtr any) error
		IsReady() bool
	}

	Settable interface {
		Set(value any, err error)
		SetValue(value any)
		SetError(err error)
		Chain(future Future)
	}

	WorkflowType struct {
		Name string
	}

	WorkflowExecution struct {
		ID    string
		RunID string
	}

	Version int

	RegisterWorkflowOptions struct {
		Name                          string
		DisableAlreadyRegisteredCheck bool
		VersioningBehavior            VersioningBehavior
	}

	LoadDynamicRuntimeOptionsDetails struct {
		WorkflowType WorkflowType
	}

	DynamicRegisterWorkflowOptions struct {
		LoadDynamicRuntimeOptions func(details LoadDynamicRuntimeOptionsDetails) (DynamicRuntimeWorkflowOptions, error)
	}

	DynamicRegisterActivityOptions struct{}

	DynamicRuntimeWorkflowOptions struct {
		VersioningBehavior VersioningBehavior
	}
)

const DefaultVersion Version = -1

// WorkflowInfo (subset of fields).
type WorkflowInfo struct {
	WorkflowExecution        WorkflowExecution
	OriginalRunID            string
	FirstRunID               string
	WorkflowType             WorkflowType
	TaskQueueName            string
	WorkflowExecutionTimeout time.Duration
	WorkflowRunTimeout       time.Duration
	WorkflowTaskTimeout      time.Duration
	Namespace                string
	Attempt                  int32
	WorkflowStartTime        time.Time
	CronSchedule             string
	ContinuedExecutionRunID  string
	ParentWorkflowNamespace  string
	ParentWorkflowExecution  *WorkflowExecution
	RootWorkflowExecution    *WorkflowExecution
	RetryPolicy              *RetryPolicy
	Priority                 Priority
	BinaryChecksum           string
}

func ExecuteActivity(ctx Context, activity any, args ...any) Future      { return nil }
func ExecuteLocalActivity(ctx Context, activity any, args ...any) Future { return nil }
func WithActivityOptions(ctx Context, options ActivityOptions) Context   { return ctx }
func WithLocalActivityOptions(ctx Context, options LocalActivityOptions) Context {
	return ctx
}
func WithStartToCloseTimeout(ctx Context, d time.Duration) Context { return ctx }
func WithRetryPolicy(ctx Context, retryPolicy RetryPolicy) Context { return ctx }
func GetWorkflowInfo(ctx Context) *WorkflowInfo                    { return nil }
func Now(ctx Context) time.Time                                    { return time.Time{} }
func NewTimer(ctx Context, d time.Duration) Future                 { return nil }
func Sleep(ctx Context, d time.Duration) (err error)               { return nil }
func Go(ctx Context, f func(ctx Context))                          {}
func NewChannel(ctx Context) Channel                               { return nil }
func NewFuture(ctx Context) (Future, Settable)                     { return nil, nil }
func Await(ctx Context, condition func() bool) error               { return nil }
func GetVersion(ctx Context, changeID string, minSupported, maxSupported Version) Version {
	return maxSupported
}

// ---- worker.go ----

type WorkflowPanicPolicy int

const (
	BlockWorkflow WorkflowPanicPolicy = iota
	FailWorkflow
)

// WorkerOptions (subset of fields).
type WorkerOptions struct {
	MaxConcurrentActivityExecutionSize      int
	WorkerActivitiesPerSecond               float64
	MaxConcurrentLocalActivityExecutionSize int
	WorkerLocalActivitiesPerSecond          float64
	TaskQueueActivitiesPerSecond            float64
	MaxConcurrentActivityTaskPollers        int
	MaxConcurrentWorkflowTaskExecutionSize  int
	MaxConcurrentWorkflowTaskPollers        int
	EnableLoggingInReplay                   bool
	StickyScheduleToStartTimeout            time.Duration
	BackgroundActivityContext               context.Context
	WorkflowPanicPolicy                     WorkflowPanicPolicy
	WorkerStopTimeout                       time.Duration
	EnableSessionWorker                     bool
	MaxConcurrentSessionExecutionSize       int
	DisableWorkflowWorker                   bool
	LocalActivityWorkerOnly                 bool
	Identity                                string
	DeadlockDetectionTimeout                time.Duration
	MaxHeartbeatThrottleInterval            time.Duration
	DefaultHeartbeatThrottleInterval        time.Duration
	OnFatalError                            func(error)
	DisableEagerActivities                  bool
	DisableRegistrationAliasing             bool
	BuildID                                 string
	UseBuildIDForVersioning                 bool
}

var ErrWorkerShutdown = errors.New("worker is now shutdown")

// ---- error.go ----

type ApplicationErrorCategory int

const (
	ApplicationErrorCategoryUnspecified ApplicationErrorCategory = iota
	ApplicationErrorCategoryBenign
)

type (
	ApplicationErrorOptions struct {
		NonRetryable   bool
		Cause          error
		Details        []any
		NextRetryDelay time.Duration
		Category       ApplicationErrorCategory
	}

	ApplicationError struct {
		msg            string
		errType        string
		nonRetryable   bool
		cause          error
		nextRetryDelay time.Duration
		category       ApplicationErrorCategory
	}
)

func (e *ApplicationError) Error() string                      { return e.msg }
func (e *ApplicationError) Message() string                    { return e.msg }
func (e *ApplicationError) Type() string                       { return e.errType }
func (e *ApplicationError) HasDetails() bool                   { return false }
func (e *ApplicationError) Details(d ...any) error             { return nil }
func (e *ApplicationError) NonRetryable() bool                 { return e.nonRetryable }
func (e *ApplicationError) Unwrap() error                      { return e.cause }
func (e *ApplicationError) NextRetryDelay() time.Duration      { return e.nextRetryDelay }
func (e *ApplicationError) Category() ApplicationErrorCategory { return e.category }

var ErrActivityResultPending = errors.New("not error: do not autocomplete, using Client.CompleteActivity() to complete")

var ErrActivityPaused = errors.New("activity paused")

var ErrActivityReset = errors.New("activity reset")

func NewApplicationErrorWithOptions(msg string, errType string, options ApplicationErrorOptions) error {
	return &ApplicationError{msg: msg, errType: errType, nonRetryable: options.NonRetryable, cause: options.Cause}
}
