package twice

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
)

// OpenDB opens a *sql.DB on the registered driver driverName (as sql.Open
// does) whose connections take part in crash injection: see
// WrapConnector. Use it for the handler's database in tests.
func OpenDB(driverName, dsn string) (*sql.DB, error) {
	db, err := sql.Open(driverName, dsn)
	if err != nil {
		return nil, err
	}
	drv := db.Driver()
	_ = db.Close()
	if dc, ok := drv.(driver.DriverContext); ok {
		c, err := dc.OpenConnector(dsn)
		if err != nil {
			return nil, err
		}
		return sql.OpenDB(WrapConnector(c)), nil
	}
	return sql.OpenDB(WrapConnector(dsnConnector{drv, dsn})), nil
}

// WrapConnector returns a connector whose connections report each write
// statement (IsWrite) and each commit as an effect point of the delivery
// in the statement's context, and refuse every statement of a crashed
// delivery with ErrCrashed; a crashed delivery's transaction is rolled
// back when it commits (database/sql also rolls it back when the
// delivery's context is cancelled). Statements outside a delivery pass
// through untouched.
func WrapConnector(c driver.Connector) driver.Connector { return connector{c} }

type dsnConnector struct {
	d   driver.Driver
	dsn string
}

func (c dsnConnector) Connect(context.Context) (driver.Conn, error) { return c.d.Open(c.dsn) }
func (c dsnConnector) Driver() driver.Driver                        { return c.d }

type connector struct{ c driver.Connector }

func (c connector) Connect(ctx context.Context) (driver.Conn, error) {
	conn, err := c.c.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return &conn_{conn}, nil
}

func (c connector) Driver() driver.Driver { return c.c.Driver() }

// conn_ wraps a driver connection. It implements every optional interface
// database/sql looks for and falls back (driver.ErrSkip) where the
// wrapped connection does not.
type conn_ struct{ c driver.Conn }

var (
	_ driver.ExecerContext      = (*conn_)(nil)
	_ driver.QueryerContext     = (*conn_)(nil)
	_ driver.ConnPrepareContext = (*conn_)(nil)
	_ driver.ConnBeginTx        = (*conn_)(nil)
	_ driver.NamedValueChecker  = (*conn_)(nil)
	_ driver.SessionResetter    = (*conn_)(nil)
	_ driver.Validator          = (*conn_)(nil)
	_ driver.Pinger             = (*conn_)(nil)
)

func (c *conn_) Prepare(query string) (driver.Stmt, error) {
	return c.PrepareContext(context.Background(), query)
}

func (c *conn_) PrepareContext(ctx context.Context, query string) (driver.Stmt, error) {
	if err := Crashed(ctx); err != nil {
		return nil, err
	}
	var s driver.Stmt
	var err error
	if p, ok := c.c.(driver.ConnPrepareContext); ok {
		s, err = p.PrepareContext(ctx, query)
	} else {
		s, err = c.c.Prepare(query)
	}
	if err != nil {
		return nil, err
	}
	return &stmt{s, query}, nil
}

func (c *conn_) Close() error { return c.c.Close() }

func (c *conn_) Begin() (driver.Tx, error) {
	return c.BeginTx(context.Background(), driver.TxOptions{})
}

func (c *conn_) BeginTx(ctx context.Context, opts driver.TxOptions) (driver.Tx, error) {
	if err := Crashed(ctx); err != nil {
		return nil, err
	}
	var t driver.Tx
	var err error
	if b, ok := c.c.(driver.ConnBeginTx); ok {
		t, err = b.BeginTx(ctx, opts)
	} else {
		//lint:ignore SA1019 the fallback database/sql itself uses
		t, err = c.c.Begin() //nolint:staticcheck
	}
	if err != nil {
		return nil, err
	}
	return &tx{t, ctx}, nil
}

func (c *conn_) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	e, ok := c.c.(driver.ExecerContext)
	if !ok {
		return nil, driver.ErrSkip // database/sql prepares instead
	}
	if err := Crashed(ctx); err != nil {
		return nil, err
	}
	res, err := e.ExecContext(ctx, query, args)
	if err == nil {
		statementDone(ctx, query)
	}
	return res, err
}

func (c *conn_) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	q, ok := c.c.(driver.QueryerContext)
	if !ok {
		return nil, driver.ErrSkip
	}
	if err := Crashed(ctx); err != nil {
		return nil, err
	}
	rows, err := q.QueryContext(ctx, query, args)
	if err == nil {
		statementDone(ctx, query)
	}
	return rows, err
}

