// Package storage runs the SQL its callers build (NFT-com/indexer's
// storage/db): a retrier that executes a squirrel InsertBuilder until no
// deadlock, and a text executor on database/sql. The callers reach both
// through interfaces (traits/store): only the whole program joins them.
package storage

import (
	"database/sql"
	"strings"

	sq "github.com/Masterminds/squirrel"
)

// Retrier executes the builder its caller passes.
type Retrier struct{}

// Insert executes query, again on a deadlock.
func (r *Retrier) Insert(query sq.InsertBuilder) error {
	_, err := query.Exec()
	for err != nil && strings.Contains(err.Error(), "deadlock detected") {
		_, err = query.Exec()
	}
	return err
}

// Text runs a SQL text on the pool.
type Text struct{ DB *sql.DB }

// Run executes query with args.
func (t *Text) Run(query string, args ...interface{}) error {
	_, err := t.DB.Exec(query, args...)
	return err
}
