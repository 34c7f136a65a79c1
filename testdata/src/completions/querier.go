package completions

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"ecosqlc/db"
)

// Querier is the application's interface over sqlc's queries with the
// WithTx sqlc leaves out of its generated interface: WithTx returns the
// interface, not a pointer, and the handle bound to the transaction is
// passed on to a helper.
type Querier interface {
	CreateOrder(ctx context.Context, arg db.CreateOrderParams) (db.Order, error)
	WithTx(tx pgx.Tx) Querier
}

type queries struct{ *db.Queries }

func (q *queries) WithTx(tx pgx.Tx) Querier { // want WithTx:"no effects" WithTx:`^returns \*completions.queries$`
	return &queries{Queries: q.Queries.WithTx(tx)}
}

// NewQuerier wraps the generated queries.
func NewQuerier(q *db.Queries) Querier { return &queries{Queries: q} } // want NewQuerier:"no effects" NewQuerier:`^returns \*completions.queries$`

type QuerierArgs struct{ Ref string }

func (QuerierArgs) Kind() string { return "order:querier" } // want Kind:"no effects" Kind:`const "order:querier"`

// QuerierWorker binds its querier interface to the transaction
// (u.querier.WithTx(tx)), records through a helper given that handle, and
// completes the job in the same transaction.
type QuerierWorker struct {
	river.WorkerDefaults[QuerierArgs]
	Pool    *pgxpool.Pool
	Querier Querier
}

// Per package the insert is an interface call read by its name; it carries
// the completion (txguard) that guards the write it is, once the whole
// program resolves it (cmd/jobeffects' TestTxGuard) or its name is read.
func (w *QuerierWorker) Work(ctx context.Context, job *river.Job[QuerierArgs]) error { // want Work:`^effects: dynamic_call/call \(completions.Querier\).WithTx; dynamic_call/call \(completions.Querier\).CreateOrder txguard=job_complete_tx reads=db_write/insert; db_write/complete job$` `unresolved: go vet cannot tell`
	tx, err := w.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	txq := w.Querier.WithTx(tx)
	if err := recordOrder(ctx, txq, job.Args.Ref); err != nil {
		return err
	}
	if _, err := river.JobCompleteTx[*riverpgxv5.Driver](ctx, tx, job); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

func recordOrder(ctx context.Context, q Querier, ref string) error { // want recordOrder:`^effects: dynamic_call/call \(completions.Querier\).CreateOrder reads=db_write/insert$`
	_, err := q.CreateOrder(ctx, db.CreateOrderParams{Ref: ref, Amount: 3})
	return err
}

func registerQuerier(workers *river.Workers, pool *pgxpool.Pool, q *db.Queries) { // want registerQuerier:`^no effects$`
	river.AddWorker(workers, &QuerierWorker{Pool: pool, Querier: NewQuerier(q)})
}

// DeferredRollbackWorker keeps the transaction in a variable its deferred
// closure also uses (a heap cell: every use is a load of it), binds the
// querier from one load and completes the job with another.
type DeferredRollbackWorker struct {
	river.WorkerDefaults[DeferredArgs]
	Pool *pgxpool.Pool
	Q    *db.Queries
}

type DeferredArgs struct{ Ref string }

func (DeferredArgs) Kind() string { return "order:deferred" } // want Kind:"no effects" Kind:`const "order:deferred"`

func (w *DeferredRollbackWorker) Work(ctx context.Context, job *river.Job[DeferredArgs]) error { // want Work:`^effects: db_write/insert orders guarded=job_complete_tx; db_write/complete job$`
	tx, err := w.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer func() {
		err = tx.Rollback(ctx)
	}()
	q := w.Q.WithTx(tx)
	if _, err := q.CreateOrder(ctx, db.CreateOrderParams{Ref: job.Args.Ref, Amount: 4}); err != nil {
		return err
	}
	if _, err := river.JobCompleteTx[*riverpgxv5.Driver](ctx, tx, job); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

func registerDeferred(workers *river.Workers, pool *pgxpool.Pool) { // want registerDeferred:`^no effects$`
	river.AddWorker(workers, &DeferredRollbackWorker{Pool: pool, Q: db.New(pool)})
}
