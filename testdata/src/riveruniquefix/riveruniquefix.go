// Package riveruniquefix covers a handler's own River enqueue deduplicated
// by its job args (InsertOpts{UniqueOpts: UniqueOpts{ByArgs: true}}): the
// args are the enqueue's idempotency key. Args made from the job (its ID,
// its payload) are the same on every delivery, so a second delivery's
// insert is skipped (guarded); args carrying a uuid or the time are new
// every time (random-key); without ByArgs, or with a custom ByState that
// may leave completed jobs out, the insert repeats (unguarded).
package riveruniquefix

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

type FanArgs struct{ Tenant string }

func (FanArgs) Kind() string { return "fan" } // want Kind:"no effects" Kind:`const "fan"`

type ChildArgs struct {
	Record string
	Run    string
	At     time.Time
}

func (ChildArgs) Kind() string { return "child" } // want Kind:"no effects" Kind:`const "child"`

// TaggedArgs: only the field tagged river:"unique" makes the key.
type TaggedArgs struct {
	Record   string `river:"unique"`
	QueuedAt time.Time
}

func (TaggedArgs) Kind() string { return "tagged" } // want Kind:"no effects" Kind:`const "tagged"`

// uniqueOpts are the options a helper returns: unique by args.
func uniqueOpts(queue string) *river.InsertOpts { // want uniqueOpts:"no effects"
	return &river.InsertOpts{Queue: queue, UniqueOpts: river.UniqueOpts{ByArgs: true, ByPeriod: 24 * time.Hour}}
}

// enqueue inserts one child per record with the options its callers give.
func enqueue(ctx context.Context, c *river.Client[pgx.Tx], opts *river.InsertOpts, run string, records []string) error { // want enqueue:`^effects: publish/enqueue river @p1 guarded=idempotency_key$`
	for _, r := range records {
		if _, err := c.Insert(ctx, ChildArgs{Record: r, Run: "fan:" + run}, opts); err != nil {
			return err
		}
	}
	return nil
}

// Keyed: the run is the job's ID, the options set ByArgs two calls up.
type Keyed struct {
	river.WorkerDefaults[FanArgs]
}

func (w *Keyed) Work(ctx context.Context, job *river.Job[FanArgs]) error { // want Work:`^effects: publish/enqueue river guarded=idempotency_key$`
	c := river.ClientFromContext[pgx.Tx](ctx)
	opts := uniqueOpts("children")
	return enqueue(ctx, c, opts, fmt.Sprintf("job-%d", job.ID), []string{job.Args.Tenant})
}

// Fresh: a uuid in the args makes a new key on every delivery.
type Fresh struct {
	river.WorkerDefaults[FanArgs]
}

func (w *Fresh) Work(ctx context.Context, job *river.Job[FanArgs]) error { // want Work:`^effects: publish/enqueue river issue=random-key$`
	c := river.ClientFromContext[pgx.Tx](ctx)
	return enqueue(ctx, c, uniqueOpts("children"), uuid.NewString(), []string{job.Args.Tenant}) // want `random-key: the job's args .* derives from uuid.NewString`
}

// Stamped: the time in the args is new on every delivery.
type Stamped struct {
	river.WorkerDefaults[FanArgs]
}

func (w *Stamped) Work(ctx context.Context, job *river.Job[FanArgs]) error { // want Work:`^effects: publish/enqueue river issue=random-key$`
	c := river.ClientFromContext[pgx.Tx](ctx)
	_, err := c.Insert(ctx, ChildArgs{Record: job.Args.Tenant, At: time.Now()}, &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}}) // want `random-key: idempotency key ChildArgs\{…\} derives from time.Now`
	return err
}

// Tagged: only the tagged field counts; the time beside it does not.
type Tagged struct {
	river.WorkerDefaults[FanArgs]
}

func (w *Tagged) Work(ctx context.Context, job *river.Job[FanArgs]) error { // want Work:`^effects: publish/enqueue river guarded=idempotency_key$`
	c := river.ClientFromContext[pgx.Tx](ctx)
	_, err := c.Insert(ctx, TaggedArgs{Record: job.Args.Tenant, QueuedAt: time.Now()}, &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}})
	return err
}

// NotByArgs: unique by period only, the args not deduplicated.
type NotByArgs struct {
	river.WorkerDefaults[FanArgs]
}

func (w *NotByArgs) Work(ctx context.Context, job *river.Job[FanArgs]) error { // want Work:`^effects: publish/enqueue river$` `unguarded: handler \(\*riveruniquefix.NotByArgs\).Work`
	c := river.ClientFromContext[pgx.Tx](ctx)
	_, err := c.Insert(ctx, ChildArgs{Record: job.Args.Tenant}, &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByPeriod: time.Hour}})
	return err
}

// ByState: a custom state list may leave completed jobs out.
type ByState struct {
	river.WorkerDefaults[FanArgs]
}

func (w *ByState) Work(ctx context.Context, job *river.Job[FanArgs]) error { // want Work:`^effects: publish/enqueue river$` `unguarded: handler \(\*riveruniquefix.ByState\).Work`
	c := river.ClientFromContext[pgx.Tx](ctx)
	_, err := c.Insert(ctx, ChildArgs{Record: job.Args.Tenant}, &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true, ByState: []rivertype.JobState{rivertype.JobStateAvailable}}})
	return err
}

func Register(ws *river.Workers) { // want Register:"no effects"
	river.AddWorker(ws, &Keyed{})
	river.AddWorker(ws, &Fresh{})
	river.AddWorker(ws, &Stamped{})
	river.AddWorker(ws, &Tagged{})
	river.AddWorker(ws, &NotByArgs{})
	river.AddWorker(ws, &ByState{})
}
