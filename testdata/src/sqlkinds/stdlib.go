package sqlkinds

import (
	"context"
	"database/sql"
)

// Every database/sql executor method, each inserting into a table named
// after it, so that the summary lists them in source order.

func viaDB(ctx context.Context, db *sql.DB) { // want viaDB:`^effects: db_write/insert db_exec @p1; db_write/insert db_query @p1; db_write/insert db_query_row @p1; db_write/insert db_exec_ctx @p1; db_write/insert db_query_ctx @p1; db_write/insert db_query_row_ctx @p1$`
	db.Exec("insert into db_exec(k) values ($1)", 1)
	db.Query("insert into db_query(k) values ($1) returning k", 1)
	db.QueryRow("insert into db_query_row(k) values ($1) returning k", 1)
	db.ExecContext(ctx, "insert into db_exec_ctx(k) values ($1)", 1)
	db.QueryContext(ctx, "insert into db_query_ctx(k) values ($1) returning k", 1)
	db.QueryRowContext(ctx, "insert into db_query_row_ctx(k) values ($1) returning k", 1)
}

func viaTx(ctx context.Context, tx *sql.Tx) { // want viaTx:`^effects: db_write/insert tx_exec @p1; db_write/insert tx_query @p1; db_write/insert tx_query_row @p1; db_write/insert tx_exec_ctx @p1; db_write/insert tx_query_ctx @p1; db_write/insert tx_query_row_ctx @p1$`
	tx.Exec("insert into tx_exec(k) values ($1)", 1)
	tx.Query("insert into tx_query(k) values ($1) returning k", 1)
	tx.QueryRow("insert into tx_query_row(k) values ($1) returning k", 1)
	tx.ExecContext(ctx, "insert into tx_exec_ctx(k) values ($1)", 1)
	tx.QueryContext(ctx, "insert into tx_query_ctx(k) values ($1) returning k", 1)
	tx.QueryRowContext(ctx, "insert into tx_query_row_ctx(k) values ($1) returning k", 1)
}

func viaConn(ctx context.Context, conn *sql.Conn) { // want viaConn:`^effects: db_write/insert conn_exec_ctx @p1; db_write/insert conn_query_ctx @p1; db_write/insert conn_query_row_ctx @p1$`
	conn.ExecContext(ctx, "insert into conn_exec_ctx(k) values ($1)", 1)
	conn.QueryContext(ctx, "insert into conn_query_ctx(k) values ($1) returning k", 1)
	conn.QueryRowContext(ctx, "insert into conn_query_row_ctx(k) values ($1) returning k", 1)
}

// A transaction begun here runs on no parameter of the function.
func viaBegunTx(ctx context.Context, db *sql.DB) error { // want viaBegunTx:`^effects: db_write/delete sessions$`
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, "delete from sessions where id = $1", 1); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// A package-level handle is no parameter either.
var defaultDB *sql.DB

func viaPackageDB(ctx context.Context) { // want viaPackageDB:`^effects: db_write/update-set accounts$`
	defaultDB.ExecContext(ctx, "update accounts set status = 'open' where id = $1", 1)
}

// A user interface with the shape of database/sql's ExecContext is an
// executor by the structural rule.
type execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

func viaExecer(ctx context.Context, e execer) { // want viaExecer:`^effects: db_write/upsert-increment counters @p1$`
	e.ExecContext(ctx, "insert into counters(k, n) values ($1, 1) on conflict (k) do update set n = counters.n + 1", "k")
}

// The receiver is parameter 0.
type store struct{ db *sql.DB }

func (s *store) viaField(ctx context.Context) { // want viaField:`^effects: db_write/insert audit$`
	s.db.ExecContext(ctx, insertAudit, "field")
}

type dbHandle sql.DB

func (h *dbHandle) viaReceiver(ctx context.Context) { // want viaReceiver:`^effects: db_write/insert audit @p0$`
	(*sql.DB)(h).ExecContext(ctx, insertAudit, "receiver")
}
