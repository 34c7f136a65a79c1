// Stub of entgo.io/ent@v0.14.5 for analysistest: declarations mirror the real API; bodies are empty.

package dialect

import (
	"context"
	"database/sql/driver"
)

const (
	MySQL    = "mysql"
	SQLite   = "sqlite3"
	Postgres = "postgres"
	Gremlin  = "gremlin"
)

type ExecQuerier interface {
	Exec(ctx context.Context, query string, args, v any) error
	Query(ctx context.Context, query string, args, v any) error
}

type Driver interface {
	ExecQuerier
	Tx(context.Context) (Tx, error)
	Close() error
	Dialect() string
}

type Tx interface {
	ExecQuerier
	driver.Tx
}

func NopTx(d Driver) Tx { return nopTx{d} }

type nopTx struct {
	Driver
}

func (nopTx) Commit() error   { return nil }
func (nopTx) Rollback() error { return nil }

func Debug(d Driver, logger ...func(...any)) Driver { return d }
