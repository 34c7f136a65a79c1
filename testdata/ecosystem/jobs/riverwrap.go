package jobs

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

// River inserts made through the application's own job service (issue 28,
// stop 54; fixture riveruniquewrap): the workers hold the JobQueue
// interface, JobService wraps the client and passes its callers' options
// and batch through. What the callers pass decides: unique by args with
// River's default states, the children are keyed by their args (made from
// the job: guarded); a ByState that leaves completed jobs out, or options
// without ByArgs, insert again on a redelivery (unguarded).

// WrapFanArgs is the fan-out job.
type WrapFanArgs struct {
	Tenant string `json:"tenant"`
}

// Kind names the fan-out job.
func (WrapFanArgs) Kind() string { return "river:wrap-fan" }

// WrapFanLiveArgs is the near miss's fan-out job.
type WrapFanLiveArgs struct {
	Tenant string `json:"tenant"`
}

// Kind names the near miss's fan-out job.
func (WrapFanLiveArgs) Kind() string { return "river:wrap-fan-live" }

// WrapRemindArgs is the reminder job.
type WrapRemindArgs struct {
	Shift string `json:"shift"`
}

// Kind names the reminder job.
func (WrapRemindArgs) Kind() string { return "river:wrap-remind" }

// WrapNudgeArgs is the near miss's reminder job.
type WrapNudgeArgs struct {
	Shift string `json:"shift"`
}

// Kind names the near miss's reminder job.
func (WrapNudgeArgs) Kind() string { return "river:wrap-nudge" }

// WrapChildArgs is one child job.
type WrapChildArgs struct {
	Tenant string `json:"tenant"`
	Shift  string `json:"shift"`
}

// Kind names a child job.
func (WrapChildArgs) Kind() string { return "river:wrap-child" }

// liveStates leaves completed jobs out of the uniqueness.
var liveStates = []rivertype.JobState{
	rivertype.JobStatePending, rivertype.JobStateAvailable,
	rivertype.JobStateRunning, rivertype.JobStateRetryable,
}

// JobQueue is the seam the workers see (tests substitute it).
type JobQueue interface {
	InsertMany(ctx context.Context, params []river.InsertManyParams) ([]*rivertype.JobInsertResult, error)
	Insert(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
}

// JobService is the application's wrapper of the River client.
type JobService struct {
	Client *river.Client[pgx.Tx]
}

// InsertMany inserts the callers' batch.
func (s *JobService) InsertMany(ctx context.Context, params []river.InsertManyParams) ([]*rivertype.JobInsertResult, error) {
	return s.Client.InsertMany(ctx, params)
}

// Insert inserts one job with the callers' options.
func (s *JobService) Insert(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error) {
	return s.Client.Insert(ctx, args, opts)
}

// WrapFan enqueues one child per shift, unique by args: guarded.
type WrapFan struct {
	river.WorkerDefaults[WrapFanArgs]
	Jobs JobQueue
}

// Work enqueues the children.
func (w *WrapFan) Work(ctx context.Context, job *river.Job[WrapFanArgs]) error {
	params := make([]river.InsertManyParams, 0, 2)
	for _, shift := range []string{"day", "night"} {
		params = append(params, river.InsertManyParams{
			Args:       WrapChildArgs{Tenant: job.Args.Tenant, Shift: shift},
			InsertOpts: &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}},
		})
	}
	_, err := w.Jobs.InsertMany(ctx, params)
	return err
}

// WrapFanLive is WrapFan unique only while a child is live: a redelivery
// after the children completed inserts them again (unguarded).
type WrapFanLive struct {
	river.WorkerDefaults[WrapFanLiveArgs]
	Jobs JobQueue
}

// Work enqueues the children.
func (w *WrapFanLive) Work(ctx context.Context, job *river.Job[WrapFanLiveArgs]) error {
	params := make([]river.InsertManyParams, 0, 2)
	for _, shift := range []string{"day", "night"} {
		params = append(params, river.InsertManyParams{
			Args:       WrapChildArgs{Tenant: job.Args.Tenant, Shift: shift},
			InsertOpts: &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true, ByState: liveStates}},
		})
	}
	_, err := w.Jobs.InsertMany(ctx, params)
	return err
}

// WrapRemind enqueues one child unique by args: guarded.
type WrapRemind struct {
	river.WorkerDefaults[WrapRemindArgs]
	Jobs JobQueue
}

// Work enqueues the child.
func (w *WrapRemind) Work(ctx context.Context, job *river.Job[WrapRemindArgs]) error {
	_, err := w.Jobs.Insert(ctx, WrapChildArgs{Shift: job.Args.Shift}, &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}})
	return err
}

// WrapNudge enqueues one child on a queue, not unique: unguarded.
type WrapNudge struct {
	river.WorkerDefaults[WrapNudgeArgs]
	Jobs JobQueue
}

// Work enqueues the child.
func (w *WrapNudge) Work(ctx context.Context, job *river.Job[WrapNudgeArgs]) error {
	_, err := w.Jobs.Insert(ctx, WrapChildArgs{Shift: job.Args.Shift}, &river.InsertOpts{Queue: "reminders"})
	return err
}

// RegisterRiverWrap adds the workers, each given the job service.
func RegisterRiverWrap(ws *river.Workers, client *river.Client[pgx.Tx]) {
	svc := &JobService{Client: client}
	river.AddWorker(ws, &WrapFan{Jobs: svc})
	river.AddWorker(ws, &WrapFanLive{Jobs: svc})
	river.AddWorker(ws, &WrapRemind{Jobs: svc})
	river.AddWorker(ws, &WrapNudge{Jobs: svc})
}
