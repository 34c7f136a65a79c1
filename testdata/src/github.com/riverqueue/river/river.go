// Stub of github.com/riverqueue/river@v0.51.2 for analysistest: declarations mirror the real API; bodies are empty.

// Package river is a robust high-performance job processing system for Go.
package river

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/rivertype"
)

// ---- job.go ----

// Job represents a single unit of work, holding both the arguments and
// information for a job with args of type T.
type Job[T JobArgs] struct {
	*rivertype.JobRow

	// Args are the arguments for the job.
	Args T
}

// JobArgs is an interface that represents the arguments for a job of type T.
type JobArgs interface {
	Kind() string
}

type JobArgsWithKindAliases interface {
	KindAliases() []string
}

type JobArgsWithHooks interface {
	Hooks() []rivertype.Hook
}

// JobArgsWithInsertOpts is an extra interface that a job may implement on top
// of JobArgs to provide insertion-time options for all jobs of this type.
type JobArgsWithInsertOpts interface {
	InsertOpts() InsertOpts
}

type JobArgsWithPlugins interface {
	Plugins() []rivertype.Plugin
}

// ---- worker.go ----

// Worker is an interface that can perform a job with args of type T.
type Worker[T JobArgs] interface {
	Middleware(job *rivertype.JobRow) []rivertype.WorkerMiddleware
	NextRetry(job *Job[T]) time.Time
	Timeout(job *Job[T]) time.Duration
	Work(ctx context.Context, job *Job[T]) error
}

// WorkerDefaults is an empty struct that can be embedded in your worker
// struct to make it fulfill the Worker interface with default values.
type WorkerDefaults[T JobArgs] struct{}

func (w WorkerDefaults[T]) Middleware(*rivertype.JobRow) []rivertype.WorkerMiddleware { return nil }

func (w WorkerDefaults[T]) NextRetry(*Job[T]) time.Time { return time.Time{} }

func (w WorkerDefaults[T]) Timeout(*Job[T]) time.Duration { return 0 }

// AddWorker registers a Worker on the provided Workers bundle. Panics on error.
func AddWorker[T JobArgs](workers *Workers, worker Worker[T]) {
	if err := AddWorkerSafely(workers, worker); err != nil {
		panic(err)
	}
}

// AddWorkerArgs registers a Worker using the given (possibly non-zero) job args.
func AddWorkerArgs[T JobArgs](workers *Workers, jobArgs T, worker Worker[T]) {
	if err := workers.add(jobArgs, worker); err != nil {
		panic(err)
	}
}

// AddWorkerSafely registers a worker on the provided Workers bundle.
func AddWorkerSafely[T JobArgs](workers *Workers, worker Worker[T]) error {
	var jobArgs T
	return workers.add(jobArgs, worker)
}

// Workers is a list of available job workers.
type Workers struct {
	workersMap map[string]workerInfo // job kind -> worker info
}

type workerInfo struct {
	jobArgs JobArgs
	worker  any // real: workUnitFactory workunit.WorkUnitFactory
}

// NewWorkers initializes a new registry of available job workers.
func NewWorkers() *Workers {
	return &Workers{
		workersMap: make(map[string]workerInfo),
	}
}

func (w Workers) add(jobArgs JobArgs, worker any) error { return nil }

type workFunc[T JobArgs] struct {
	WorkerDefaults[T]

	kind string
	f    func(context.Context, *Job[T]) error
}

func (wf *workFunc[T]) Kind() string {
	return wf.kind
}

func (wf *workFunc[T]) Work(ctx context.Context, job *Job[T]) error {
	return wf.f(ctx, job)
}

// WorkFunc wraps a function to implement the Worker interface.
func WorkFunc[T JobArgs](f func(context.Context, *Job[T]) error) Worker[T] {
	return &workFunc[T]{f: f, kind: (*new(T)).Kind()}
}

// ---- job_complete_tx.go ----

// JobCompleteTx marks the job as completed as part of transaction tx.
func JobCompleteTx[TDriver riverdriver.Driver[TTx], TTx any, TArgs JobArgs](ctx context.Context, tx TTx, job *Job[TArgs]) (*Job[TArgs], error) {
	if job.State != rivertype.JobStateRunning {
		return nil, errors.New("job must be running")
	}
	return job, nil
}

// ---- resumable.go ----

// StepOpts are options for ResumableStep and ResumableStepCursor.
type StepOpts struct{}

// ResumableSetCursor records a cursor for the current resumable cursor step.
func ResumableSetCursor[TCursor any](ctx context.Context, cursor TCursor) error { return nil }

// ResumableStep runs a resumable step, skipping the step on a later retry if
// an earlier attempt already completed it successfully.
func ResumableStep(ctx context.Context, name string, opts *StepOpts, stepFunc func(ctx context.Context) error) {
	_ = stepFunc(ctx)
}

// ResumableStepCursor runs a resumable step that also receives a persisted
// cursor value from an earlier failed attempt.
func ResumableStepCursor[TCursor any](ctx context.Context, name string, opts *StepOpts, stepFunc func(ctx context.Context, cursor TCursor) error) {
	var cursor TCursor
	_ = stepFunc(ctx, cursor)
}

// ---- resumable_step_tx.go ----

// ResumableSetStepTx immediately persists the current resumable step as
// part of transaction tx.
func ResumableSetStepTx[TDriver riverdriver.Driver[TTx], TTx any, TArgs JobArgs](ctx context.Context, tx TTx, job *Job[TArgs]) (*Job[TArgs], error) {
	return job, nil
}

