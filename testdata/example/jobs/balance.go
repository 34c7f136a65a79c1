package jobs

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
)

// IncrementArgs adds Amount to the balance of Account.
type IncrementArgs struct {
	Account int64 `json:"account"`
	Amount  int64 `json:"amount"`
}

// Kind is the River job kind.
func (IncrementArgs) Kind() string { return "balance:increment" }

// IncrementWorker adds to a balance with no guard: every attempt adds again.
type IncrementWorker struct {
	river.WorkerDefaults[IncrementArgs]
	Pool *pgxpool.Pool
}

// Work applies the increment.
func (w *IncrementWorker) Work(ctx context.Context, job *river.Job[IncrementArgs]) error {
	_, err := w.Pool.Exec(ctx, "update accounts set balance = balance + $1 where id = $2", job.Args.Amount, job.Args.Account)
	return err
}

// LedgerArgs records a ledger entry for an order.
type LedgerArgs struct {
	OrderID string `json:"order_id"`
	Account int64  `json:"account"`
	Amount  int64  `json:"amount"`
}

// Kind is the River job kind.
func (LedgerArgs) Kind() string { return "ledger:complete-tx" }

// LedgerWorker writes the ledger row and completes the job in one transaction,
// so a redelivered job is already completed and cannot write the row again.
type LedgerWorker struct {
	river.WorkerDefaults[LedgerArgs]
	Pool *pgxpool.Pool
}

// Work inserts the row and marks the job completed, atomically.
func (w *LedgerWorker) Work(ctx context.Context, job *river.Job[LedgerArgs]) error {
	tx, err := w.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "insert into ledger(account, amount, order_id) values($1, $2, $3)", job.Args.Account, job.Args.Amount, job.Args.OrderID); err != nil {
		return err
	}
	if _, err := river.JobCompleteTx[*riverpgxv5.Driver](ctx, tx, job); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// InsertOpts gives ledger jobs 5 attempts (overriding the client's 10).
func (LedgerArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{MaxAttempts: 5}
}
