// Package store builds the traits' SQL with squirrel (one row per trait,
// added in a loop) and hands it to a retrier, or a text to an executor,
// behind interfaces (NFT-com/indexer's trait batches): the SQL is this
// package's, its execution another package's.
package store

import (
	"database/sql"

	sq "github.com/Masterminds/squirrel"
)

// Retrier runs a query builder.
type Retrier interface {
	Insert(query sq.InsertBuilder) error
}

// Execer runs a SQL text.
type Execer interface {
	Run(query string, args ...interface{}) error
}

// Repo holds the builder and the executors.
type Repo struct {
	build   sq.StatementBuilderType
	retrier Retrier
	text    Execer
}

// NewRepo builds the repository on db.
func NewRepo(db *sql.DB, r Retrier, x Execer) *Repo {
	return &Repo{build: sq.StatementBuilder.RunWith(db).PlaceholderFormat(sq.Dollar), retrier: r, text: x}
}

// Upsert writes one row per trait, keyed by (item_id, name): a second run
// overwrites the same rows.
func (n *Repo) Upsert(item string, traits []string) error {
	q := n.build.Insert("item_traits").Columns("item_id", "name").
		Suffix("ON CONFLICT (item_id, name) DO UPDATE SET seen_at = now()")
	for _, t := range traits {
		q = q.Values(item, t)
	}
	return n.retrier.Insert(q)
}

// Append adds one note row per trait on every run.
func (n *Repo) Append(item string, traits []string) error {
	q := n.build.Insert("trait_notes").Columns("item_id", "note")
	for _, t := range traits {
		q = q.Values(item, t)
	}
	return n.retrier.Insert(q)
}

// Touch sets a column by key, as a text.
func (n *Repo) Touch(item string) error {
	return n.text.Run("UPDATE items SET indexed = true WHERE id = $1", item)
}
