// Package store holds the shop's ledger writes.
package store

import (
	"context"

	"github.com/jackc/pgx/v5/pgconn"
)

// Execer runs a statement; pgx.Tx, *pgxpool.Pool and *pgx.Conn all satisfy it.
type Execer interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
}

// AddEntry appends a ledger row crediting amount to account for orderID.
func AddEntry(ctx context.Context, db Execer, account, amount int64, orderID string) error {
	_, err := db.Exec(ctx, "insert into ledger(account, amount, order_id) values($1, $2, $3)", account, amount, orderID)
	return err
}

// Auditor records audit events.
type Auditor struct{ DB Execer }

// Record appends an audit row; it is handed to jobs.Deps as a func value.
func (a *Auditor) Record(ctx context.Context, msg string) error {
	_, err := a.DB.Exec(ctx, "insert into audit_log(tbl, row_id) values($1, 0)", msg)
	return err
}
