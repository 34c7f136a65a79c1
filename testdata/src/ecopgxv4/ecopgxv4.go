// Package ecopgxv4 runs SQL through pgx v4: the pool, a connection
// acquired from it, a transaction from Begin and one from BeginFunc, with
// a claim in the transaction.
package ecopgxv4

import (
	"context"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v4"
	"github.com/jackc/pgx/v4/pgxpool"
)

type Deps struct{ Pool *pgxpool.Pool }

func (d *Deps) Credit(ctx context.Context, t *asynq.Task) error { // want Credit:`^effects: db_write/update-increment accounts$` `unguarded: handler \(\*ecopgxv4.Deps\).Credit .*repeats .*update-increment of accounts`
	_, err := d.Pool.Exec(ctx, "update accounts set balance = balance + 1 where id = $1", t.Type())
	return err
}

func (d *Deps) Claimed(ctx context.Context, t *asynq.Task) error { // want Claimed:`^effects: db_write/insert ledger guarded=processed_jobs; db_write/claim processed_jobs$`
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	tag, err := tx.Exec(ctx, "insert into processed_jobs (job_key) values ($1) on conflict do nothing", t.Type())
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return nil
	}
	if _, err := tx.Exec(ctx, "insert into ledger (k) values ($1)", t.Type()); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

func (d *Deps) InFunc(ctx context.Context, t *asynq.Task) error { // want InFunc:`^effects: db_write/insert audit$` `unguarded: handler \(\*ecopgxv4.Deps\).InFunc .*repeats .*insert into audit`
	return d.Pool.BeginFunc(ctx, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, "insert into audit (k) values ($1)", t.Type())
		return err
	})
}

// Acquired runs its insert on a connection acquired from the pool: the
// SQL is the statement's, acquiring and releasing add nothing.
func (d *Deps) Acquired(ctx context.Context, t *asynq.Task) error { // want Acquired:`^effects: db_write/insert orders$` `unguarded: handler \(\*ecopgxv4.Deps\).Acquired .*repeats .*insert into orders`
	conn, err := d.Pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	_, err = conn.Exec(ctx, "INSERT INTO orders(order_uid, body) VALUES ($1, $2)", t.Type(), t.Payload())
	return err
}

func Register(mux *asynq.ServeMux, d *Deps) { // want Register:"no effects"
	mux.HandleFunc("credit", d.Credit)
	mux.HandleFunc("acquired", d.Acquired)
	mux.HandleFunc("claimed", d.Claimed)
	mux.HandleFunc("infunc", d.InFunc)
}
