// Package repo is a repository layer over pgx: the repository runs on
// whatever handle it is built around, and Store.InTx runs a callback with
// one built around a transaction.
package repo

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// DBTX is the pool or a transaction.
type DBTX interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
}

// Payments is the repository.
type Payments struct {
	DB DBTX
}

// Claim records the job's key; false when an earlier delivery did.
func (p *Payments) Claim(ctx context.Context, key string) (bool, error) {
	tag, err := p.DB.Exec(ctx, `INSERT INTO processed_jobs (job_key) VALUES ($1) ON CONFLICT DO NOTHING`, key)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

// Record inserts a payment.
func (p *Payments) Record(ctx context.Context, order string, amount int64) error {
	_, err := p.DB.Exec(ctx, `INSERT INTO payments (order_id, amount) VALUES ($1, $2)`, order, amount)
	return err
}

// Store owns the pool.
type Store struct {
	Pool *pgxpool.Pool
}

// InTx runs fn with the repository in one transaction.
func (s *Store) InTx(ctx context.Context, fn func(p *Payments) error) error {
	return pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error { return fn(&Payments{DB: tx}) })
}

// OnPool runs fn with the repository on the pool: each statement commits alone.
func (s *Store) OnPool(ctx context.Context, fn func(p *Payments) error) error {
	return fn(&Payments{DB: s.Pool})
}
