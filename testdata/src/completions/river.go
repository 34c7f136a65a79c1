// Package completions covers the framework completions and resumptions
// that guard the database effects of their transaction: River
// JobCompleteTx through sqlc's WithTx, JobCancelTx of the job being
// worked, and ResumableSetStepTx inside a resumable step (river.go); the
// transaction gue commits with the job's deletion (gue.go) and the one
// watermill-sql commits with the consumer's offset (watermill.go).
package completions

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"ecosqlc/db"
)

type OrderArgs struct{ Ref string }

func (OrderArgs) Kind() string { return "order:create" } // want Kind:"no effects" Kind:`const "order:create"`

// SqlcWorker writes through sqlc's q.WithTx(tx) and completes the job on
// the same tx: the generated insert runs in the completed transaction.
type SqlcWorker struct {
	river.WorkerDefaults[OrderArgs]
	Pool *pgxpool.Pool
	Q    *db.Queries
}

func (w *SqlcWorker) Work(ctx context.Context, job *river.Job[OrderArgs]) error { // want Work:`^effects: db_write/insert orders guarded=job_complete_tx; db_write/complete job$`
	tx, err := w.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	q := w.Q.WithTx(tx)
	if _, err := q.CreateOrder(ctx, db.CreateOrderParams{Ref: job.Args.Ref, Amount: 1}); err != nil {
		return err
	}
	if _, err := river.JobCompleteTx[*riverpgxv5.Driver](ctx, tx, job); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

type RefundArgs struct{ Order int64 }

func (RefundArgs) Kind() string { return "refund:once" } // want Kind:"no effects" Kind:`const "refund:once"`

// CancelWorker cancels the job being worked in the transaction of its
// insert: once committed, River never runs the job again (the rescuer and
// the completer cancel a job whose cancel_attempted_at is set).
type CancelWorker struct {
	river.WorkerDefaults[RefundArgs]
	Pool   *pgxpool.Pool
	Client *river.Client[pgx.Tx]
}

func (w *CancelWorker) Work(ctx context.Context, job *river.Job[RefundArgs]) error { // want Work:`^effects: db_write/insert refunds guarded=job_complete_tx; db_write/complete job$`
	tx, err := w.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "insert into refunds(order_id) values ($1)", job.Args.Order); err != nil {
		return err
	}
	if _, err := w.Client.JobCancelTx(ctx, tx, job.ID); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

type ReplaceArgs struct{ Old int64 }

func (ReplaceArgs) Kind() string { return "job:replace" } // want Kind:"no effects" Kind:`const "job:replace"`

// OtherCancelWorker cancels another job (job.Args.Old) in its insert's
// transaction: that is not this job's completion, the insert repeats.
type OtherCancelWorker struct {
	river.WorkerDefaults[ReplaceArgs]
	Pool   *pgxpool.Pool
	Client *river.Client[pgx.Tx]
}

func (w *OtherCancelWorker) Work(ctx context.Context, job *river.Job[ReplaceArgs]) error { // wholewant `^unguarded: .*twice: insert into replacements \(medium\) at` // want Work:`^effects: db_write/insert replacements; db_write/update-set river_job$` `unguarded: handler \(\*completions.OtherCancelWorker\).Work \(river task "job:replace"\) .*insert into replacements`
	tx, err := w.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "insert into replacements(old) values ($1)", job.Args.Old); err != nil {
		return err
	}
	if _, err := w.Client.JobCancelTx(ctx, tx, job.Args.Old); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

type ImportArgs struct{ File string }

func (ImportArgs) Kind() string { return "import:file" } // want Kind:"no effects" Kind:`const "import:file"`

// StepWorker records each step in the transaction of its insert
// (ResumableSetStepTx): a later attempt skips the recorded step. The
// audit insert outside the steps runs on every attempt.
type StepWorker struct {
	river.WorkerDefaults[ImportArgs]
	Pool *pgxpool.Pool
}

func (w *StepWorker) Work(ctx context.Context, job *river.Job[ImportArgs]) error { // wholewant `^unguarded: .*twice: insert into import_audit \(medium\) at` // want Work:`^effects: db_write/insert import_audit; db_write/insert imports guarded=job_complete_tx; db_write/complete step$` `unguarded: handler \(\*completions.StepWorker\).Work \(river task "import:file"\) .*insert into import_audit \(medium\) at completions/river.go:\d+ is not guarded;`
	if _, err := w.Pool.Exec(ctx, "insert into import_audit(file) values ($1)", job.Args.File); err != nil {
		return err
	}
	river.ResumableStep(ctx, "load", nil, func(ctx context.Context) error {
		tx, err := w.Pool.Begin(ctx)
		if err != nil {
			return err
		}
		defer tx.Rollback(ctx)
		if _, err := tx.Exec(ctx, "insert into imports(file) values ($1)", job.Args.File); err != nil {
			return err
		}
		if _, err := river.ResumableSetStepTx[*riverpgxv5.Driver](ctx, tx, job); err != nil {
			return err
		}
		return tx.Commit(ctx)
	})
	return nil
}

type RequeueArgs struct{ Order int64 }

func (RequeueArgs) Kind() string { return "order:requeue" } // want Kind:"no effects" Kind:`const "order:requeue"`

// InsertedCancelWorker cancels the job it has just inserted: a
// *rivertype.JobRow's ID, not the job being worked's.
type InsertedCancelWorker struct {
	river.WorkerDefaults[RequeueArgs]
	Pool   *pgxpool.Pool
	Client *river.Client[pgx.Tx]
}

func (w *InsertedCancelWorker) Work(ctx context.Context, job *river.Job[RequeueArgs]) error { // wholewant `^unguarded: .*twice: insert into river_job \(medium\) at` // want Work:`^effects: db_write/insert river_job; db_write/update-set river_job$` `unguarded: handler \(\*completions.InsertedCancelWorker\).Work \(river task "order:requeue"\) .*insert into river_job`
	tx, err := w.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	res, err := w.Client.InsertTx(ctx, tx, RefundArgs{Order: job.Args.Order}, nil)
	if err != nil {
		return err
	}
	if _, err := w.Client.JobCancelTx(ctx, tx, res.Job.ID); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

type SyncArgs struct{ Table string }

func (SyncArgs) Kind() string { return "sync:table" } // want Kind:"no effects" Kind:`const "sync:table"`

// SharedTxStepWorker records its step on a transaction begun outside the
// step: the insert made before the step, on that same transaction, is
// not the step's and runs again on every attempt (code outside steps
// always runs). The cursor step runs again from its cursor: not a
// completion either.
type SharedTxStepWorker struct {
	river.WorkerDefaults[SyncArgs]
	Pool *pgxpool.Pool
}

func (w *SharedTxStepWorker) Work(ctx context.Context, job *river.Job[SyncArgs]) error { // wholewant `^unguarded: .*twice: insert into sync_runs \(medium\) at` // want Work:`^effects: db_write/insert sync_runs; db_write/insert synced guarded=job_complete_tx; db_write/insert sync_rows; db_write/complete step; db_write/update-set river_job$` `unguarded: handler \(\*completions.SharedTxStepWorker\).Work \(river task "sync:table"\) .*insert into sync_runs \(medium\) at completions/river.go:\d+ is not guarded, nor are 1 other effects`
	tx, err := w.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "insert into sync_runs(t) values ($1)", job.Args.Table); err != nil {
		return err
	}
	river.ResumableStep(ctx, "copy", nil, func(ctx context.Context) error {
		if _, err := tx.Exec(ctx, "insert into synced(t) values ($1)", job.Args.Table); err != nil {
			return err
		}
		_, err := river.ResumableSetStepTx[*riverpgxv5.Driver](ctx, tx, job)
		return err
	})
	river.ResumableStepCursor(ctx, "rows", nil, func(ctx context.Context, after int64) error {
		if _, err := tx.Exec(ctx, "insert into sync_rows(t, after) values ($1, $2)", job.Args.Table, after); err != nil {
			return err
		}
		_, err := river.ResumableSetStepCursorTx[*riverpgxv5.Driver](ctx, tx, job, after+1)
		return err
	})
	return tx.Commit(ctx)
}

// Register wires the workers.
func Register(pool *pgxpool.Pool, client *river.Client[pgx.Tx]) *river.Workers { // want Register:"no effects"
	workers := river.NewWorkers()
	river.AddWorker(workers, &SqlcWorker{Pool: pool, Q: db.New(pool)})
	river.AddWorker(workers, &CancelWorker{Pool: pool, Client: client})
	river.AddWorker(workers, &OtherCancelWorker{Pool: pool, Client: client})
	river.AddWorker(workers, &StepWorker{Pool: pool})
	river.AddWorker(workers, &InsertedCancelWorker{Pool: pool, Client: client})
	river.AddWorker(workers, &SharedTxStepWorker{Pool: pool})
	river.AddWorker(workers, &MaybeTxWorker{Pool: pool, Store: &OrderStore{Pool: pool}})
	registerQuerier(workers, pool, db.New(pool))
	registerDeferred(workers, pool)
	return workers
}
