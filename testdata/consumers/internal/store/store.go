// Package store writes the consumers' rows with database/sql.
package store

import (
	"context"
	"database/sql"
)

// Store wraps the database.
type Store struct{ DB *sql.DB }

// AddShipment appends a shipment row: a second delivery adds a second one.
func (s *Store) AddShipment(ctx context.Context, orderID string) error {
	_, err := s.DB.ExecContext(ctx, "insert into shipments (order_id) values ($1)", orderID)
	return err
}

// AddPayment appends a payment row.
func (s *Store) AddPayment(ctx context.Context, orderID string, amount int64) error {
	_, err := s.DB.ExecContext(ctx, "insert into payments (order_id, amount) values ($1, $2)", orderID, amount)
	return err
}

// CountClick increments a counter.
func (s *Store) CountClick(ctx context.Context, page string) error {
	_, err := s.DB.ExecContext(ctx, "update page_stats set clicks = clicks + 1 where page = $1", page)
	return err
}

// SetStatus overwrites an order's status: naturally idempotent.
func (s *Store) SetStatus(ctx context.Context, orderID, status string) error {
	_, err := s.DB.ExecContext(ctx, "update orders set status = $2 where id = $1", orderID, status)
	return err
}

// RecordOnce appends an audit row once per message id: the claim and the
// insert run in one transaction, and the insert only when the claim wins.
func (s *Store) RecordOnce(ctx context.Context, msgID, body string) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, "insert into processed_messages (id) values ($1) on conflict do nothing", msgID)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return err // already processed
	}
	if _, err := tx.ExecContext(ctx, "insert into audit_log (msg_id, body) values ($1, $2)", msgID, body); err != nil {
		return err
	}
	return tx.Commit()
}

// AddLine appends a filtered line.
func (s *Store) AddLine(ctx context.Context, line string) error {
	_, err := s.DB.ExecContext(ctx, "insert into lines (data) values ($1)", line)
	return err
}
