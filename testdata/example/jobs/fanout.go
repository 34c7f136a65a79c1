package jobs

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
)

// FanoutArgs asks for one child job per tenant record.
type FanoutArgs struct {
	Tenant string `json:"tenant"`
}

func (FanoutArgs) Kind() string { return "fanout:children" }

// ChildArgs is one child job; Run tells this fan-out's children from an
// earlier one's.
type ChildArgs struct {
	Tenant string `json:"tenant"`
	Run    string `json:"run"`
}

func (ChildArgs) Kind() string { return "fanout:child" }

// childOpts deduplicate the children by their args: a second insert of the
// same args is skipped while the first job is kept.
func childOpts() *river.InsertOpts {
	return &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

func enqueueChildren(ctx context.Context, c *river.Client[pgx.Tx], opts *river.InsertOpts, run, tenant string) error {
	res, err := c.Insert(ctx, ChildArgs{Tenant: tenant, Run: "fanout:" + run}, opts)
	if err != nil {
		return err
	}
	_ = res.UniqueSkippedAsDuplicate
	return nil
}

// FanoutWorker marks its children with its own job ID: the same on every
// delivery, so a redelivery's insert is skipped as a duplicate. Client is
// set once the River client exists (cmd/worker); it is not taken from the
// job's context because rivertest's client there enforces no uniqueness,
// and the run-twice harness would not see the duplicate skipped.
type FanoutWorker struct {
	river.WorkerDefaults[FanoutArgs]
	Client *river.Client[pgx.Tx]
}

func (w *FanoutWorker) Work(ctx context.Context, job *river.Job[FanoutArgs]) error {
	return enqueueChildren(ctx, w.Client, childOpts(), fmt.Sprintf("job-%d", job.ID), job.Args.Tenant)
}

// FanoutStampedArgs asks for the same children, marked with the time.
type FanoutStampedArgs struct {
	Tenant string `json:"tenant"`
}

func (FanoutStampedArgs) Kind() string { return "fanout:stamped" }

// FanoutStampedWorker marks them with the time instead: new on every
// delivery, so every delivery enqueues the children again.
type FanoutStampedWorker struct {
	river.WorkerDefaults[FanoutStampedArgs]
	Client *river.Client[pgx.Tx]
}

func (w *FanoutStampedWorker) Work(ctx context.Context, job *river.Job[FanoutStampedArgs]) error {
	return enqueueChildren(ctx, w.Client, childOpts(), time.Now().Format(time.RFC3339Nano), job.Args.Tenant)
}
