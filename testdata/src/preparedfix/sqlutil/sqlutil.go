// Package sqlutil is dendrite's shape of a statement list: an anonymous
// struct element, the prepared statement stored by a tuple assignment, in
// another package than the tables that use it.
package sqlutil

import (
	"database/sql"
	"fmt"
)

type StatementList []struct {
	Statement **sql.Stmt
	SQL       string
}

func (s StatementList) Prepare(db *sql.DB) (err error) { // want Prepare:"no effects"
	for _, statement := range s {
		if *statement.Statement, err = db.Prepare(statement.SQL); err != nil {
			err = fmt.Errorf("Error %q while preparing statement: %s", err, statement.SQL)
			return
		}
	}
	return
}

func TxStmt(transaction *sql.Tx, statement *sql.Stmt) *sql.Stmt { // want TxStmt:"effects: returns the statement p1"
	if transaction != nil {
		statement = transaction.Stmt(statement)
	}
	return statement
}

// QueryVariadic is dendrite's placeholder list: ($1, $2, …).
func QueryVariadic(count int) string { // want QueryVariadic:"no effects"
	str := "("
	for i := 0; i < count; i++ {
		str += fmt.Sprintf("$%d", i+1)
		if i < count-1 {
			str += ", "
		}
	}
	return str + ")"
}
