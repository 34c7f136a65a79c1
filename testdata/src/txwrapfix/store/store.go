// Package store is an application's data layer: a repository over a
// handle that may be the pool or a transaction, and helpers that run a
// callback in a transaction.
package store

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// DBTX is what the repository runs on: the pool or a transaction.
type DBTX interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
}

// Repo is the repository.
type Repo struct {
	DB DBTX
}

// Claim records the job's key; false when an earlier delivery did.
func (r *Repo) Claim(ctx context.Context, key string) (bool, error) { // want Claim:`^effects: db_write/claim processed_jobs @p0; returns claim result 0 \(first\)$`
	tag, err := r.DB.Exec(ctx, "insert into processed_jobs(job_key) values($1) on conflict do nothing", key)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

// AddEntry appends a ledger row.
func (r *Repo) AddEntry(ctx context.Context, order string) error { // want AddEntry:`^effects: db_write/insert ledger @p0$`
	_, err := r.DB.Exec(ctx, "insert into ledger(order_id) values ($1)", order)
	return err
}

// Store owns the pool.
type Store struct {
	Pool *pgxpool.Pool
}

// InTx runs fn with a repository in one transaction.
func (s *Store) InTx(ctx context.Context, fn func(r *Repo) error) error { // want InTx:`^effects: calls p2; calls p2 in a transaction \(argument 0\)$`
	return pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		return fn(&Repo{DB: tx})
	})
}

// Run runs fn with a repository on the pool: every statement commits alone.
func (s *Store) Run(ctx context.Context, fn func(r *Repo) error) error { // want Run:`^effects: calls p2$`
	return fn(&Repo{DB: s.Pool})
}
