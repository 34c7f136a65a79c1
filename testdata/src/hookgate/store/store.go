// Package store applies a record under a claim and runs the caller's
// hook in the claim's transaction: the hook factory gets the result of
// the apply and returns the closure to run, or nil (ghsync's
// ApplyStackObserved and its stack hook).
package store

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Result says what the apply did. Key is known before the claim;
// Applied and Changed only the first delivery sets.
type Result struct {
	Key     string
	Applied bool
	Changed []string
}

type TxHook func(ctx context.Context, tx pgx.Tx) error

type Hook func(Result) TxHook

type Store struct{ Pool *pgxpool.Pool }

// Each caller's hook has its own apply method, as ghsync's entity types
// do: the whole program resolves a hook call to every factory that
// reaches it.

func (s *Store) ApplyItem(ctx context.Context, key string, hook Hook) error {
	tx, err := s.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var result Result
	result = Result{Key: key}
	tag, err := tx.Exec(ctx, "insert into processed (key) values ($1) on conflict do nothing", key)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 1 {
		result.Applied = true
		result.Changed = append(result.Changed, key)
	}
	if hook != nil {
		if txHook := hook(result); txHook != nil {
			if err := txHook(ctx, tx); err != nil {
				return err
			}
		}
	}
	return tx.Commit(ctx)
}

func (s *Store) ApplyKey(ctx context.Context, key string, hook Hook) error {
	tx, err := s.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var result Result
	result = Result{Key: key}
	tag, err := tx.Exec(ctx, "insert into processed (key) values ($1) on conflict do nothing", key)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 1 {
		result.Applied = true
		result.Changed = append(result.Changed, key)
	}
	if hook != nil {
		if txHook := hook(result); txHook != nil {
			if err := txHook(ctx, tx); err != nil {
				return err
			}
		}
	}
	return tx.Commit(ctx)
}

func (s *Store) ApplyAlways(ctx context.Context, key string, hook Hook) error {
	tx, err := s.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var result Result
	result = Result{Key: key}
	tag, err := tx.Exec(ctx, "insert into processed (key) values ($1) on conflict do nothing", key)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 1 {
		result.Applied = true
		result.Changed = append(result.Changed, key)
	}
	if hook != nil {
		if txHook := hook(result); txHook != nil {
			if err := txHook(ctx, tx); err != nil {
				return err
			}
		}
	}
	return tx.Commit(ctx)
}

func (s *Store) ApplyPool(ctx context.Context, key string, hook Hook) error {
	tx, err := s.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var result Result
	result = Result{Key: key}
	tag, err := tx.Exec(ctx, "insert into processed (key) values ($1) on conflict do nothing", key)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 1 {
		result.Applied = true
		result.Changed = append(result.Changed, key)
	}
	if hook != nil {
		if txHook := hook(result); txHook != nil {
			if err := txHook(ctx, tx); err != nil {
				return err
			}
		}
	}
	return tx.Commit(ctx)
}
