// Package txcallback runs its jobs' writes in callbacks handed to a
// store's WithTransaction through an interface: the closure a method
// returns, a closure literal, and a function kept in a field. Over the
// whole program the callbacks' effects are the handlers' (they were
// dropped, and the handlers came out with no effect at all).
package txcallback

import (
	"context"
	"database/sql"

	"github.com/hibiken/asynq"
)

// TxFunc runs inside a transaction.
type TxFunc func(ctx context.Context) error

// Store is the application's store.
type Store interface {
	WithTransaction(ctx context.Context, fn TxFunc) error
}

type pgStore struct{ db *sql.DB }

func (p *pgStore) WithTransaction(ctx context.Context, fn TxFunc) error {
	tx, err := p.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(ctx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

type service struct {
	store Store
	db    *sql.DB
	purge TxFunc
}

// decrement is a closure a method returns.
func (s *service) decrement() TxFunc {
	return func(ctx context.Context) error {
		_, err := s.db.ExecContext(ctx, "update namespaces set removed = removed - 1")
		return err
	}
}

func (s *service) Decrement(ctx context.Context, _ *asynq.Task) error { // want `^unguarded: .*twice: update-increment of namespaces \(medium\) at`
	return s.store.WithTransaction(ctx, s.decrement())
}

func (s *service) Audit(ctx context.Context, _ *asynq.Task) error { // want `^unguarded: .*twice: insert into audit \(medium\) at`
	return s.store.WithTransaction(ctx, func(ctx context.Context) error {
		_, err := s.db.ExecContext(ctx, "insert into audit(at) values (now())")
		return err
	})
}

func (s *service) Purge(ctx context.Context, _ *asynq.Task) error {
	return s.store.WithTransaction(ctx, s.purge)
}

func purgeSessions(ctx context.Context) error { return nil }

// Register wires the jobs.
func Register(db *sql.DB) *asynq.ServeMux {
	s := &service{store: &pgStore{db: db}, db: db, purge: purgeSessions}
	mux := asynq.NewServeMux()
	mux.HandleFunc("decrement", s.Decrement)
	mux.HandleFunc("audit", s.Audit)
	mux.HandleFunc("purge", s.Purge)
	return mux
}
