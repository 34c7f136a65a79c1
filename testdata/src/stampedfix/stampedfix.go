// Package stampedfix covers an insert … select of the rows its
// transaction stamped with its clock (sqlclass and summary stamped.go): an
// upsert changes a run's row only when its status differs and stamps it
// with now(); the history copies the runs whose synced_at is now(), in
// the same transaction. A second delivery's upsert changes no row, so the
// copy copies none (guarded). Near misses: the upsert with no WHERE
// stamps every row again, another write stamps the column on every run,
// and a stamp compared with a value the job carries matches the first
// delivery's rows again.
package stampedfix

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
)

type RunArgs struct {
	ID     int64
	Status string
	At     time.Time
}

func (RunArgs) Kind() string { return "run" } // want Kind:"no effects" Kind:`const "run"`

type Deps struct{ Pool *pgxpool.Pool }

const upsertIfChanged = `insert into runs (id, status, synced_at) values ($1, $2, now())
	on conflict (id) do update set status = excluded.status, synced_at = excluded.synced_at
	where runs.status is distinct from excluded.status`

const copyStamped = `insert into run_history (run_id, status)
	select runs.id, runs.status from runs where runs.id = $1 and runs.synced_at = now()`

// Stamped: the conditional upsert and the copy of what it stamped, in
// one transaction.
type Stamped struct {
	river.WorkerDefaults[RunArgs]
	Deps
}

func (w *Stamped) Work(ctx context.Context, job *river.Job[RunArgs]) error { // want Work:`^effects: db_write/insert run_history guarded=processed_jobs; db_write/upsert-set runs; db_write/update-set runs$`
	tx, err := w.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, upsertIfChanged, job.Args.ID, job.Args.Status); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `update runs set last_checked_at = now() where id = $1`, job.Args.ID); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, copyStamped, job.Args.ID); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// Helpers: the same statements in helpers given the transaction, as a
// generated query layer runs them.
type Helpers struct {
	river.WorkerDefaults[RunArgs]
	Deps
}

func upsertRun(ctx context.Context, tx pgx.Tx, id int64, status string) error { // want upsertRun:`^effects: db_write/upsert-set runs @p1$`
	_, err := tx.Exec(ctx, upsertIfChanged, id, status)
	return err
}

func copyRun(ctx context.Context, tx pgx.Tx, id int64) error { // want copyRun:`^effects: db_write/insert run_history @p1$`
	_, err := tx.Exec(ctx, copyStamped, id)
	return err
}

func (w *Helpers) Work(ctx context.Context, job *river.Job[RunArgs]) error { // want Work:`^effects: db_write/insert run_history guarded=processed_jobs; db_write/upsert-set runs$`
	tx, err := w.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if err := upsertRun(ctx, tx, job.Args.ID, job.Args.Status); err != nil {
		return err
	}
	if err := copyRun(ctx, tx, job.Args.ID); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// Near miss: the upsert has no WHERE, so it stamps the row again on
// every delivery and the copy repeats.
type Always struct {
	river.WorkerDefaults[RunArgs]
	Deps
}

func (w *Always) Work(ctx context.Context, job *river.Job[RunArgs]) error { // want Work:`^effects: db_write/insert run_history; db_write/upsert-set runs$` `unguarded: handler \(\*stampedfix.Always\).Work .* insert into run_history`
	tx, err := w.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `insert into runs (id, status, synced_at) values ($1, $2, now())
	on conflict (id) do update set status = excluded.status, synced_at = excluded.synced_at`, job.Args.ID, job.Args.Status); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, copyStamped, job.Args.ID); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// Near miss: a second write stamps the column whatever changed.
type Touched struct {
	river.WorkerDefaults[RunArgs]
	Deps
}

func (w *Touched) Work(ctx context.Context, job *river.Job[RunArgs]) error { // want Work:`^effects: db_write/insert run_history; db_write/upsert-set runs; db_write/update-set runs$` `unguarded: handler \(\*stampedfix.Touched\).Work .* insert into run_history`
	tx, err := w.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, upsertIfChanged, job.Args.ID, job.Args.Status); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `update runs set synced_at = now() where id = $1`, job.Args.ID); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, copyStamped, job.Args.ID); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// Near miss: the stamp is a time the job carries, the same on every
// delivery: the first delivery's rows match again.
type Carried struct {
	river.WorkerDefaults[RunArgs]
	Deps
}

