// Package livelockfix covers a locked recheck whose work is an enqueue:
// a scan takes the same advisory lock as the job's completion, rechecks
// that the work is still outstanding (generation > completed) and
// enqueues the job again on the locked transaction, unique by its args
// while the job is live (River's UniqueOpts.ByArgs, with a ByState that
// leaves finished jobs out). A second delivery's insert is skipped while
// the first's job is live, and once it ran, its completion (Refresh,
// under the same lock) has cleared the condition: guarded. Near misses:
// no lock (two deliveries check at once), a checked table nobody writes
// (nothing clears the condition), options that are not unique by args.
package livelockfix

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

type RefreshArgs struct{ Key string }

func (RefreshArgs) Kind() string { return "refresh" } // want Kind:"no effects" Kind:`const "refresh"`

type ScanArgs struct{ Key string }

func (ScanArgs) Kind() string { return "scan" } // want Kind:"no effects" Kind:`const "scan"`

// refreshOpts keep a refresh unique by its args while it is live.
func refreshOpts() *river.InsertOpts { // want refreshOpts:"no effects"
	return &river.InsertOpts{UniqueOpts: river.UniqueOpts{
		ByArgs: true,
		ByState: []rivertype.JobState{
			rivertype.JobStateAvailable, rivertype.JobStatePending, rivertype.JobStateRetryable,
			rivertype.JobStateRunning, rivertype.JobStateScheduled,
		},
	}}
}

func lock(ctx context.Context, tx pgx.Tx, key string) error { // want lock:`^effects: db_read/select @p1$`
	_, err := tx.Exec(ctx, "select pg_advisory_xact_lock(hashtextextended($1::text, 0))", key)
	return err
}

// Refresh completes the outstanding generation under the lock: the
// writer of intents that clears the scan's condition.
type Refresh struct {
	river.WorkerDefaults[RefreshArgs]
	Pool *pgxpool.Pool
}

func (w *Refresh) Work(ctx context.Context, job *river.Job[RefreshArgs]) error { // want Work:`^effects: db_read/select; db_write/update-set intents$`
	tx, err := w.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if err := lock(ctx, tx, job.Args.Key); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, "update intents set completed = generation where key = $1", job.Args.Key); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// Scan re-enqueues an outstanding refresh under the completion's lock.
type Scan struct {
	river.WorkerDefaults[ScanArgs]
	Pool *pgxpool.Pool
}

func (w *Scan) Work(ctx context.Context, job *river.Job[ScanArgs]) error { // want Work:`^effects: db_write/insert river_job guarded=processed_jobs; db_read/select; db_read/select intents$`
	client := river.ClientFromContext[pgx.Tx](ctx)
	tx, err := w.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if err := lock(ctx, tx, job.Args.Key); err != nil {
		return err
	}
	var gen, done int64
	if err := tx.QueryRow(ctx, "select generation, completed from intents where key = $1", job.Args.Key).Scan(&gen, &done); err != nil {
		return err
	}
	if gen <= done {
		return nil
	}
	if _, err := client.InsertTx(ctx, tx, RefreshArgs{Key: job.Args.Key}, refreshOpts()); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// Unlocked rechecks without the lock: two deliveries check at once.
type Unlocked struct {
	river.WorkerDefaults[ScanArgs]
	Pool *pgxpool.Pool
}

func (w *Unlocked) Work(ctx context.Context, job *river.Job[ScanArgs]) error { // want Work:`^effects: db_write/insert river_job; db_read/select intents$` `unguarded: handler \(\*livelockfix.Unlocked\).Work \(river task "scan"\) repeats its side effects when a job is delivered twice: insert into river_job`
	client := river.ClientFromContext[pgx.Tx](ctx)
	tx, err := w.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var gen, done int64
	if err := tx.QueryRow(ctx, "select generation, completed from intents where key = $1", job.Args.Key).Scan(&gen, &done); err != nil {
		return err
	}
	if gen <= done {
		return nil
	}
	if _, err := client.InsertTx(ctx, tx, RefreshArgs{Key: job.Args.Key}, refreshOpts()); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// Uncleared checks a table nobody writes: after the refresh has run the
// condition still holds, and a redelivery enqueues it again.
type Uncleared struct {
	river.WorkerDefaults[ScanArgs]
	Pool *pgxpool.Pool
}

func (w *Uncleared) Work(ctx context.Context, job *river.Job[ScanArgs]) error { // want Work:`^effects: db_write/insert river_job; db_read/select; db_read/select backlog$` `unguarded: handler \(\*livelockfix.Uncleared\).Work \(river task "scan"\) repeats its side effects when a job is delivered twice: insert into river_job`
	client := river.ClientFromContext[pgx.Tx](ctx)
	tx, err := w.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if err := lock(ctx, tx, job.Args.Key); err != nil {
		return err
	}
	var gen, done int64
	if err := tx.QueryRow(ctx, "select generation, completed from backlog where key = $1", job.Args.Key).Scan(&gen, &done); err != nil {
		return err
	}
	if gen <= done {
		return nil
	}
	if _, err := client.InsertTx(ctx, tx, RefreshArgs{Key: job.Args.Key}, refreshOpts()); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// NotUnique enqueues without deduplication: a redelivery while the
// first's refresh is still queued inserts a second one.
type NotUnique struct {
	river.WorkerDefaults[ScanArgs]
	Pool *pgxpool.Pool
}

func (w *NotUnique) Work(ctx context.Context, job *river.Job[ScanArgs]) error { // want Work:`^effects: db_write/insert river_job; db_read/select; db_read/select intents$` `unguarded: handler \(\*livelockfix.NotUnique\).Work \(river task "scan"\) repeats its side effects when a job is delivered twice: insert into river_job`
	client := river.ClientFromContext[pgx.Tx](ctx)
	tx, err := w.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if err := lock(ctx, tx, job.Args.Key); err != nil {
		return err
	}
	var gen, done int64
	if err := tx.QueryRow(ctx, "select generation, completed from intents where key = $1", job.Args.Key).Scan(&gen, &done); err != nil {
		return err
	}
	if gen <= done {
		return nil
	}
	if _, err := client.InsertTx(ctx, tx, RefreshArgs{Key: job.Args.Key}, &river.InsertOpts{Queue: "refresh"}); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

func Register(workers *river.Workers, pool *pgxpool.Pool) { // want Register:"no effects"
	river.AddWorker(workers, &Refresh{Pool: pool})
	river.AddWorker(workers, &Scan{Pool: pool})
	river.AddWorker(workers, &Unlocked{Pool: pool})
	river.AddWorker(workers, &Uncleared{Pool: pool})
	river.AddWorker(workers, &NotUnique{Pool: pool})
}
