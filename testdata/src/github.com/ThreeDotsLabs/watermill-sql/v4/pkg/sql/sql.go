// Stub of github.com/ThreeDotsLabs/watermill-sql/v4@v4.1.2 (pkg/sql) for analysistest: declarations mirror the real API (subset); bodies are empty.

package sql

import (
	"context"
	"database/sql"
)

// ---- sql.go ----

// A Result summarizes an executed SQL command.
type Result interface {
	RowsAffected() (int64, error)
}

type Rows interface {
	Scan(dest ...any) error
	Close() error
	Next() bool
}

type Tx interface {
	ContextExecutor
	Rollback() error
	Commit() error
}

// ContextExecutor can perform SQL queries with context
type ContextExecutor interface {
	ExecContext(ctx context.Context, query string, args ...any) (Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (Rows, error)
}

// Beginner begins transactions.
type Beginner interface {
	BeginTx(context.Context, *sql.TxOptions) (Tx, error)
	ContextExecutor
}

// ---- context.go ----

// TxFromContext returns the transaction used by the subscriber to consume the message.
// The transaction will be committed if ack of the message is successful.
// When a nack is sent, the transaction will be rolled back.
func TxFromContext(ctx context.Context) (Tx, bool) {
	tx, ok := ctx.Value(txContextKey).(Tx)
	return tx, ok
}

type contextKey string

const txContextKey contextKey = "tx"
