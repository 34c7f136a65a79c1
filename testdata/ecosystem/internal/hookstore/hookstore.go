// Package hookstore claims a job's key and runs the caller's hook in the
// claim's transaction: a hook factory gets what the claim did and returns
// the closure to run, or nil (ghsync's stack hook).
package hookstore

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Result says what the claim did: Key is known before it, Claimed only
// the delivery that took the key sets.
type Result struct {
	Key     string
	Claimed bool
}

// TxHook runs in the claim's transaction.
type TxHook func(ctx context.Context, tx pgx.Tx) error

// PaidHook makes the hook for a paid order.
type PaidHook func(Result) TxHook

// Store claims keys on its pool.
type Store struct{ Pool *pgxpool.Pool }

// ClaimPaid claims key and runs hook's closure in the same transaction.
func (s *Store) ClaimPaid(ctx context.Context, key string, hook PaidHook) error {
	tx, err := s.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	result := Result{Key: key}
	tag, err := tx.Exec(ctx, `INSERT INTO processed_jobs (job_key) VALUES ($1) ON CONFLICT DO NOTHING`, key)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 1 {
		result.Claimed = true
	}
	if txHook := hook(result); txHook != nil {
		if err := txHook(ctx, tx); err != nil {
			return err
		}
	}
	return tx.Commit(ctx)
}
