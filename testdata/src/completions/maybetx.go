package completions

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"ecosqlc/db"
)

type MaybeTxArgs struct{ Ref string }

func (MaybeTxArgs) Kind() string { return "order:maybe-tx" } // want Kind:"no effects" Kind:`const "order:maybe-tx"`

// MaybeTxWorker switches its sqlc handle to the transaction behind a
// condition (q := db.New(pool); if tx != nil { q = q.WithTx(tx) }), here
// and in a store method given the transaction: either handle is the tx
// on the edge that has one, and the job is completed in that tx.
type MaybeTxWorker struct {
	river.WorkerDefaults[MaybeTxArgs]
	Pool  *pgxpool.Pool
	Store *OrderStore
}

func (w *MaybeTxWorker) Work(ctx context.Context, job *river.Job[MaybeTxArgs]) error { // want Work:`^effects: db_write/insert orders guarded=job_complete_tx; db_write/complete job$`
	var tx pgx.Tx
	if job.Args.Ref != "" {
		t, err := w.Pool.Begin(ctx)
		if err != nil {
			return err
		}
		defer t.Rollback(ctx)
		tx = t
	}
	q := db.New(w.Pool)
	if tx != nil {
		q = q.WithTx(tx)
	}
	if _, err := q.CreateOrder(ctx, db.CreateOrderParams{Ref: job.Args.Ref, Amount: 1}); err != nil {
		return err
	}
	if err := w.Store.Create(ctx, tx, job.Args.Ref); err != nil {
		return err
	}
	if _, err := river.JobCompleteTx[*riverpgxv5.Driver](ctx, tx, job); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// OrderStore runs on the transaction it is given, else on the pool.
type OrderStore struct{ Pool *pgxpool.Pool }

func (s *OrderStore) Create(ctx context.Context, tx pgx.Tx, ref string) error { // want Create:`^effects: db_write/insert orders @p2$`
	q := db.New(s.Pool)
	if tx != nil {
		q = q.WithTx(tx)
	}
	_, err := q.CreateOrder(ctx, db.CreateOrderParams{Ref: ref, Amount: 2})
	return err
}
