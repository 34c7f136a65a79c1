package jobs

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

// River batch inserts (InsertManyTx), each element with its own options:
// RiverFanout's every element is unique by args made from the job (a
// redelivery's inserts are skipped as duplicates: guarded); RiverFanoutAny
// builds the same batch but one element's options deduplicate only while
// a job is live (a custom ByState), so a redelivery after the children
// completed inserts them again.

// RiverFanArgs is the fan-out job.
type RiverFanArgs struct {
	Tenant string `json:"tenant"`
}

// Kind names the fan-out job.
func (RiverFanArgs) Kind() string { return "river:fanout" }

// RiverFanAnyArgs is the near miss's job.
type RiverFanAnyArgs struct {
	Tenant string `json:"tenant"`
}

// Kind names the near miss's job.
func (RiverFanAnyArgs) Kind() string { return "river:fanout-any" }

// RiverChildArgs is one child job.
type RiverChildArgs struct {
	Tenant string `json:"tenant"`
	Part   string `json:"part"`
}

// Kind names a child job.
func (RiverChildArgs) Kind() string { return "river:child" }

func uniqueByArgs() *river.InsertOpts {
	return &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// RiverFanout inserts one child per part in the job's transaction.
type RiverFanout struct {
	river.WorkerDefaults[RiverFanArgs]
	Begin func(context.Context) (pgx.Tx, error)
}

// Work enqueues the children.
func (w *RiverFanout) Work(ctx context.Context, job *river.Job[RiverFanArgs]) error {
	client := river.ClientFromContext[pgx.Tx](ctx)
	tx, err := w.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx) //nolint:errcheck
	params := make([]river.InsertManyParams, 0, 2)
	for _, part := range []string{"a", "b"} {
		params = append(params, river.InsertManyParams{
			Args:       RiverChildArgs{Tenant: job.Args.Tenant, Part: part},
			InsertOpts: uniqueByArgs(),
		})
	}
	if _, err := client.InsertManyTx(ctx, tx, params); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// RiverFanoutAny is RiverFanout with one element unique only while live.
type RiverFanoutAny struct {
	river.WorkerDefaults[RiverFanAnyArgs]
	Begin func(context.Context) (pgx.Tx, error)
}

// Work enqueues the children.
func (w *RiverFanoutAny) Work(ctx context.Context, job *river.Job[RiverFanAnyArgs]) error {
	client := river.ClientFromContext[pgx.Tx](ctx)
	tx, err := w.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx) //nolint:errcheck
	_, err = client.InsertManyTx(ctx, tx, []river.InsertManyParams{
		{Args: RiverChildArgs{Tenant: job.Args.Tenant, Part: "a"}, InsertOpts: uniqueByArgs()},
		{Args: RiverChildArgs{Tenant: job.Args.Tenant, Part: "b"}, InsertOpts: &river.InsertOpts{UniqueOpts: river.UniqueOpts{
			ByArgs:  true,
			ByState: []rivertype.JobState{rivertype.JobStateAvailable, rivertype.JobStateRunning},
		}}},
	})
	if err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// RegisterRiver adds the River workers.
func RegisterRiver(ws *river.Workers, begin func(context.Context) (pgx.Tx, error)) {
	river.AddWorker(ws, &RiverFanout{Begin: begin})
	river.AddWorker(ws, &RiverFanoutAny{Begin: begin})
}
