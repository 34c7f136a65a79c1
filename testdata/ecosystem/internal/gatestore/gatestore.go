// Package gatestore is a pgx v5 store of release gates (changelogue's
// api.PgStore): OpenGate is a compare-and-set from 'pending' on the pool
// that says whether this call moved the row; the events and the runs are
// plain inserts, each on the pool or in a transaction of its own.
package gatestore

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// PgStore runs on the pgx v5 pool.
type PgStore struct{ Pool *pgxpool.Pool }

// Expired lists the pending gates whose time is up.
func (s *PgStore) Expired(ctx context.Context) ([]string, error) {
	rows, err := s.Pool.Query(ctx, `SELECT id FROM gate_readiness WHERE status = 'pending' AND timeout_at < now()`)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

// OpenGate moves the gate out of 'pending': true when this call did.
func (s *PgStore) OpenGate(ctx context.Context, id, status string) (bool, error) {
	tag, err := s.Pool.Exec(ctx, `UPDATE gate_readiness SET status = $2, opened_at = now() WHERE id = $1 AND status = 'pending'`, id, status)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() > 0, nil
}

// OpenGateTx is OpenGate on the caller's transaction.
func (s *PgStore) OpenGateTx(ctx context.Context, tx pgx.Tx, id string) (bool, error) {
	tag, err := tx.Exec(ctx, `UPDATE gate_readiness SET status = 'ready', opened_at = now() WHERE id = $1 AND status = 'pending'`, id)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() > 0, nil
}

// RecordEvent inserts an audit row.
func (s *PgStore) RecordEvent(ctx context.Context, id, kind string) error {
	_, err := s.Pool.Exec(ctx, `INSERT INTO gate_events (readiness_id, kind) VALUES ($1, $2)`, id, kind)
	return err
}

// RecordEventTx inserts it on the caller's transaction.
func (s *PgStore) RecordEventTx(ctx context.Context, tx pgx.Tx, id, kind string) error {
	_, err := tx.Exec(ctx, `INSERT INTO gate_events (readiness_id, kind) VALUES ($1, $2)`, id, kind)
	return err
}

// EnqueueRun inserts a run in a transaction of its own.
func (s *PgStore) EnqueueRun(ctx context.Context, id string) error {
	tx, err := s.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `INSERT INTO gate_runs (readiness_id) VALUES ($1)`, id); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
