// Package db is the retrier a repository runs its SQL through: it
// executes the query builder or text its caller passes, retrying on a
// deadlock (NFT-com/indexer's storage/db.Retrier).
package db

import (
	"database/sql"
	"strings"

	sq "github.com/Masterminds/squirrel"
)

type Retrier struct{}

func (r *Retrier) Insert(query sq.InsertBuilder) error {
	_, err := query.Exec()
	for err != nil && strings.Contains(err.Error(), "deadlock detected") {
		_, err = query.Exec()
	}
	return err
}

// Text runs a SQL text on the pool (a method no SQL executor's name: read as one
// only by its body).
type Text struct{ DB *sql.DB }

func (t *Text) Run(query string, args ...interface{}) error {
	_, err := t.DB.Exec(query, args...)
	return err
}
