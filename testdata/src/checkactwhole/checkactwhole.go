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
	// Match looks the event up and creates its subscriptions.
	Match(ctx context.Context, id string) (bool, error)
	MarkSent(ctx context.Context, id string) error
	Deliver(ctx context.Context, id string) error
	Status(ctx context.Context, id string) (string, error)
	Audit(ctx context.Context, id string) error
}

type pgStore struct{ db *sql.DB }

func (p *pgStore) CountRemoved(ctx context.Context) (int, error) {
	var n int
	err := p.db.QueryRowContext(ctx, "select count(*) from devices where removed_at < now()").Scan(&n) // want `^check-then-act: this check of devices and the rows deleted`
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

func (p *pgStore) Match(ctx context.Context, id string) (bool, error) {
	var dup bool
	if err := p.db.QueryRowContext(ctx, "select duplicate from events where id = $1", id).Scan(&dup); err != nil {
		return false, err
	}
	_, err := p.db.ExecContext(ctx, "insert into subscriptions (event_id) values ($1)", id)
	return dup, err
}

func (p *pgStore) MarkSent(ctx context.Context, id string) error {
	_, err := p.db.ExecContext(ctx, "update events set status = 'sent' where id = $1", id)
	return err
}

func (p *pgStore) Deliver(ctx context.Context, id string) error {
	_, err := p.db.ExecContext(ctx, "insert into deliveries (event_id) values ($1)", id)
	return err
}

func (p *pgStore) Status(ctx context.Context, id string) (string, error) {
	var st string
	err := p.db.QueryRowContext(ctx, "select status from events where id = $1", id).Scan(&st) // want `^check-then-act: this check of events and the status written`
	return st, err
}

func (p *pgStore) Audit(ctx context.Context, id string) error {
	_, err := p.db.ExecContext(ctx, "insert into audit (event_id) values ($1)", id)
	return err
}

type service struct{ store Store }

// Ship: the status read, the mark and the delivery through the interface,
// and a deferred closure that records the failure: the check covers the
// closure's insert as it covers the delivery.
func (s *service) Ship(ctx context.Context, t *asynq.Task) (err error) {
	id := string(t.Payload())
	st, err := s.store.Status(ctx, id)
	if err != nil {
		return err
	}
	if st == "sent" {
		return nil
	}
	defer func() {
		if err != nil {
			_ = s.store.Audit(ctx, id)
		}
	}()
	if err := s.store.MarkSent(ctx, id); err != nil {
		return err
	}
	return s.store.Deliver(ctx, id)
}

// Match: the call whose answer decides the branch also writes (it creates
// the subscriptions): it acts itself, it is not a check.
func (s *service) Match(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: insert into subscriptions \(medium\) at`
	dup, err := s.store.Match(ctx, string(t.Payload()))
	if err != nil {
		return err
	}
	if dup {
		return nil
	}
	if err := s.store.Deliver(ctx, string(t.Payload())); err != nil {
		return err
	}
	return s.store.MarkSent(ctx, string(t.Payload()))
}

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
	mux.HandleFunc("match", s.Match)
	mux.HandleFunc("ship", s.Ship)
	return mux
}
