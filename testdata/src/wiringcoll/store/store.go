// Package store is the repository's implementation.
package store

import (
	"context"
	"database/sql"
)

type Store struct{ db *sql.DB }

func New(db *sql.DB) *Store { return &Store{db: db} }

func (s *Store) CreateNotification(ctx context.Context, msg string) error {
	_, err := s.db.ExecContext(ctx, "insert into notifications (msg) values ($1)", msg)
	return err
}
