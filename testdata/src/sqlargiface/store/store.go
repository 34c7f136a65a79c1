// Package store holds repositories that build their SQL and hand it to a
// retrier behind an interface: the SQL is this package's, its execution
// the retrier's (another package, known to the whole program only).
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

type Repo struct {
	build   sq.StatementBuilderType
	retrier Retrier
	text    Execer
}

func NewRepo(db *sql.DB, r Retrier, x Execer) *Repo {
	return &Repo{build: sq.StatementBuilder.RunWith(db).PlaceholderFormat(sq.Dollar), retrier: r, text: x}
}

// Upsert is keyed by the item's id: a second run overwrites the row.
func (n *Repo) Upsert(id, name string) error {
	query := n.build.Insert("sa_items").Columns("id", "name").Values(id, name).
		Suffix("ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name")
	return n.retrier.Insert(query)
}

// Append adds a row on every run.
func (n *Repo) Append(item, note string) error {
	query := n.build.Insert("sa_notes").Columns("item_id", "note").Values(item, note)
	return n.retrier.Insert(query)
}

// Touch sets a column by key, as a text.
func (n *Repo) Touch(id string) error {
	return n.text.Run("UPDATE sa_items SET seen = true WHERE id = $1", id)
}

// Log hands the text a log line, not SQL (near miss: the execer's effect
// stays what it cannot tell).
func (n *Repo) Log(line string) error {
	return n.text.Run(line)
}
