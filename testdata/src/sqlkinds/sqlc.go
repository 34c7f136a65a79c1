package sqlkinds

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// DBTX is the interface sqlc generates for pgx: no model names it, its
// methods are executors by their shape (a string then ...interface{}).
type DBTX interface {
	Exec(context.Context, string, ...interface{}) (pgconn.CommandTag, error)
	QueryRow(context.Context, string, ...interface{}) pgx.Row
}

// Queries is sqlc's generated query set.
type Queries struct {
	db DBTX
}

const createAuthor = "-- name: CreateAuthor :one\nINSERT INTO authors (name, bio) VALUES ($1, $2) RETURNING id"

// CreateAuthor is sqlc's :one insert, run through QueryRow: the method name
// says nothing, the SQL says insert. The executor is a field: no @pN.
func (q *Queries) CreateAuthor(ctx context.Context, name, bio string) (int64, error) { // want CreateAuthor:`^effects: db_write/insert authors @p0$`
	row := q.db.QueryRow(ctx, createAuthor, name, bio)
	var id int64
	err := row.Scan(&id)
	return id, err
}

const bumpAuthorBooks = "-- name: BumpAuthorBooks :exec\nUPDATE authors SET books = books + 1 WHERE id = $1"

func (q *Queries) BumpAuthorBooks(ctx context.Context, id int64) error { // want BumpAuthorBooks:`^effects: db_write/update-increment authors @p0$`
	_, err := q.db.Exec(ctx, bumpAuthorBooks, id)
	return err
}

// addEntry runs its insert on parameter 1.
func addEntry(ctx context.Context, db DBTX, account string, amount int64) error { // want addEntry:`^effects: db_write/insert ledger @p1$`
	_, err := db.Exec(ctx, "insert into ledger(account, amount) values ($1, $2)", account, amount)
	return err
}

// The executor maps through calls: the caller's parameter 2 is addEntry's 1.
func creditInTx(ctx context.Context, account string, tx pgx.Tx) error { // want creditInTx:`^effects: db_write/insert ledger @p2$`
	return addEntry(ctx, tx, account, 10)
}

// A method receiver's field is no parameter of the caller.
func (q *Queries) credit(ctx context.Context, account string) error { // want credit:`^effects: db_write/insert ledger @p0$`
	return addEntry(ctx, q.db, account, 10)
}
