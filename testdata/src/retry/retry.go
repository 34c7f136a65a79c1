// Package retry sets retry policies in every form the inventory reads.
package retry

import (
	"context"
	"time"

	"github.com/gocraft/work"
	"github.com/hibiken/asynq"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"
)

func Enqueue(c *asynq.Client) { // want Enqueue:"publish/enqueue asynq"
	c.Enqueue(asynq.NewTask("email:send", nil, asynq.MaxRetry(5), asynq.Timeout(time.Minute)))
	c.Enqueue(asynq.NewTask("report:build", nil), asynq.MaxRetry(-1))
}

type SyncArgs struct{}

func (SyncArgs) Kind() string { return "sync" } // want Kind:"no effects" Kind:`const "sync"`

func (SyncArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{MaxAttempts: 3} } // want InsertOpts:"no effects"

func Config() *river.Config { return &river.Config{MaxAttempts: 7} } // want Config:"no effects"

func Charge(ctx context.Context, order string) error { return nil } // want Charge:"no effects"

func Workflow(ctx workflow.Context, order string) error { // want Workflow:"no effects"
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: time.Minute,
		RetryPolicy:         &temporal.RetryPolicy{MaximumAttempts: 4},
	})
	if err := workflow.ExecuteActivity(ctx, Charge, order).Get(ctx, nil); err != nil {
		return err
	}
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{StartToCloseTimeout: time.Minute, ScheduleToCloseTimeout: time.Hour})
	return workflow.ExecuteActivity(ctx, "notify", order).Get(ctx, nil)
}

type Ctx struct{}

func (c *Ctx) Report(job *work.Job) error { return nil } // want Report:"no effects"

func Pool(pool *work.WorkerPool) { // want Pool:"no effects"
	pool.JobWithOptions("report", work.JobOptions{MaxFails: 3}, (*Ctx).Report)
	pool.JobWithOptions("defaults", work.JobOptions{Priority: 2}, (*Ctx).Report)
}

// Backoff replaces asynq's default backoff: the horizon is unknown.
func Backoff() asynq.Config { // want Backoff:"no effects"
	return asynq.Config{RetryDelayFunc: fixedDelay}
}

func fixedDelay(n int, e error, t *asynq.Task) time.Duration { return time.Second } // want fixedDelay:"no effects"

// Replay runs a discarded River job again: the horizon is unbounded.
func Replay(ctx context.Context, c *river.Client[any], id int64) { // want Replay:"dynamic_call/call \\(\\*river.Client\\).JobRetry"
	c.JobRetry(ctx, id)
}

// Snooze asks River to run the job again later: in the versions where one
// attempt is otherwise one run (before v0.44.0) the snooze adds an
// attempt, so the program's single-attempt policies are not at most once.
func Snooze() error { // want Snooze:"no effects"
	return river.JobSnooze(time.Minute)
}

// WaitArgs' worker snoozes its own job: the rerun is the wait task's only,
// and a single-attempt policy of another task stays a single run.
type WaitArgs struct{}

func (WaitArgs) Kind() string { return "wait" } // want Kind:"no effects" Kind:`const "wait"`

type WaitWorker struct {
	river.WorkerDefaults[WaitArgs]
}

func (w *WaitWorker) Work(ctx context.Context, job *river.Job[WaitArgs]) error { // want Work:"no effects"
	return river.JobSnooze(time.Minute)
}

// Cancel ends the job for good: nothing runs it again (not recorded).
func Cancel(err error) error { // want Cancel:"no effects"
	return river.JobCancel(err)
}

// Periodic jobs: a constructor that returns nil options leaves the args
// type's policy to its jobs (not recorded); one that returns options is an
// enqueue whose policy is not read, for any River task.
func Periodic() []*river.PeriodicJob { // want Periodic:"no effects"
	return []*river.PeriodicJob{
		river.NewPeriodicJob(river.PeriodicInterval(time.Minute), func() (river.JobArgs, *river.InsertOpts) {
			return SyncArgs{}, nil
		}, nil),
		river.NewPeriodicJob(river.PeriodicInterval(time.Hour), func() (river.JobArgs, *river.InsertOpts) {
			return SyncArgs{}, &river.InsertOpts{MaxAttempts: 5}
		}, nil),
	}
}

// Middleware may change a job's policy at insert or run its work again:
// a client that sets some is recorded; one that leaves it nil is not.
func Middleware(mw rivertype.WorkerMiddleware) (*river.Config, *river.Config) { // want Middleware:"no effects" Middleware:"stores .*WorkerMiddleware"
	return &river.Config{WorkerMiddleware: []rivertype.WorkerMiddleware{mw}}, &river.Config{JobInsertMiddleware: nil}
}

// A worker's own Middleware method wraps its work: recorded.
type MWWorker struct{ river.WorkerDefaults[SyncArgs] }

func (MWWorker) Middleware(*river.Job[SyncArgs]) []rivertype.WorkerMiddleware { return nil } // want Middleware:"no effects"