func (w *Carried) Work(ctx context.Context, job *river.Job[RunArgs]) error { // want Work:`^effects: db_write/insert run_history; db_write/upsert-set runs$` `unguarded: handler \(\*stampedfix.Carried\).Work .* insert into run_history`
	tx, err := w.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `insert into runs (id, status, synced_at) values ($1, $2, $3)
	on conflict (id) do update set status = excluded.status, synced_at = excluded.synced_at
	where runs.status is distinct from excluded.status`, job.Args.ID, job.Args.Status, job.Args.At); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `insert into run_history (run_id, status)
	select runs.id, runs.status from runs where runs.id = $1 and runs.synced_at = $2`, job.Args.ID, job.Args.At); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// The stamp as a parameter (stampclock.go): the helper that begins the
// transaction reads the database clock once and hands it to the callback
// in an unexported field; the callback copies it into the record it
// writes, and the query helpers take it in a params struct, as a
// generated query layer does. The value is new in every transaction, as
// now() is: guarded.
type clockTx struct {
	tx pgx.Tx
	at time.Time
}

func withClock(ctx context.Context, pool *pgxpool.Pool, fn func(clockTx) error) error { // want withClock:`^effects: db_read/select; calls p2; calls p2 in a transaction \(argument 0, fields 0\)$`
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var at time.Time
	if err := tx.QueryRow(ctx, `select clock_timestamp()`).Scan(&at); err != nil {
		return err
	}
	if err := fn(clockTx{tx: tx, at: at}); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

type RunParams struct {
	ID       int64
	Status   string
	SyncedAt time.Time
}

func upsertRunAt(ctx context.Context, tx pgx.Tx, arg RunParams) error { // want upsertRunAt:`^effects: db_write/upsert-set runs @p1$`
	_, err := tx.Exec(ctx, `insert into runs (id, status, synced_at) values ($1, $2, $3)
	on conflict (id) do update set status = excluded.status, synced_at = excluded.synced_at
	where runs.status is distinct from excluded.status`, arg.ID, arg.Status, arg.SyncedAt)
	return err
}

func copyRunAt(ctx context.Context, tx pgx.Tx, arg RunParams) error { // want copyRunAt:`^effects: db_write/insert run_history @p1$`
	_, err := tx.Exec(ctx, `insert into run_history (run_id, status)
	select runs.id, runs.status from runs where runs.id = $1 and runs.synced_at = $2`, arg.ID, arg.SyncedAt)
	return err
}

type runRecord struct {
	ID       int64
	Status   string
	SyncedAt time.Time
}

type Clocked struct {
	river.WorkerDefaults[RunArgs]
	Deps
}

func (w *Clocked) Work(ctx context.Context, job *river.Job[RunArgs]) error { // want Work:`^effects: db_write/insert run_history guarded=processed_jobs; db_read/select; db_write/upsert-set runs$`
	rec := &runRecord{ID: job.Args.ID, Status: job.Args.Status}
	return withClock(ctx, w.Pool, func(c clockTx) error {
		rec.SyncedAt = c.at
		if err := upsertRunAt(ctx, c.tx, RunParams{ID: rec.ID, Status: rec.Status, SyncedAt: rec.SyncedAt}); err != nil {
			return err
		}
		return copyRunAt(ctx, c.tx, RunParams{ID: rec.ID, SyncedAt: rec.SyncedAt})
	})
}

// Near miss: the same helpers given the time the job carries: the first
// delivery's rows carry it and match again.
type ClockedCarried struct {
	river.WorkerDefaults[RunArgs]
	Deps
}

func (w *ClockedCarried) Work(ctx context.Context, job *river.Job[RunArgs]) error { // want Work:`^effects: db_write/insert run_history; db_read/select; db_write/upsert-set runs$` `unguarded: handler \(\*stampedfix.ClockedCarried\).Work .* insert into run_history`
	rec := &runRecord{ID: job.Args.ID, Status: job.Args.Status}
	return withClock(ctx, w.Pool, func(c clockTx) error {
		rec.SyncedAt = job.Args.At
		if err := upsertRunAt(ctx, c.tx, RunParams{ID: rec.ID, Status: rec.Status, SyncedAt: rec.SyncedAt}); err != nil {
			return err
		}
		return copyRunAt(ctx, c.tx, RunParams{ID: rec.ID, SyncedAt: rec.SyncedAt})
	})
}

func Register(ws *river.Workers, d Deps) { // want Register:"no effects"
	river.AddWorker(ws, &Stamped{Deps: d})
	river.AddWorker(ws, &Helpers{Deps: d})
	river.AddWorker(ws, &Always{Deps: d})
	river.AddWorker(ws, &Touched{Deps: d})
	river.AddWorker(ws, &Carried{Deps: d})
	river.AddWorker(ws, &Clocked{Deps: d})
	river.AddWorker(ws, &ClockedCarried{Deps: d})
}
