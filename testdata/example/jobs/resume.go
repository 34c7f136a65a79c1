package jobs

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
)

// RefundArgs refunds an order once.
type RefundArgs struct {
	OrderID string `json:"order_id"`
	Amount  int64  `json:"amount"`
}

// Kind is the River job kind.
func (RefundArgs) Kind() string { return "refund:cancel-tx" }

// RefundWorker writes the refund row and cancels its own job in the same
// transaction: once that commits, River does not run the job again.
type RefundWorker struct {
	river.WorkerDefaults[RefundArgs]
	Pool *pgxpool.Pool
}

// Work inserts the refund and cancels the job being worked, atomically.
func (w *RefundWorker) Work(ctx context.Context, job *river.Job[RefundArgs]) error {
	client := river.ClientFromContext[pgx.Tx](ctx)
	tx, err := w.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "insert into refunds(order_id, amount) values($1, $2)", job.Args.OrderID, job.Args.Amount); err != nil {
		return err
	}
	if _, err := client.JobCancelTx(ctx, tx, job.ID); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// ImportArgs imports a file in resumable steps.
type ImportArgs struct {
	File string `json:"file"`
}

// Kind is the River job kind.
func (ImportArgs) Kind() string { return "import:steps" }

// ImportWorker records its load step as completed in the transaction of
// the step's insert: a later attempt skips the step.
type ImportWorker struct {
	river.WorkerDefaults[ImportArgs]
	Pool *pgxpool.Pool
}

// Work runs the load step.
func (w *ImportWorker) Work(ctx context.Context, job *river.Job[ImportArgs]) error {
	river.ResumableStep(ctx, "load", nil, func(ctx context.Context) error {
		tx, err := w.Pool.Begin(ctx)
		if err != nil {
			return err
		}
		defer tx.Rollback(ctx)
		if _, err := tx.Exec(ctx, "insert into imports(file) values($1)", job.Args.File); err != nil {
			return err
		}
		if _, err := river.ResumableSetStepTx[*riverpgxv5.Driver](ctx, tx, job); err != nil {
			return err
		}
		return tx.Commit(ctx)
	})
	return nil
}
