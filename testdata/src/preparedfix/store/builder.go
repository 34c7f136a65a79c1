package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
)

// A statement builder: the caller's query with filters appended, prepared
// on the transaction when there is one (dendrite's prepareWithFilters).
func prepareFiltered(db *sql.DB, tx *sql.Tx, query string, senders []string, limit int) (*sql.Stmt, error) { // want prepareFiltered:"^effects: prepares p2 with clauses appended$"
	for i := range senders {
		query += fmt.Sprintf(" and sender = $%d", i+2)
	}
	if limit > 0 {
		query += " order by id limit 10"
	}
	if tx != nil {
		return tx.Prepare(query)
	}
	return db.Prepare(query)
}

// prepareAs prepares the text it is given as it is.
func prepareAs(db *sql.DB, query string) (*sql.Stmt, error) { // want prepareAs:"^effects: prepares p1$"
	return db.Prepare(query)
}

// A SELECT stays a read whatever clauses are appended.
func Search(ctx context.Context, db *sql.DB, tx *sql.Tx, senders []string, types string) error { // want Search:`^effects: db_read/select events$`
	q := strings.Replace("select body from events where id > $1 and type in ($2)", "($2)", types, 1)
	st, err := prepareFiltered(db, tx, q, senders, 5)
	if err != nil {
		return err
	}
	_, err = TxStmt(tx, st).QueryContext(ctx)
	return err
}

// Near miss: appended clauses could make an INSERT idempotent (on
// conflict do nothing), so an INSERT through the appending builder is not
// decided.
func InsertFiltered(ctx context.Context, db *sql.DB, tx *sql.Tx) error { // want InsertFiltered:`^effects: db_write/unknown$`
	st, err := prepareFiltered(db, tx, "insert into events(body) values ($1)", nil, 0)
	if err != nil {
		return err
	}
	_, err = st.ExecContext(ctx, "x")
	return err
}

// A builder that appends nothing keeps the caller's statement whatever it is.
func InsertAs(ctx context.Context, db *sql.DB) error { // want InsertAs:`^effects: db_write/insert events$`
	st, err := prepareAs(db, "insert into events(body) values ($1)")
	if err != nil {
		return err
	}
	_, err = st.ExecContext(ctx, "x")
	return err
}
