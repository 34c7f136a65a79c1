// Package pgxpool is a stub of github.com/jackc/pgx/v4/pgxpool.
package pgxpool

import (
	"context"

	"github.com/jackc/pgconn"
	"github.com/jackc/pgx/v4"
)

type resource interface {
	Value() interface{}
	Release()
	Destroy()
}

type Pool struct {
	acquire       func(ctx context.Context) (resource, error)
	beforeAcquire func(ctx context.Context, c *pgx.Conn) bool
}

func (p *Pool) Exec(ctx context.Context, sql string, arguments ...interface{}) (pgconn.CommandTag, error) {
	return nil, nil
}

func (p *Pool) Begin(ctx context.Context) (pgx.Tx, error) { return nil, nil }

func (p *Pool) CopyFrom(ctx context.Context, tableName pgx.Identifier, columnNames []string, rowSrc pgx.CopyFromSource) (int64, error) {
	return 0, nil
}

func (p *Pool) BeginFunc(ctx context.Context, f func(pgx.Tx) error) error { return f(nil) }

// Acquire, like the real one (pool.go:530), takes a resource from a pool
// the stub cannot see into and runs the BeforeAcquire hook.
func (p *Pool) Acquire(ctx context.Context) (*Conn, error) {
	res, err := p.acquire(ctx)
	if err != nil {
		return nil, err
	}
	c := &Conn{res: res, p: p}
	if p.beforeAcquire != nil && !p.beforeAcquire(ctx, c.Conn()) {
		res.Destroy()
	}
	return c, nil
}

// Conn is a connection acquired from the pool: its methods run the
// underlying *pgx.Conn's (conn.go:82-122).
type Conn struct {
	res resource
	p   *Pool
}

func (c *Conn) Release() {
	if c.res == nil {
		return
	}
	c.res.Release()
}

func (c *Conn) Conn() *pgx.Conn { return c.res.Value().(*pgx.Conn) }

func (c *Conn) Exec(ctx context.Context, sql string, arguments ...interface{}) (pgconn.CommandTag, error) {
	return c.Conn().Exec(ctx, sql, arguments...)
}

func (c *Conn) CopyFrom(ctx context.Context, tableName pgx.Identifier, columnNames []string, rowSrc pgx.CopyFromSource) (int64, error) {
	return c.Conn().CopyFrom(ctx, tableName, columnNames, rowSrc)
}

// Tx is a transaction on an acquired connection (tx.go): what Begin
// returns behind pgx.Tx.
type Tx struct {
	t pgx.Tx
	c *Conn
}

func (tx *Tx) Exec(ctx context.Context, sql string, arguments ...interface{}) (pgconn.CommandTag, error) {
	return tx.t.Exec(ctx, sql, arguments...)
}

func (tx *Tx) Query(ctx context.Context, sql string, args ...interface{}) (pgx.Rows, error) {
	return tx.t.Query(ctx, sql, args...)
}

func (tx *Tx) QueryRow(ctx context.Context, sql string, args ...interface{}) pgx.Row {
	return tx.t.QueryRow(ctx, sql, args...)
}

func (tx *Tx) BeginFunc(ctx context.Context, f func(pgx.Tx) error) error {
	return tx.t.BeginFunc(ctx, f)
}

func (tx *Tx) Commit(ctx context.Context) error { return tx.t.Commit(ctx) }

func (tx *Tx) Rollback(ctx context.Context) error { return tx.t.Rollback(ctx) }

func (tx *Tx) CopyFrom(ctx context.Context, tableName pgx.Identifier, columnNames []string, rowSrc pgx.CopyFromSource) (int64, error) {
	return tx.t.CopyFrom(ctx, tableName, columnNames, rowSrc)
}
