// Package riveruniquewrap covers River inserts made through the
// application's own wrapper (an exported JobService whose options or
// batch come from its callers, called directly or behind the Jobs
// interface): what the callers pass decides. Options unique by args with
// River's default states key the insert by the args (guarded when they
// come from the job); a ByState without completed does not (a redelivery
// after the first job completed inserts again), nor do options without
// ByArgs.
package riveruniquewrap

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

type FanArgs struct{ Tenant string }

func (FanArgs) Kind() string { return "wrap:fan" } // want Kind:"no effects" Kind:`const "wrap:fan"`

type ChildArgs struct{ Shift string }

func (ChildArgs) Kind() string { return "wrap:child" } // want Kind:"no effects" Kind:`const "wrap:child"`

// NonCompleted leaves completed jobs out of the uniqueness.
var NonCompleted = []rivertype.JobState{rivertype.JobStatePending, rivertype.JobStateAvailable, rivertype.JobStateRunning, rivertype.JobStateRetryable}

// JobService is the application's wrapper of the client.
type JobService struct{ Client *river.Client[pgx.Tx] }

func (s *JobService) InsertMany(ctx context.Context, params []river.InsertManyParams) ([]*rivertype.JobInsertResult, error) { // want InsertMany:`^effects: publish/enqueue river$` InsertMany:`retry: enqueues river many=p1`
	return s.Client.InsertMany(ctx, params)
}

func (s *JobService) Insert(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error) { // want Insert:`^effects: publish/enqueue river$` Insert:`retry: enqueues river value=p1 \[p2\]`
	return s.Client.Insert(ctx, args, opts)
}

// Jobs is the seam the services see.
type Jobs interface {
	InsertMany(ctx context.Context, params []river.InsertManyParams) ([]*rivertype.JobInsertResult, error)
	Insert(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
}

// Direct: the wrapper called directly with a batch unique by args.
type Direct struct {
	river.WorkerDefaults[FanArgs]
	J *JobService
}

func (w *Direct) Work(ctx context.Context, job *river.Job[FanArgs]) error { // want Work:`^effects: publish/enqueue river guarded=idempotency_key$`
	var params []river.InsertManyParams
	for _, s := range []string{job.Args.Tenant} {
		params = append(params, river.InsertManyParams{Args: ChildArgs{Shift: s}, InsertOpts: &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}}})
	}
	_, err := w.J.InsertMany(ctx, params)
	return err
}

// DirectNonCompleted: the same with a ByState that leaves completed out.
type DirectNonCompleted struct {
	river.WorkerDefaults[FanArgs]
	J *JobService
}

func (w *DirectNonCompleted) Work(ctx context.Context, job *river.Job[FanArgs]) error { // want Work:`^effects: publish/enqueue river$` `unguarded: handler \(\*riveruniquewrap.DirectNonCompleted\).Work`
	var params []river.InsertManyParams
	for _, s := range []string{job.Args.Tenant} {
		params = append(params, river.InsertManyParams{Args: ChildArgs{Shift: s}, InsertOpts: &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true, ByState: NonCompleted}}})
	}
	_, err := w.J.InsertMany(ctx, params)
	return err
}

// DirectOne: one insert through the wrapper, unique by args.
type DirectOne struct {
	river.WorkerDefaults[FanArgs]
	J *JobService
}

func (w *DirectOne) Work(ctx context.Context, job *river.Job[FanArgs]) error { // want Work:`^effects: publish/enqueue river guarded=idempotency_key$`
	_, err := w.J.Insert(ctx, ChildArgs{Shift: job.Args.Tenant}, &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}})
	return err
}

// DirectOneNotByArgs: one insert through the wrapper, not unique by args.
type DirectOneNotByArgs struct {
	river.WorkerDefaults[FanArgs]
	J *JobService
}

func (w *DirectOneNotByArgs) Work(ctx context.Context, job *river.Job[FanArgs]) error { // want Work:`^effects: publish/enqueue river$` `unguarded: handler \(\*riveruniquewrap.DirectOneNotByArgs\).Work`
	_, err := w.J.Insert(ctx, ChildArgs{Shift: job.Args.Tenant}, &river.InsertOpts{Queue: "children"})
	return err
}

// Seam: the batch through the Jobs interface (the whole program
// resolves it to JobService.InsertMany).
type Seam struct {
	river.WorkerDefaults[FanArgs]
	J Jobs
}

func (w *Seam) Work(ctx context.Context, job *river.Job[FanArgs]) error { // want Work:`^effects: dynamic_call/call \(riveruniquewrap.Jobs\).InsertMany reads=db_write/insert$`
	var params []river.InsertManyParams
	for _, s := range []string{job.Args.Tenant} {
		params = append(params, river.InsertManyParams{Args: ChildArgs{Shift: s}, InsertOpts: &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}}})
	}
	_, err := w.J.InsertMany(ctx, params)
	return err
}

// SeamNonCompleted: the same batch with a ByState that leaves completed out.
type SeamNonCompleted struct {
	river.WorkerDefaults[FanArgs]
	J Jobs
}

func (w *SeamNonCompleted) Work(ctx context.Context, job *river.Job[FanArgs]) error { // want Work:`^effects: dynamic_call/call \(riveruniquewrap.Jobs\).InsertMany reads=db_write/insert$` `unguarded: handler \(\*riveruniquewrap.SeamNonCompleted\).Work`
	var params []river.InsertManyParams
	for _, s := range []string{job.Args.Tenant} {
		params = append(params, river.InsertManyParams{Args: ChildArgs{Shift: s}, InsertOpts: &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true, ByState: NonCompleted}}})
	}
	_, err := w.J.InsertMany(ctx, params)
	return err
}

// SeamOne: one insert through the interface, unique by args.
type SeamOne struct {
	river.WorkerDefaults[FanArgs]
	J Jobs
}

func (w *SeamOne) Work(ctx context.Context, job *river.Job[FanArgs]) error { // want Work:`^effects: dynamic_call/call \(riveruniquewrap.Jobs\).Insert reads=db_write/insert$`
	_, err := w.J.Insert(ctx, ChildArgs{Shift: job.Args.Tenant}, &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}})
	return err
}

func Register(ws *river.Workers) { // want Register:"no effects"
	j := &JobService{}
	river.AddWorker(ws, &Direct{J: j})
	river.AddWorker(ws, &DirectNonCompleted{J: j})
	river.AddWorker(ws, &DirectOne{J: j})
	river.AddWorker(ws, &DirectOneNotByArgs{J: j})
	river.AddWorker(ws, &Seam{J: j})
	river.AddWorker(ws, &SeamNonCompleted{J: j})
	river.AddWorker(ws, &SeamOne{J: j})
}
