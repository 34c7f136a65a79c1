// Package riverforms registers River workers in every supported form: a
// worker struct (AddWorker, AddWorkerSafely, AddWorkerArgs) and a work
// function (WorkFunc). The task is the args type's Kind().
package riverforms

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
)

type CountArgs struct{ Key string }

func (CountArgs) Kind() string { return "count:bump" } // want Kind:"no effects" Kind:`const "count:bump"`

type CountWorker struct {
	river.WorkerDefaults[CountArgs]
	Pool *pgxpool.Pool
}

func (w *CountWorker) Work(ctx context.Context, job *river.Job[CountArgs]) error { // want Work:"db_write/update-increment counters" `unguarded: handler \(\*riverforms.CountWorker\).Work \(river task "count:bump"\) .*update-increment of counters`
	_, err := w.Pool.Exec(ctx, "update counters set n = n + 1 where k = $1", job.Args.Key)
	return err
}

type LedgerArgs struct{ Amount int64 }

func (LedgerArgs) Kind() string { return "ledger:append" } // want Kind:"no effects" Kind:`const "ledger:append"`

// LedgerWorker completes the job in the transaction that writes the row:
// a redelivery cannot repeat the insert.
type LedgerWorker struct {
	river.WorkerDefaults[LedgerArgs]
	Pool *pgxpool.Pool
}

func (w *LedgerWorker) Work(ctx context.Context, job *river.Job[LedgerArgs]) error { // want Work:"db_write/insert ledger guarded=job_complete_tx"
	tx, err := w.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "insert into ledger(amount) values ($1)", job.Args.Amount); err != nil {
		return err
	}
	if _, err := river.JobCompleteTx[*riverpgxv5.Driver](ctx, tx, job); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

type AuditArgs struct{ Msg string }

func (AuditArgs) Kind() string { return "audit:write" } // want Kind:"no effects" Kind:`const "audit:write"`

// AuditWorker completes the job in one transaction but writes on the pool:
// the completion does not cover the write.
type AuditWorker struct {
	river.WorkerDefaults[AuditArgs]
	Pool *pgxpool.Pool
}

func (w *AuditWorker) Work(ctx context.Context, job *river.Job[AuditArgs]) error { // want Work:"db_write/insert audit" `unguarded: handler \(\*riverforms.AuditWorker\).Work \(river task "audit:write"\)`
	if _, err := w.Pool.Exec(ctx, "insert into audit(msg) values ($1)", job.Args.Msg); err != nil {
		return err
	}
	tx, err := w.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	if _, err := river.JobCompleteTx[*riverpgxv5.Driver](ctx, tx, job); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

type NoteArgs struct{ Text string }

func (NoteArgs) Kind() string { return "note:add" } // want Kind:"no effects" Kind:`const "note:add"`

// InsertOpts dedupes note:add at insert time, which is not a guard.
func (NoteArgs) InsertOpts() river.InsertOpts { // want InsertOpts:"no effects"
	return river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

type NoteWorker struct {
	river.WorkerDefaults[NoteArgs]
	Pool *pgxpool.Pool
}

func (w *NoteWorker) Work(ctx context.Context, job *river.Job[NoteArgs]) error { // want Work:"db_write/insert notes" `unguarded: handler \(\*riverforms.NoteWorker\).Work \(river task "note:add"\).*; river UniqueOpts at riverforms/riverforms.go:\d+ dedupes enqueueing only`
	_, err := w.Pool.Exec(ctx, "insert into notes(text) values ($1)", job.Args.Text)
	return err
}

type RenameArgs struct{ ID, Name string }

func (RenameArgs) Kind() string { return "user:rename" } // want Kind:"no effects" Kind:`const "user:rename"`

type PingArgs struct{}

func (PingArgs) Kind() string { return "ping" } // want Kind:"no effects" Kind:`const "ping"`

// Register wires every worker.
func Register(pool *pgxpool.Pool) (*river.Workers, error) { // want Register:"no effects"
	workers := river.NewWorkers()
	river.AddWorker(workers, &CountWorker{Pool: pool})
	river.AddWorker(workers, &LedgerWorker{Pool: pool})
	if err := river.AddWorkerSafely(workers, &AuditWorker{Pool: pool}); err != nil {
		return nil, err
	}
	river.AddWorkerArgs(workers, NoteArgs{}, &NoteWorker{Pool: pool})
	river.AddWorker(workers, river.WorkFunc(func(ctx context.Context, job *river.Job[RenameArgs]) error { // want `unguarded: handler riverforms.Register.func1 \(river task "user:rename"\) .*update-increment of users`
		_, err := pool.Exec(ctx, "update users set renames = renames + 1, name = $2 where id = $1", job.Args.ID, job.Args.Name)
		return err
	}))
	river.AddWorker(workers, river.WorkFunc(func(ctx context.Context, job *river.Job[PingArgs]) error {
		_, err := pool.Exec(ctx, "select 1")
		return err
	}))
	_, err := river.NewClient(riverpgxv5.New(pool), &river.Config{Workers: workers})
	return workers, err
}
