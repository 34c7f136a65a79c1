package jobs

import (
	"context"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/ecosystem/internal/sqlcdb"
)

// CallerDeps are the clients of the handlers whose helper claims and
// writes on the sqlc querier its caller passes: the caller decides
// whether the claim and the write commit together.
type CallerDeps struct {
	Pool *pgxpool.Pool
	Q    *sqlcdb.Queries // sqlcdb.New(pool)
}

// claimAndCreate claims the job and creates the order on q.
func claimAndCreate(ctx context.Context, q *sqlcdb.Queries, key string) error {
	n, err := q.ClaimJob(ctx, key)
	if err != nil {
		return err
	}
	if n == 0 {
		return nil // delivered before
	}
	_, err = q.CreateOrder(ctx, sqlcdb.CreateOrderParams{Ref: key, Amount: 10})
	return err
}

// passOn hands its own querier to the helper.
func passOn(ctx context.Context, q *sqlcdb.Queries, key string) error {
	return claimAndCreate(ctx, q, key)
}

// CallerWithTx passes q.WithTx(tx) in pgx.BeginFunc: one transaction
// (guarded).
func (d *CallerDeps) CallerWithTx(ctx context.Context, t *asynq.Task) error {
	return pgx.BeginFunc(ctx, d.Pool, func(tx pgx.Tx) error {
		return claimAndCreate(ctx, d.Q.WithTx(tx), t.Type())
	})
}

// CallerNewTx begins, passes sqlcdb.New(tx) two helpers deep, commits:
// one transaction (guarded).
func (d *CallerDeps) CallerNewTx(ctx context.Context, t *asynq.Task) error {
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if err := passOn(ctx, sqlcdb.New(tx), t.Type()); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// CallerPool passes the pool's querier: the claim commits alone
// (guard-separate-tx).
func (d *CallerDeps) CallerPool(ctx context.Context, t *asynq.Task) error {
	return claimAndCreate(ctx, d.Q, t.Type())
}

// CallerNewPool passes sqlcdb.New(pool) two helpers deep: separate too.
func (d *CallerDeps) CallerNewPool(ctx context.Context, t *asynq.Task) error {
	return passOn(ctx, sqlcdb.New(d.Pool), t.Type())
}

// RegisterCallerTx registers the handlers.
func RegisterCallerTx(mux *asynq.ServeMux, d *CallerDeps) {
	mux.HandleFunc("callertx:withtx", d.CallerWithTx)
	mux.HandleFunc("callertx:newtx", d.CallerNewTx)
	mux.HandleFunc("callertx:pool", d.CallerPool)
	mux.HandleFunc("callertx:newpool", d.CallerNewPool)
}
