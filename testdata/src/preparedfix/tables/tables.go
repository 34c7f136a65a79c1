// Package tables prepares its statements through sqlutil's list and runs
// them through sqlutil.TxStmt, which reassigns its parameter.
package tables

import (
	"context"
	"database/sql"
	_ "embed"
	"flag"
	"fmt"
	"strings"

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

// SQL kept in a package variable because part of it is formatted (dendrite's
// membership table): only its declaration assigns it, so it is as constant
// as a const, prepared in the list or run directly.
const stateJoin = 3

var selectJoinedSQL = "" +
	"SELECT target_nid, COUNT(room_nid) FROM memberships" +
	" WHERE room_nid = ANY($1)" +
	" AND membership_nid = " + fmt.Sprintf("%d", stateJoin) +
	" GROUP BY target_nid"

var selectJoinedInSQL = "" +
	"SELECT target_nid FROM memberships WHERE room_nid IN ($1)" +
	" AND membership_nid = " + fmt.Sprintf("%d", stateJoin)

type memberStatements struct {
	db           *sql.DB
	selectJoined *sql.Stmt // want selectJoined:`prepared \["SELECT target_nid, COUNT`
}

func NewMembers(db *sql.DB) (*memberStatements, error) { // want NewMembers:"no effects"
	m := &memberStatements{db: db}
	return m, sqlutil.StatementList{
		{&m.selectJoined, selectJoinedSQL},
	}.Prepare(db)
}

func (m *memberStatements) SelectJoined(ctx context.Context, txn *sql.Tx) (*sql.Rows, error) { // want SelectJoined:`^effects: db_read/select memberships$`
	return sqlutil.TxStmt(txn, m.selectJoined).QueryContext(ctx, 1)
}

func (m *memberStatements) SelectJoinedIn(ctx context.Context, n int) (*sql.Rows, error) { // want SelectJoinedIn:`^effects: db_read/select memberships$`
	query := strings.Replace(selectJoinedInSQL, "($1)", sqlutil.QueryVariadic(n), 1)
	return m.db.QueryContext(ctx, query)
}

// Near misses: a variable another function assigns, an exported one
// (another package may assign it) and one whose address is taken may hold
// other SQL at run time: unknown.
var purgeSQL = "SELECT 1 FROM memberships"

func SetPurge(q string) { purgeSQL = q } // want SetPurge:`^effects: memory_write/set tables.purgeSQL$`

var ExportedSQL = "SELECT 1 FROM memberships"

var flaggedSQL = "SELECT 1 FROM memberships"

func init() { // want init:"no effects"
	flag.StringVar(&flaggedSQL, "flagged-sql", flaggedSQL, "")
}

func (m *memberStatements) RunPurge(ctx context.Context) error { // want RunPurge:`^effects: db_write/unknown$`
	_, err := m.db.ExecContext(ctx, purgeSQL)
	return err
}

func (m *memberStatements) RunExported(ctx context.Context) error { // want RunExported:`^effects: db_write/unknown$`
	_, err := m.db.ExecContext(ctx, ExportedSQL)
	return err
}

func (m *memberStatements) RunFlagged(ctx context.Context) error { // want RunFlagged:`^effects: db_write/unknown$`
	_, err := m.db.ExecContext(ctx, flaggedSQL)
	return err
}

// SQL kept in a file the program embeds: the variable is the file's text.
//
//go:embed purge_receipts.sql
var purgeReceiptsSQL string

func (r *receiptStatements) PurgeReceipts(ctx context.Context, room string) error { // want PurgeReceipts:`^effects: db_write/delete receipts$`
	_, err := r.db.ExecContext(ctx, purgeReceiptsSQL, room)
	return err
}

// Near miss: a glob may select another file than the one a reviewer
// reads: unread.
//
//go:embed glob_*.sql
var globSQL string

func (r *receiptStatements) RunGlob(ctx context.Context) error { // want RunGlob:`^effects: db_write/unknown$`
	_, err := r.db.ExecContext(ctx, globSQL)
	return err
}
