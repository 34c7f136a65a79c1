// Package riverenqueuer: workers enqueue follow-on jobs through the
// application's own interface (Deps.Jobs), which the River client itself
// satisfies; the client is stored in the field after river.NewClient
// returns, in a function no handler calls (the worker bundle is an input
// to NewClient). The whole-program phase resolves the interface call to
// the client's insert, and the args' own InsertOpts decide the key.
package riverenqueuer

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertype"
)

// Enqueuer is the slice of the River client the workers use.
type Enqueuer interface {
	InsertMany(ctx context.Context, params []river.InsertManyParams) ([]*rivertype.JobInsertResult, error)
	Insert(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
}

// Deps is what every worker holds; Jobs is filled once the client exists.
type Deps struct {
	Jobs Enqueuer
}

type ScanArgs struct{}

func (ScanArgs) Kind() string { return "enq:scan" }

// DayArgs are unique by args, with River's default states.
type DayArgs struct {
	Recipient int64
	Date      string
}

func (DayArgs) Kind() string { return "enq:day" }

func (DayArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

type PingArgs struct{}

func (PingArgs) Kind() string { return "enq:ping" }

// NoteArgs have no unique options.
type NoteArgs struct{ Text string }

func (NoteArgs) Kind() string { return "enq:note" }

// Scan enqueues the day's jobs, keyed by their args.
type Scan struct {
	river.WorkerDefaults[ScanArgs]
	*Deps
}

func (w *Scan) Work(ctx context.Context, job *river.Job[ScanArgs]) error {
	params := []river.InsertManyParams{{Args: DayArgs{Recipient: 1, Date: "2026-01-01"}}}
	_, err := w.Jobs.InsertMany(ctx, params)
	return err
}

// Note enqueues a job no key deduplicates.
type Note struct {
	river.WorkerDefaults[PingArgs]
	*Deps
}

func (w *Note) Work(ctx context.Context, job *river.Job[PingArgs]) error { // want `unguarded: handler \(\*riverenqueuer.Note\).Work`
	_, err := w.Jobs.InsertMany(ctx, []river.InsertManyParams{{Args: NoteArgs{Text: "again"}}})
	return err
}

type OneArgs struct{}

func (OneArgs) Kind() string { return "enq:one" }

// One inserts a single job with no options of its own: the args' decide.
type One struct {
	river.WorkerDefaults[OneArgs]
	*Deps
}

func (w *One) Work(ctx context.Context, job *river.Job[OneArgs]) error {
	_, err := w.Jobs.Insert(ctx, DayArgs{Recipient: 2, Date: "2026-01-02"}, nil)
	return err
}

// NewClient builds the client from the worker bundle, then fills the
// workers' Deps with it.
func NewClient(pool *pgxpool.Pool, deps *Deps) (*river.Client[pgx.Tx], error) {
	workers := river.NewWorkers()
	river.AddWorker(workers, &Scan{Deps: deps})
	river.AddWorker(workers, &Note{Deps: deps})
	river.AddWorker(workers, &One{Deps: deps})
	rc, err := river.NewClient(riverpgxv5.New(pool), &river.Config{Workers: workers})
	if err != nil {
		return nil, err
	}
	deps.Jobs = rc
	return rc, nil
}
