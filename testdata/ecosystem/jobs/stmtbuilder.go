package jobs

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/hibiken/asynq"
)

// Prepared statements built by a helper: the helper prepares the text its
// caller passes, after appending filter clauses, so the caller's text is
// the statement's. A SELECT stays a read whatever is appended; a helper
// that appends nothing keeps the caller's INSERT an insert.

// StmtDeps are the statement-builder handlers' clients (database/sql over
// the pgx v5 pool, as stdlib.OpenDBFromPool gives it).
type StmtDeps struct {
	DB *sql.DB
}

// prepareFiltered appends a filter per amount and an order, then prepares.
func prepareFiltered(ctx context.Context, db *sql.DB, query string, amounts []int64) (*sql.Stmt, error) {
	for i := range amounts {
		query += fmt.Sprintf(" AND amount = $%d", i+2)
	}
	query += " ORDER BY id"
	return db.PrepareContext(ctx, query)
}

// prepare prepares the text as it is.
func prepare(ctx context.Context, db *sql.DB, query string) (*sql.Stmt, error) {
	return db.PrepareContext(ctx, query)
}

// StmtSearch reads the customer's orders with a filtered SELECT: safe.
func (d *StmtDeps) StmtSearch(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	st, err := prepareFiltered(ctx, d.DB, "SELECT id FROM orders WHERE ref = $1", []int64{p.Amount})
	if err != nil {
		return err
	}
	defer st.Close()
	rows, err := st.QueryContext(ctx, p.OrderID, p.Amount)
	if err != nil {
		return err
	}
	return rows.Close()
}

// StmtLog appends a row with a statement its helper prepares unchanged:
// an insert, repeated by a redelivery.
func (d *StmtDeps) StmtLog(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	st, err := prepare(ctx, d.DB, "INSERT INTO audit_log (tbl, row_id) VALUES ('stmt', $1)")
	if err != nil {
		return err
	}
	defer st.Close()
	_, err = st.ExecContext(ctx, p.Amount)
	return err
}

// RegisterStmt registers the statement-builder handlers.
func RegisterStmt(mux *asynq.ServeMux, d *StmtDeps) {
	mux.HandleFunc("stmt:search", d.StmtSearch)
	mux.HandleFunc("stmt:log", d.StmtLog)
}
