// Package callertx covers a helper that claims and writes on a handle its
// caller passes (ghsync's applyRepositoryTx, internal/store/repository.go:177):
// the claim and the write commit together when the caller passes a
// transaction, or a querier built from one (sqlc's db.New(tx),
// q.WithTx(tx)), and are separate statements when it passes the pool.
// Each call site decides, through as many helpers as pass the handle on.
package callertx

import (
	"context"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"ecosqlc/db"
)

type Deps struct {
	Pool *pgxpool.Pool
	Q    *db.Queries
}

// claimAndCreate claims and inserts on its parameter q: whether they
// commit together is its callers' question.
func claimAndCreate(ctx context.Context, q *db.Queries, key string) error { // want claimAndCreate:`^effects: db_write/insert orders @p1 issue=guard-separate-tx; db_write/claim processed_jobs @p1$`
	n, err := q.ClaimJob(ctx, key)
	if err != nil {
		return err
	}
	if n == 0 {
		return nil
	}
	_, err = q.CreateOrder(ctx, db.CreateOrderParams{Ref: key, Amount: 10})
	return err
}

// passOn hands its own parameter to the helper: its callers decide.
func passOn(ctx context.Context, q *db.Queries, key string) error { // want passOn:`^effects: db_write/insert orders @p1 issue=guard-separate-tx; db_write/claim processed_jobs @p1$`
	return claimAndCreate(ctx, q, key)
}

// claimHereCreateThere claims on q but inserts on the pool: separate
// whatever the caller passes.
func (d *Deps) claimHereCreateThere(ctx context.Context, q *db.Queries, key string) error { // want claimHereCreateThere:`^effects: db_write/insert orders issue=guard-separate-tx; db_write/claim processed_jobs @p2$`
	n, err := q.ClaimJob(ctx, key)
	if err != nil {
		return err
	}
	if n == 0 {
		return nil
	}
	_, err = d.Q.CreateOrder(ctx, db.CreateOrderParams{Ref: key, Amount: 10})
	return err
}

// WithTxArg: the caller passes q.WithTx(tx) in pgx.BeginFunc.
func (d *Deps) WithTxArg(ctx context.Context, t *asynq.Task) error { // want WithTxArg:`^effects: db_write/insert orders guarded=processed_jobs; db_write/claim processed_jobs$`
	return pgx.BeginFunc(ctx, d.Pool, func(tx pgx.Tx) error {
		return claimAndCreate(ctx, d.Q.WithTx(tx), t.Type())
	})
}

