// Package store is natkeynest's repository (convoy's datastore and
// database/postgres): an EventRepo interface and its SQL implementation,
// which inserts the event with its UID as the table's only-id primary key.
package store

import (
	"context"
	"database/sql"
	"time"
)

type Event struct {
	UID   string
	Type  string
	Acked time.Time
}

// EventRepo is the application's repository.
type EventRepo interface {
	CreateEvent(ctx context.Context, e *Event) error
}

type sqlRepo struct{ db *sql.DB }

func NewEventRepo(db *sql.DB) EventRepo { return &sqlRepo{db: db} }

const insertEvent = `INSERT INTO nk_events (id, event_type) VALUES ($1, $2)`

func (r *sqlRepo) CreateEvent(ctx context.Context, e *Event) error {
	_, err := r.db.ExecContext(ctx, insertEvent, e.UID, e.Type)
	return err
}
