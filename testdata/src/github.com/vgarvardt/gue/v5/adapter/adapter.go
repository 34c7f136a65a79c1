// Stub of github.com/vgarvardt/gue/v5@v5.8.0 for analysistest: declarations mirror the real API (subset); bodies are empty.

package adapter

import "context"

// ---- db.go ----

type Row interface {
	Scan(dest ...any) error
}

type CommandTag interface {
	RowsAffected() int64
}

type Rows interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
}

type Queryable interface {
	Exec(ctx context.Context, query string, args ...any) (CommandTag, error)
	QueryRow(ctx context.Context, query string, args ...any) Row
	Query(ctx context.Context, query string, args ...any) (Rows, error)
}

type Tx interface {
	Queryable
	Rollback(ctx context.Context) error
	Commit(ctx context.Context) error
}

type Conn interface {
	Queryable
	Ping(ctx context.Context) error
	Begin(ctx context.Context) (Tx, error)
	Release() error
}

type ConnPool interface {
	Queryable
	Ping(ctx context.Context) error
	Begin(ctx context.Context) (Tx, error)
	Acquire(ctx context.Context) (Conn, error)
	Close() error
}

// ---- logger.go ----

type (
	Field struct {
		Key   string
		Value any
	}

	Logger interface {
		Debug(msg string, fields ...Field)
		Info(msg string, fields ...Field)
		Error(msg string, fields ...Field)

		With(fields ...Field) Logger
	}
)

func F(key string, value any) Field { return Field{Key: key, Value: value} }
