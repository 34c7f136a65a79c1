// Package txwrapfix covers transactions that reach a claim and its
// effect through the application's own layers: a repository struct built
// around the transaction, and an application helper that runs a callback
// in a transaction (in this package and in another).
package txwrapfix

import (
	"context"
	"database/sql"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"txwrapfix/store"
)

type Deps struct {
	Pool  *pgxpool.Pool
	DB    *sql.DB
	Store *store.Store
}

// RepoLiteral: a repository built around the transaction runs in it.
func (d *Deps) RepoLiteral(ctx context.Context, t *asynq.Task) error { // want RepoLiteral:`^effects: db_write/insert ledger guarded=processed_jobs; db_write/claim processed_jobs$`
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	repo := &store.Repo{DB: tx}
	ok, err := repo.Claim(ctx, t.Type())
	if err != nil || !ok {
		return err
	}
	if err := repo.AddEntry(ctx, string(t.Payload())); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// HelperTx: the other package's helper runs the callback in a transaction.
func (d *Deps) HelperTx(ctx context.Context, t *asynq.Task) error { // want HelperTx:`^effects: db_write/insert ledger guarded=processed_jobs; db_write/claim processed_jobs$`
	return d.Store.InTx(ctx, func(r *store.Repo) error {
		ok, err := r.Claim(ctx, t.Type())
		if err != nil || !ok {
			return err
		}
		return r.AddEntry(ctx, string(t.Payload()))
	})
}

// HelperNoTx: the helper runs it on the pool: the claim commits alone.
func (d *Deps) HelperNoTx(ctx context.Context, t *asynq.Task) error { // want HelperNoTx:`^effects: db_write/insert ledger issue=guard-separate-tx; db_write/claim processed_jobs$` `guard-separate-tx: the claim on processed_jobs commits separately`
	return d.Store.Run(ctx, func(r *store.Repo) error {
		ok, err := r.Claim(ctx, t.Type())
		if err != nil || !ok {
			return err
		}
		return r.AddEntry(ctx, string(t.Payload()))
	})
}

// inRepoTx is this package's helper over pgx.BeginFunc.
func (d *Deps) inRepoTx(ctx context.Context, fn func(r *store.Repo) error) error { // want inRepoTx:`^effects: calls p2; calls p2 in a transaction \(argument 0\)$`
	return pgx.BeginFunc(ctx, d.Pool, func(tx pgx.Tx) error { return fn(&store.Repo{DB: tx}) })
}

// LocalHelperRepo: the callback's repository runs in this package's helper's transaction.
func (d *Deps) LocalHelperRepo(ctx context.Context, t *asynq.Task) error { // want LocalHelperRepo:`^effects: db_write/insert ledger guarded=processed_jobs; db_write/claim processed_jobs$`
	return d.inRepoTx(ctx, func(r *store.Repo) error {
		if ok, err := r.Claim(ctx, t.Type()); err != nil || !ok {
			return err
		}
		return r.AddEntry(ctx, string(t.Payload()))
	})
}

// inSQLTx is this package's helper: database/sql, begin, callback, commit.
func (d *Deps) inSQLTx(ctx context.Context, fn func(tx *sql.Tx) error) error { // want inSQLTx:`^effects: calls p2; calls p2 in a transaction \(argument 0\)$`
	tx, err := d.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := fn(tx); err != nil {
		return err
	}
	return tx.Commit()
}

// LocalHelperTx: the callback's claim and insert share the transaction.
func (d *Deps) LocalHelperTx(ctx context.Context, t *asynq.Task) error { // want LocalHelperTx:`^effects: db_write/insert ledger guarded=processed_jobs; db_write/claim processed_jobs$`
	return d.inSQLTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, "insert into processed_jobs(job_key) values($1) on conflict do nothing", t.Type())
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
		_, err = tx.ExecContext(ctx, "insert into ledger(order_id) values ($1)", string(t.Payload()))
		return err
	})
}

func register(mux *asynq.ServeMux, d *Deps) { // want register:`^no effects$`
	mux.HandleFunc("ledger:repo", d.RepoLiteral)
	mux.HandleFunc("ledger:helper", d.HelperTx)
	mux.HandleFunc("ledger:notx", d.HelperNoTx)
	mux.HandleFunc("ledger:sqltx", d.LocalHelperTx)
	mux.HandleFunc("ledger:localrepo", d.LocalHelperRepo)
}
