package sqlshapes

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
)

type ImportArgs struct{ Source, Ref string }

func (ImportArgs) Kind() string { return "import" } // want Kind:"no effects" Kind:`const "import"`

// ImportWorker claims (source, ref) with a CTE that always returns one
// row, whether the key was new: the claim's outcome is the scanned bool,
// and its error a real error. The enqueue and the insert run in the
// claim's transaction: guarded; no duplicate reaches an error return (the
// commit on the duplicate branch fails only on its own account).
type ImportWorker struct {
	river.WorkerDefaults[ImportArgs]
	Deps
	Client *river.Client[pgx.Tx]
}

func (w *ImportWorker) Work(ctx context.Context, job *river.Job[ImportArgs]) error { // want Work:`^effects: db_write/insert import_rows guarded=processed_jobs; db_write/insert river_job guarded=processed_jobs; db_write/claim imports$`
	tx, err := w.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var inserted bool
	err = tx.QueryRow(ctx, `WITH ins AS (
		INSERT INTO imports (source, ref) VALUES ($1, $2) ON CONFLICT (source, ref) DO NOTHING RETURNING 1
	) SELECT EXISTS (SELECT 1 FROM ins)`, job.Args.Source, job.Args.Ref).Scan(&inserted)
	if err != nil {
		return err
	}
	if !inserted {
		return tx.Commit(ctx) // fails only if the commit does: not the duplicate's error
	}
	if _, err := tx.Exec(ctx, "insert into import_rows (ref) values ($1)", job.Args.Ref); err != nil {
		return err
	}
	if _, err := w.Client.InsertManyTx(ctx, tx, []river.InsertManyParams{{Args: ImportArgs{Ref: job.Args.Ref}}}); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// CountWorker counts the CTE's rows: 0 on a duplicate, which it returns as
// an error: duplicate-as-error, once, at that return.
type CountWorker struct {
	river.WorkerDefaults[CountArgs]
	Deps
}

type CountArgs struct{ Ref string }

func (CountArgs) Kind() string { return "count" } // want Kind:"no effects" Kind:`const "count"`

var errSeen = errors.New("already imported")

func (w *CountWorker) Work(ctx context.Context, job *river.Job[CountArgs]) error { // want Work:`^effects: db_write/insert import_rows guarded=processed_jobs; db_write/claim imports$`
	tx, err := w.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var n int
	if err := tx.QueryRow(ctx, `with ins as (insert into imports (source, ref) values ('count', $1) on conflict do nothing returning 1) select count(*) from ins`, job.Args.Ref).Scan(&n); err != nil {
		return err
	}
	if n == 0 {
		return errSeen // want `duplicate-as-error: the already-processed branch returns a non-nil error`
	}
	if _, err := tx.Exec(ctx, "insert into import_rows (ref) values ($1)", job.Args.Ref); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

func RegisterRiver(workers *river.Workers, d Deps, c *river.Client[pgx.Tx]) { // want RegisterRiver:`^no effects$`
	river.AddWorker(workers, &ImportWorker{Deps: d, Client: c})
	river.AddWorker(workers, &CountWorker{Deps: d})
}
