// Package checkactwhole checks, acts and records through a store
// interface: per package the read, the act and the record are unknown
// interface calls; over the whole program they resolve to the store's
// SQL, and the check of devices, the delete nobody counts and the
// decrement after it are check-then-act. A store whose delete is tested
// (the rows it deleted decide the decrement) is not.
package checkactwhole

import (
	"context"
	"database/sql"

	"github.com/hibiken/asynq"
)

// Store is the application's store.
type Store interface {
	CountRemoved(ctx context.Context) (int, error)
	DeleteRemoved(ctx context.Context) error
	Decrement(ctx context.Context, n int) error
}

type pgStore struct{ db *sql.DB }

func (p *pgStore) CountRemoved(ctx context.Context) (int, error) {
	var n int
	err := p.db.QueryRowContext(ctx, "select count(*) from devices where removed_at < now()").Scan(&n)
	return n, err
}

func (p *pgStore) DeleteRemoved(ctx context.Context) error {
	_, err := p.db.ExecContext(ctx, "delete from devices where removed_at < now()")
	return err
}

func (p *pgStore) Decrement(ctx context.Context, n int) error {
	_, err := p.db.ExecContext(ctx, "update namespaces set removed = removed - $1", n)
	return err
}

type service struct{ store Store }

// Cleanup: the check, the delete and the decrement all through the
// interface.
func (s *service) Cleanup(ctx context.Context, _ *asynq.Task) error {
	n, err := s.store.CountRemoved(ctx)
	if err != nil {
		return err
	}
	if n == 0 {
		return nil
	}
	if err := s.store.DeleteRemoved(ctx); err != nil {
		return err
	}
	return s.store.Decrement(ctx, n)
}

// Register wires the jobs.
func Register(db *sql.DB) *asynq.ServeMux {
	s := &service{store: &pgStore{db: db}}
	mux := asynq.NewServeMux()
	mux.HandleFunc("cleanup", s.Cleanup)
	return mux
}