func (c *conn_) CheckNamedValue(v *driver.NamedValue) error {
	if n, ok := c.c.(driver.NamedValueChecker); ok {
		return n.CheckNamedValue(v)
	}
	return driver.ErrSkip
}

func (c *conn_) ResetSession(ctx context.Context) error {
	if r, ok := c.c.(driver.SessionResetter); ok {
		return r.ResetSession(ctx)
	}
	return nil
}

func (c *conn_) IsValid() bool {
	if v, ok := c.c.(driver.Validator); ok {
		return v.IsValid()
	}
	return true
}

func (c *conn_) Ping(ctx context.Context) error {
	if p, ok := c.c.(driver.Pinger); ok {
		return p.Ping(ctx)
	}
	return nil
}

// tx remembers the context it began in: driver.Tx's Commit has none, and
// the delivery it belongs to is what decides whether it may commit.
type tx struct {
	t   driver.Tx
	ctx context.Context
}

func (t *tx) Commit() error {
	if err := Crashed(t.ctx); err != nil {
		if rerr := t.t.Rollback(); rerr != nil {
			return errors.Join(err, fmt.Errorf("rolling back: %w", rerr))
		}
		return err
	}
	if err := t.t.Commit(); err != nil {
		return err
	}
	_ = Effect(t.ctx, "commit")
	return nil
}

func (t *tx) Rollback() error { return t.t.Rollback() }

type stmt struct {
	s     driver.Stmt
	query string
}

var (
	_ driver.StmtExecContext   = (*stmt)(nil)
	_ driver.StmtQueryContext  = (*stmt)(nil)
	_ driver.NamedValueChecker = (*stmt)(nil)
)

func (s *stmt) Close() error  { return s.s.Close() }
func (s *stmt) NumInput() int { return s.s.NumInput() }

func (s *stmt) Exec(args []driver.Value) (driver.Result, error) {
	return s.ExecContext(context.Background(), named(args))
}

func (s *stmt) Query(args []driver.Value) (driver.Rows, error) {
	return s.QueryContext(context.Background(), named(args))
}

func (s *stmt) ExecContext(ctx context.Context, args []driver.NamedValue) (driver.Result, error) {
	if err := Crashed(ctx); err != nil {
		return nil, err
	}
	var res driver.Result
	var err error
	if e, ok := s.s.(driver.StmtExecContext); ok {
		res, err = e.ExecContext(ctx, args)
	} else {
		var vals []driver.Value
		if vals, err = values(args); err == nil {
			res, err = s.s.Exec(vals) //nolint:staticcheck // the fallback database/sql itself uses
		}
	}
	if err == nil {
		statementDone(ctx, s.query)
	}
	return res, err
}

func (s *stmt) QueryContext(ctx context.Context, args []driver.NamedValue) (driver.Rows, error) {
	if err := Crashed(ctx); err != nil {
		return nil, err
	}
	var rows driver.Rows
	var err error
	if q, ok := s.s.(driver.StmtQueryContext); ok {
		rows, err = q.QueryContext(ctx, args)
	} else {
		var vals []driver.Value
		if vals, err = values(args); err == nil {
			rows, err = s.s.Query(vals) //nolint:staticcheck // the fallback database/sql itself uses
		}
	}
	if err == nil {
		statementDone(ctx, s.query)
	}
	return rows, err
}

func (s *stmt) CheckNamedValue(v *driver.NamedValue) error {
	if n, ok := s.s.(driver.NamedValueChecker); ok {
		return n.CheckNamedValue(v)
	}
	return driver.ErrSkip
}

// statementDone reports a write statement (or a COMMIT sent as SQL) as an
// effect point.
func statementDone(ctx context.Context, query string) {
	if IsWrite(query) {
		_ = Effect(ctx, Statement(query))
	}
}

func named(args []driver.Value) []driver.NamedValue {
	out := make([]driver.NamedValue, len(args))
	for i, v := range args {
		out[i] = driver.NamedValue{Ordinal: i + 1, Value: v}
	}
	return out
}

func values(args []driver.NamedValue) ([]driver.Value, error) {
	out := make([]driver.Value, len(args))
	for i, a := range args {
		if a.Name != "" {
			return nil, fmt.Errorf("twice: driver does not support named parameter %s", a.Name)
		}
		out[i] = a.Value
	}
	return out, nil
}
