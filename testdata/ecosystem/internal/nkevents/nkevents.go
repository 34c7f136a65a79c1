// Package nkevents is a pgx v5 repository of nk_events (convoy's
// database/postgres event repository): the row's only key is its id,
// which CreateEvent fills with the event's UID.
package nkevents

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// Event is a row of nk_events.
type Event struct {
	UID   string
	Type  string
	Acked time.Time
}

// Repo is the application's event repository.
type Repo interface {
	CreateEvent(ctx context.Context, e *Event) error
}

// PgRepo writes nk_events on the pgx v5 pool.
type PgRepo struct{ Pool *pgxpool.Pool }

// CreateEvent inserts the event under its UID: a second insert of the
// same event fails on the primary key.
func (r *PgRepo) CreateEvent(ctx context.Context, e *Event) error {
	_, err := r.Pool.Exec(ctx, `insert into nk_events (id, event_type, acked_at) values ($1, $2, $3)`, e.UID, e.Type, e.Acked)
	return err
}
