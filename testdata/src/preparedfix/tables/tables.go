// Package tables prepares its statements through sqlutil's list and runs
// them through sqlutil.TxStmt, which reassigns its parameter.
package tables

import (
	"context"
	"database/sql"

	"preparedfix/sqlutil"
)

const upsertReceipt = "" +
	"INSERT INTO receipts (room_id, user_id) VALUES ($1, $2)" +
	" ON CONFLICT (room_id, user_id) DO UPDATE SET user_id = $2"

type receiptStatements struct {
	db            *sql.DB
	upsertReceipt *sql.Stmt // want upsertReceipt:`prepared \["INSERT INTO receipts`
}

func NewReceipts(db *sql.DB) (*receiptStatements, error) { // want NewReceipts:"no effects"
	r := &receiptStatements{db: db}
	return r, sqlutil.StatementList{
		{&r.upsertReceipt, upsertReceipt},
	}.Prepare(db)
}

func (r *receiptStatements) UpsertReceipt(ctx context.Context, txn *sql.Tx, room, user string) error { // want UpsertReceipt:`^effects: db_write/upsert-set receipts$`
	stmt := sqlutil.TxStmt(txn, r.upsertReceipt)
	_, err := stmt.ExecContext(ctx, room, user)
	return err
}
