// Package store keeps prepared statements in struct fields, prepared
// directly or through a statement list, and runs them through a
// TxStmt-like helper: their SQL decides the effects.
package store

import (
	"context"
	"database/sql"
)

type Statements struct {
	insertStmt *sql.Stmt // want insertStmt:`prepared \["insert into events\(body\) values \(\$1\)"\]`
	selectStmt *sql.Stmt // want selectStmt:`prepared \["select body from events"\]`
	bumpStmt   *sql.Stmt // want bumpStmt:`prepared \["update counters set n = n \+ 1 where id = \$1"\]`
}

type stmt struct {
	Statement **sql.Stmt
	SQL       string
}

type List []stmt

// Prepare prepares each statement into its field.
func (l List) Prepare(db *sql.DB) error { // want Prepare:"no effects"
	for _, s := range l {
		p, err := db.Prepare(s.SQL)
		if err != nil {
			return err
		}
		*s.Statement = p
	}
	return nil
}

func New(db *sql.DB) (*Statements, error) { // want New:"no effects"
	s := &Statements{}
	var err error
	if s.bumpStmt, err = db.Prepare("update counters set n = n + 1 where id = $1"); err != nil {
		return nil, err
	}
	return s, List{
		{&s.insertStmt, "insert into events(body) values ($1)"},
		{&s.selectStmt, "select body from events"},
	}.Prepare(db)
}

// TxStmt runs a statement in tx when there is one.
func TxStmt(tx *sql.Tx, st *sql.Stmt) *sql.Stmt { // want TxStmt:"effects: returns the statement p1"
	if tx != nil {
		return tx.Stmt(st)
	}
	return st
}

func (s *Statements) Insert(ctx context.Context, tx *sql.Tx, body string) error { // want Insert:`^effects: db_write/insert events$`
	_, err := TxStmt(tx, s.insertStmt).ExecContext(ctx, body)
	return err
}

func (s *Statements) Select(ctx context.Context) error { // want Select:`^effects: db_read/select events$`
	_, err := s.selectStmt.QueryContext(ctx)
	return err
}

func (s *Statements) Bump(ctx context.Context, id int) error { // want Bump:`^effects: db_write/update-increment counters$`
	_, err := s.bumpStmt.ExecContext(ctx, id)
	return err
}

// Run executes the statement it is given: its callers' statement decides.
func Run(ctx context.Context, st *sql.Stmt) error { // want Run:`^effects: db_write/unknown stmt=p1$`
	_, err := st.ExecContext(ctx)
	return err
}
