// Package lockstore is a pgx v5 store whose compare-and-sets report a
// lost claim as an error made there (roxy's postgres.DB): Lock claims a
// mail lock row (insert … on conflict do nothing, then value 0 → 1),
// Unlock moves it on, Save is an optimistic lock on the version Load
// read, and AddRun inserts through Query, whose rows it only closes (pgx
// reports the statement's failure in the rows' Err).
package lockstore

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5/pgxpool"
)

// PgStore runs on the pgx v5 pool.
type PgStore struct{ Pool *pgxpool.Pool }

// Doc is a versioned document.
type Doc struct {
	ID      string
	State   string
	Version int
}

// Lock claims the mail lock of (id, kind): an error when another
// delivery holds or released it.
func (s *PgStore) Lock(ctx context.Context, id, kind string) error {
	if _, err := s.Pool.Exec(ctx, `INSERT INTO mail_locks (id, kind, value) VALUES ($1, $2, 0) ON CONFLICT (id, kind) DO NOTHING`, id, kind); err != nil {
		return fmt.Errorf("can't insert lock: %w", err)
	}
	tag, err := s.Pool.Exec(ctx, `UPDATE mail_locks SET value = 1 WHERE id = $1 AND kind = $2 AND value = 0`, id, kind)
	if err != nil {
		return fmt.Errorf("can't lock: %w", err)
	}
	if tag.RowsAffected() != 1 {
		return fmt.Errorf("can't lock %s, no records found", id)
	}
	return nil
}

// Unlock moves a held lock to value (2 sent, 0 free again).
func (s *PgStore) Unlock(ctx context.Context, id, kind string, value int) error {
	tag, err := s.Pool.Exec(ctx, `UPDATE mail_locks SET value = $3 WHERE id = $1 AND kind = $2 AND value = 1`, id, kind, value)
	if err != nil {
		return fmt.Errorf("can't unlock: %w", err)
	}
	if tag.RowsAffected() != 1 {
		return fmt.Errorf("can't unlock %s, no records found", id)
	}
	return nil
}

// Load reads a document with its version.
func (s *PgStore) Load(ctx context.Context, id string) (*Doc, error) {
	var d Doc
	if err := s.Pool.QueryRow(ctx, `SELECT id, state, version FROM lock_docs WHERE id = $1`, id).Scan(&d.ID, &d.State, &d.Version); err != nil {
		return nil, err
	}
	return &d, nil
}

// Save writes the document if it still has the version d holds.
func (s *PgStore) Save(ctx context.Context, d *Doc) error {
	tag, err := s.Pool.Exec(ctx, `UPDATE lock_docs SET state = $3, version = $2 + 1 WHERE id = $1 AND version = $2`, d.ID, d.Version, d.State)
	if err != nil {
		return fmt.Errorf("can't save: %w", err)
	}
	if tag.RowsAffected() != 1 {
		return fmt.Errorf("can't save %s, no records found", d.ID)
	}
	return nil
}

// AddRun inserts a run; the rows are only closed.
func (s *PgStore) AddRun(ctx context.Context, key string) error {
	rows, err := s.Pool.Query(ctx, `INSERT INTO lock_runs (run_key) VALUES ($1)`, key)
	if err != nil {
		return fmt.Errorf("can't insert run: %w", err)
	}
	defer rows.Close()
	return nil
}

// AddRunChecked inserts a run and returns the statement's failure.
func (s *PgStore) AddRunChecked(ctx context.Context, key string) error {
	rows, err := s.Pool.Query(ctx, `INSERT INTO lock_runs (run_key) VALUES ($1)`, key)
	if err != nil {
		return fmt.Errorf("can't insert run: %w", err)
	}
	rows.Close()
	return rows.Err()
}