// ResumableSetStepCursorTx immediately persists the current resumable step and
// cursor as part of transaction tx.
func ResumableSetStepCursorTx[TDriver riverdriver.Driver[TTx], TTx any, TArgs JobArgs, TCursor any](ctx context.Context, tx TTx, job *Job[TArgs], cursor TCursor) (*Job[TArgs], error) {
	return job, nil
}

// ---- error.go ----

var ErrJobCancelledRemotely = rivertype.ErrJobCancelledRemotely

type JobCancelError = rivertype.JobCancelError

// JobCancel wraps err and can be returned from a Worker's Work method to cancel
// the job at the end of execution.
func JobCancel(err error) error {
	return rivertype.JobCancel(err)
}

type JobSnoozeError = rivertype.JobSnoozeError

// JobSnooze can be returned from a Worker's Work method to cause the job to be
// tried again after the specified duration.
func JobSnooze(duration time.Duration) error {
	if duration < 0 {
		panic("JobSnooze: duration must be >= 0")
	}
	return &rivertype.JobSnoozeError{Duration: duration}
}

type QueueAlreadyAddedError struct {
	Name string
}

func (e *QueueAlreadyAddedError) Error() string { return fmt.Sprintf("queue %q already added", e.Name) }

func (e *QueueAlreadyAddedError) Is(target error) bool {
	_, ok := target.(*QueueAlreadyAddedError)
	return ok
}

type QueueNotFoundError struct {
	Name string
}

func (e *QueueNotFoundError) Error() string { return fmt.Sprintf("queue %q not found", e.Name) }

func (e *QueueNotFoundError) Is(target error) bool {
	_, ok := target.(*QueueNotFoundError)
	return ok
}

type UnknownJobKindError = rivertype.UnknownJobKindError

// ---- insert_opts.go ----

// InsertOpts are optional settings for a new job which can be provided at job
// insertion time.
type InsertOpts struct {
	MaxAttempts int
	Metadata    []byte
	Pending     bool
	Priority    int
	Queue       string
	ScheduledAt time.Time
	Tags        []string
	UniqueOpts  UniqueOpts
}

// UniqueOpts contains parameters for uniqueness for a job.
type UniqueOpts struct {
	ByArgs      bool
	ByPeriod    time.Duration
	ByQueue     bool
	ByState     []rivertype.JobState
	ExcludeKind bool
}

// ---- error_handler.go ----

type ErrorHandler interface {
	HandleError(ctx context.Context, job *rivertype.JobRow, err error) *ErrorHandlerResult
	HandlePanic(ctx context.Context, job *rivertype.JobRow, panicVal any, trace string) *ErrorHandlerResult
}

type ErrorHandlerResult struct {
	SetCancelled bool
}

// ---- retry_policy.go ----

type ClientRetryPolicy interface {
	NextRetry(job *rivertype.JobRow) time.Time
}

type DefaultClientRetryPolicy struct {
	timeNowFunc func() time.Time
}

func (p *DefaultClientRetryPolicy) NextRetry(job *rivertype.JobRow) time.Time { return time.Time{} }

// ---- periodic_job.go ----

type PeriodicSchedule interface {
	Next(current time.Time) time.Time
}

type PeriodicJobConstructor func() (JobArgs, *InsertOpts)

type PeriodicJob struct {
	constructorFunc PeriodicJobConstructor
	opts            *PeriodicJobOpts
	scheduleFunc    PeriodicSchedule
}

type PeriodicJobOpts struct {
	ID         string
	RunOnStart bool
}

func NewPeriodicJob(scheduleFunc PeriodicSchedule, constructorFunc PeriodicJobConstructor, opts *PeriodicJobOpts) *PeriodicJob {
	return &PeriodicJob{constructorFunc: constructorFunc, opts: opts, scheduleFunc: scheduleFunc}
}

type periodicIntervalSchedule struct {
	interval time.Duration
}

func PeriodicInterval(interval time.Duration) PeriodicSchedule {
	return &periodicIntervalSchedule{interval}
}

func (s *periodicIntervalSchedule) Next(t time.Time) time.Time { return t.Add(s.interval) }

// ---- stuck_job.go ----

type JobStuckHandler func(ctx context.Context, params JobStuckHandlerParams) JobStuckHandlerResult

type JobStuckHandlerParams struct {
	ID             int64
	Kind           string
	Queue          string
	TotalStuckJobs int
}

type JobStuckHandlerResult struct {
	AddWorkerSlot bool
}

// ---- hook_defaults_funcs.go / middleware_defaults.go ----

type HookDefaults struct{}

func (d *HookDefaults) IsHook() bool   { return true }
func (d *HookDefaults) IsPlugin() bool { return true }

type MiddlewareDefaults struct{}

func (d *MiddlewareDefaults) IsMiddleware() bool { return true }
func (d *MiddlewareDefaults) IsPlugin() bool     { return true }

type WorkerMiddlewareDefaults struct{ MiddlewareDefaults }

func (d *WorkerMiddlewareDefaults) Work(ctx context.Context, job *rivertype.JobRow, doInner func(ctx context.Context) error) error {
	return doInner(ctx)
}

type WorkerMiddlewareFunc func(ctx context.Context, job *rivertype.JobRow, doInner func(ctx context.Context) error) error

func (f WorkerMiddlewareFunc) IsMiddleware() bool { return true }
func (f WorkerMiddlewareFunc) IsPlugin() bool     { return true }
func (f WorkerMiddlewareFunc) Work(ctx context.Context, job *rivertype.JobRow, doInner func(ctx context.Context) error) error {
	return f(ctx, job, doInner)
}

// ---- recorded_output.go ----

func RecordOutput(ctx context.Context, output any) error { return nil }
