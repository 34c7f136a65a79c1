// Package riveruniquewp: a handler's River enqueue deduplicated by its job
// args, made two interface calls below the handler (the application's
// service, then its own inserter interface, which the River client from
// the context satisfies): the whole-program phase resolves the insert and
// keys it by the args, traced up both calls (the job's ID: guarded; a
// uuid: random-key).
package riveruniquewp

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

type FanArgs struct{ Tenant string }

func (FanArgs) Kind() string { return "wp:fan" }

type FreshArgs struct{ Tenant string }

func (FreshArgs) Kind() string { return "wp:fresh" }

type ChildArgs struct{ Tenant, Run string }

func (ChildArgs) Kind() string { return "wp:child" }

// Inserter is the application's seam for enqueueing.
type Inserter interface {
	Insert(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
}

// Service fans a tenant out.
type Service interface {
	Fan(ctx context.Context, ins Inserter, run, tenant string) error
}

type svc struct{}

func childOpts() *river.InsertOpts {
	return &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

func (svc) Fan(ctx context.Context, ins Inserter, run, tenant string) error {
	_, err := ins.Insert(ctx, ChildArgs{Tenant: tenant, Run: "fan:" + run}, childOpts())
	return err
}

type Keyed struct {
	river.WorkerDefaults[FanArgs]
	S Service
}

func (w *Keyed) Work(ctx context.Context, job *river.Job[FanArgs]) error {
	return w.S.Fan(ctx, river.ClientFromContext[pgx.Tx](ctx), fmt.Sprintf("job-%d", job.ID), job.Args.Tenant)
}

type Fresh struct {
	river.WorkerDefaults[FreshArgs]
	S Service
}

func (w *Fresh) Work(ctx context.Context, job *river.Job[FreshArgs]) error {
	return w.S.Fan(ctx, river.ClientFromContext[pgx.Tx](ctx), uuid.NewString(), job.Args.Tenant) // want `^random-key: the job's args ChildArgs\{…\} deduplicate the publish enqueue \(river\)`
}

func Register(ws *river.Workers) {
	river.AddWorker(ws, &Keyed{S: svc{}})
	river.AddWorker(ws, &Fresh{S: svc{}})
}
