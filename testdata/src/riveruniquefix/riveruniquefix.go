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

// Batches (InsertMany / InsertManyTx): each element carries its own
// options; the batch is keyed by its args only when every element built
// here deduplicates by args.

// BatchKeyed: a slice literal, both elements unique by args from the job.
type BatchKeyed struct {
	river.WorkerDefaults[FanArgs]
}

func (w *BatchKeyed) Work(ctx context.Context, job *river.Job[FanArgs]) error { // want Work:`^effects: db_write/insert river_job guarded=idempotency_key$`
	c := river.ClientFromContext[pgx.Tx](ctx)
	var tx pgx.Tx
	_, err := c.InsertManyTx(ctx, tx, []river.InsertManyParams{
		{Args: ChildArgs{Record: job.Args.Tenant}, InsertOpts: &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}}},
		{Args: TaggedArgs{Record: job.Args.Tenant, QueuedAt: time.Now()}, InsertOpts: uniqueOpts("children")},
	})
	return err
}

// BatchLoop: appended in a loop, the options from a helper.
type BatchLoop struct {
	river.WorkerDefaults[FanArgs]
}

func (w *BatchLoop) Work(ctx context.Context, job *river.Job[FanArgs]) error { // want Work:`^effects: publish/enqueue river guarded=idempotency_key$`
	c := river.ClientFromContext[pgx.Tx](ctx)
	params := make([]river.InsertManyParams, 0, 2)
	for _, r := range []string{job.Args.Tenant, "all"} {
		params = append(params, river.InsertManyParams{Args: ChildArgs{Record: r}, InsertOpts: uniqueOpts("children")})
	}
	_, err := c.InsertMany(ctx, params)
	return err
}

// BatchFresh: one element's args carry a uuid.
type BatchFresh struct {
	river.WorkerDefaults[FanArgs]
}

func (w *BatchFresh) Work(ctx context.Context, job *river.Job[FanArgs]) error { // want Work:`^effects: publish/enqueue river issue=random-key$`
	c := river.ClientFromContext[pgx.Tx](ctx)
	params := []river.InsertManyParams{{Args: ChildArgs{Record: job.Args.Tenant}, InsertOpts: uniqueOpts("children")}}
	params = append(params, river.InsertManyParams{Args: ChildArgs{Record: job.Args.Tenant, Run: uuid.NewString()}, InsertOpts: uniqueOpts("children")}) // want `random-key: idempotency key each element's Args derives from uuid.NewString`
	_, err := c.InsertMany(ctx, params)
	return err
}

// BatchByState: one element's options may leave completed jobs out.
type BatchByState struct {
	river.WorkerDefaults[FanArgs]
}

func (w *BatchByState) Work(ctx context.Context, job *river.Job[FanArgs]) error { // want Work:`^effects: publish/enqueue river$` `unguarded: handler \(\*riveruniquefix.BatchByState\).Work`
	c := river.ClientFromContext[pgx.Tx](ctx)
	_, err := c.InsertMany(ctx, []river.InsertManyParams{
		{Args: ChildArgs{Record: job.Args.Tenant}, InsertOpts: uniqueOpts("children")},
		{Args: ChildArgs{Record: "all"}, InsertOpts: &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true, ByState: []rivertype.JobState{rivertype.JobStateAvailable}}}},
	})
	return err
}

// BatchFast: InsertManyFast fails the batch on a unique conflict.
type BatchFast struct {
	river.WorkerDefaults[FanArgs]
}

func (w *BatchFast) Work(ctx context.Context, job *river.Job[FanArgs]) error { // want Work:`^effects: publish/enqueue river$` `unguarded: handler \(\*riveruniquefix.BatchFast\).Work`
	c := river.ClientFromContext[pgx.Tx](ctx)
	_, err := c.InsertManyFast(ctx, []river.InsertManyParams{{Args: ChildArgs{Record: job.Args.Tenant}, InsertOpts: uniqueOpts("children")}})
	return err
}

// BatchBuilt: the batch comes from a call: its elements are not read.
type BatchBuilt struct {
	river.WorkerDefaults[FanArgs]
}

func (w *BatchBuilt) Work(ctx context.Context, job *river.Job[FanArgs]) error { // want Work:`^effects: publish/enqueue river$` `unguarded: handler \(\*riveruniquefix.BatchBuilt\).Work`
	c := river.ClientFromContext[pgx.Tx](ctx)
	_, err := c.InsertMany(ctx, batchOf(job.Args.Tenant))
	return err
}

func batchOf(r string) []river.InsertManyParams { // want batchOf:"no effects"
	return []river.InsertManyParams{{Args: ChildArgs{Record: r}, InsertOpts: uniqueOpts("children")}}
}

func Register(ws *river.Workers) { // want Register:"no effects"
	river.AddWorker(ws, &Keyed{})
	river.AddWorker(ws, &Fresh{})
	river.AddWorker(ws, &Stamped{})
	river.AddWorker(ws, &Tagged{})
	river.AddWorker(ws, &NotByArgs{})
	river.AddWorker(ws, &ByState{})
	river.AddWorker(ws, &BatchKeyed{})
	river.AddWorker(ws, &BatchLoop{})
	river.AddWorker(ws, &BatchFresh{})
	river.AddWorker(ws, &BatchByState{})
	river.AddWorker(ws, &BatchFast{})
	river.AddWorker(ws, &BatchBuilt{})
}