// NewTxArg: the caller begins, passes db.New(tx), commits.
func (d *Deps) NewTxArg(ctx context.Context, t *asynq.Task) error { // want NewTxArg:`^effects: db_write/insert orders guarded=processed_jobs; db_write/claim processed_jobs$`
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if err := claimAndCreate(ctx, db.New(tx), t.Type()); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// PassOnTx: two helpers deep, the handler passes a transaction.
func (d *Deps) PassOnTx(ctx context.Context, t *asynq.Task) error { // want PassOnTx:`^effects: db_write/insert orders guarded=processed_jobs; db_write/claim processed_jobs$`
	return pgx.BeginFunc(ctx, d.Pool, func(tx pgx.Tx) error {
		return passOn(ctx, db.New(tx), t.Type())
	})
}

// PoolArg: the caller passes the pool's queries: the claim commits alone.
func (d *Deps) PoolArg(ctx context.Context, t *asynq.Task) error { // want PoolArg:`^effects: db_write/insert orders issue=guard-separate-tx; db_write/claim processed_jobs$` `guard-separate-tx: the claim on processed_jobs commits separately from the insert into orders`
	return claimAndCreate(ctx, d.Q, t.Type())
}

// PassOnPool: two helpers deep, the handler passes the pool. (The
// diagnostic is reported once per claim position, at PoolArg; TestCallerTx
// checks each handler's findings.)
func (d *Deps) PassOnPool(ctx context.Context, t *asynq.Task) error { // want PassOnPool:`^effects: db_write/insert orders issue=guard-separate-tx; db_write/claim processed_jobs$`
	return passOn(ctx, db.New(d.Pool), t.Type())
}

// MixedTx: a transaction for the claim, the pool for the insert.
func (d *Deps) MixedTx(ctx context.Context, t *asynq.Task) error { // want MixedTx:`^effects: db_write/insert orders issue=guard-separate-tx; db_write/claim processed_jobs$`
	return pgx.BeginFunc(ctx, d.Pool, func(tx pgx.Tx) error {
		return d.claimHereCreateThere(ctx, d.Q.WithTx(tx), t.Type())
	})
}

// recordOn inserts on a querier it builds around its parameter
// (ghsync's opsstate.RecordSuccessN, internal/opsstate/heartbeat.go:46).
func recordOn(ctx context.Context, tx db.DBTX, key string) error { // want recordOn:`^effects: db_write/insert orders @p1$`
	_, err := db.New(tx).CreateOrder(ctx, db.CreateOrderParams{Ref: key, Amount: 10})
	return err
}

// claimOnNew claims and inserts on queriers it builds around its
// parameter: its callers decide.
func claimOnNew(ctx context.Context, conn db.DBTX, key string) error { // want claimOnNew:`^effects: db_write/insert orders @p1 issue=guard-separate-tx; db_write/claim processed_jobs @p1$`
	n, err := db.New(conn).ClaimJob(ctx, key)
	if err != nil || n == 0 {
		return err
	}
	return recordOn(ctx, conn, key)
}

// NewTxThenHelper claims on db.New(tx) and inserts through a helper given
// tx (ghsync's completion of a branch page, internal/fetch/handler.go:1094):
// one transaction.
func (d *Deps) NewTxThenHelper(ctx context.Context, t *asynq.Task) error { // want NewTxThenHelper:`^effects: db_write/insert orders guarded=processed_jobs; db_write/claim processed_jobs$`
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	n, err := db.New(tx).ClaimJob(ctx, t.Type())
	if err != nil || n == 0 {
		return err
	}
	if err := recordOn(ctx, tx, t.Type()); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// WithTxThenHelper claims on q.WithTx(tx) and inserts through a helper
// given tx: one transaction (the receiver, the pool's queries, is not
// what WithTx's result runs on).
func (d *Deps) WithTxThenHelper(ctx context.Context, t *asynq.Task) error { // want WithTxThenHelper:`^effects: db_write/insert orders guarded=processed_jobs; db_write/claim processed_jobs$`
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	n, err := d.Q.WithTx(tx).ClaimJob(ctx, t.Type())
	if err != nil || n == 0 {
		return err
	}
	if err := recordOn(ctx, tx, t.Type()); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// WithTxThenReceiver claims on d.Q.WithTx(tx) and inserts on d.Q, the
// pool: separate.
func (d *Deps) WithTxThenReceiver(ctx context.Context, t *asynq.Task) error { // want WithTxThenReceiver:`^effects: db_write/insert orders issue=guard-separate-tx; db_write/claim processed_jobs$`
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	n, err := d.Q.WithTx(tx).ClaimJob(ctx, t.Type())
	if err != nil || n == 0 {
		return err
	}
	if _, err := d.Q.CreateOrder(ctx, db.CreateOrderParams{Ref: t.Type(), Amount: 10}); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// NewTxThenPool claims on db.New(tx) and inserts on the pool: separate.
func (d *Deps) NewTxThenPool(ctx context.Context, t *asynq.Task) error { // want NewTxThenPool:`^effects: db_write/insert orders issue=guard-separate-tx; db_write/claim processed_jobs$`
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	n, err := db.New(tx).ClaimJob(ctx, t.Type())
	if err != nil || n == 0 {
		return err
	}
	if err := recordOn(ctx, d.Pool, t.Type()); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// ConnTx passes a transaction to claimOnNew: one transaction.
func (d *Deps) ConnTx(ctx context.Context, t *asynq.Task) error { // want ConnTx:`^effects: db_write/insert orders guarded=processed_jobs; db_write/claim processed_jobs$`
	return pgx.BeginFunc(ctx, d.Pool, func(tx pgx.Tx) error {
		return claimOnNew(ctx, tx, t.Type())
	})
}

// ConnPool passes the pool to claimOnNew: separate statements.
func (d *Deps) ConnPool(ctx context.Context, t *asynq.Task) error { // want ConnPool:`^effects: db_write/insert orders issue=guard-separate-tx; db_write/claim processed_jobs$`
	return claimOnNew(ctx, d.Pool, t.Type())
}

func register(mux *asynq.ServeMux, d *Deps) { // want register:`^no effects$`
	mux.HandleFunc("callertx:withtx", d.WithTxArg)
	mux.HandleFunc("callertx:newtx", d.NewTxArg)
	mux.HandleFunc("callertx:passontx", d.PassOnTx)
	mux.HandleFunc("callertx:pool", d.PoolArg)
	mux.HandleFunc("callertx:passonpool", d.PassOnPool)
	mux.HandleFunc("callertx:mixed", d.MixedTx)
	mux.HandleFunc("callertx:newtxhelper", d.NewTxThenHelper)
	mux.HandleFunc("callertx:newtxpool", d.NewTxThenPool)
	mux.HandleFunc("callertx:conntx", d.ConnTx)
	mux.HandleFunc("callertx:connpool", d.ConnPool)
	mux.HandleFunc("callertx:withtxhelper", d.WithTxThenHelper)
	mux.HandleFunc("callertx:withtxreceiver", d.WithTxThenReceiver)
}
