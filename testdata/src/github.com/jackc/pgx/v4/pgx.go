// Package pgx is a stub of github.com/jackc/pgx/v4 v4.18.3's declarations.
package pgx

import (
	"context"
	"errors"

	"github.com/jackc/pgconn"
)

var ErrNoRows = errors.New("no rows in result set")

type Row interface {
	Scan(dest ...interface{}) error
}

type Rows interface{ Close() }

type Tx interface {
	Exec(ctx context.Context, sql string, arguments ...interface{}) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...interface{}) (Rows, error)
	QueryRow(ctx context.Context, sql string, args ...interface{}) Row
	BeginFunc(ctx context.Context, f func(Tx) error) error
	Commit(ctx context.Context) error
	Rollback(ctx context.Context) error
	CopyFrom(ctx context.Context, tableName Identifier, columnNames []string, rowSrc CopyFromSource) (int64, error)
}

// Identifier, CopyFromSource, CopyFromRows: copy_from.go.
type Identifier []string

type CopyFromSource interface {
	Next() bool
	Values() ([]interface{}, error)
	Err() error
}

func CopyFromRows(rows [][]interface{}) CopyFromSource { return nil }

type Conn struct{}

func (c *Conn) Exec(ctx context.Context, sql string, arguments ...interface{}) (pgconn.CommandTag, error) {
	return nil, nil
}

func (c *Conn) CopyFrom(ctx context.Context, tableName Identifier, columnNames []string, rowSrc CopyFromSource) (int64, error) {
	return 0, nil
}
