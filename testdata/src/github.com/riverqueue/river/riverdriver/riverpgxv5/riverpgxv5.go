// Stub of github.com/riverqueue/river/riverdriver/riverpgxv5@v0.51.2 for analysistest: declarations mirror the real API; bodies are empty.

// Package riverpgxv5 provides a River driver implementation for Pgx v5.
package riverpgxv5

import (
	"context"
	"io/fs"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/rivertype"
)

// Driver is an implementation of riverdriver.Driver for Pgx v5.
type Driver struct {
	dbPool *pgxpool.Pool
}

// New returns a new Pgx v5 River driver for use with River.
func New(dbPool *pgxpool.Pool) *Driver {
	return &Driver{
		dbPool: dbPool,
	}
}

const argPlaceholder = "$"

func (d *Driver) ArgPlaceholder() string { return argPlaceholder }
func (d *Driver) DatabaseName() string   { return riverdriver.DatabaseNamePostgres }

func (d *Driver) GetExecutor() riverdriver.Executor { return &Executor{driver: d} }

func (d *Driver) GetListener(params *riverdriver.GetListenenerParams) riverdriver.Listener {
	return &Listener{dbPool: d.dbPool, schema: params.Schema}
}

func (d *Driver) GetMigrationDefaultLines() []string { return []string{riverdriver.MigrationLineMain} }
func (d *Driver) GetMigrationFS(line string) fs.FS   { return nil }
func (d *Driver) GetMigrationLines() []string        { return []string{riverdriver.MigrationLineMain} }
func (d *Driver) GetMigrationTruncateTables(line string, version int) []string {
	return nil
}
func (d *Driver) PoolIsSet() bool          { return d.dbPool != nil }
func (d *Driver) PoolSet(dbPool any) error { return riverdriver.ErrNotImplemented }
func (d *Driver) SQLFragmentColumnContainsAll(column, namedArg string, values []string) (string, any, error) {
	return "", nil, nil
}
func (d *Driver) SQLFragmentColumnContainsAny(column, namedArg string, values []string) (string, any, error) {
	return "", nil, nil
}
func (d *Driver) SQLFragmentColumnIn(column string, values any) (string, any, error) {
	return "", nil, nil
}
func (d *Driver) SupportsListener() bool       { return d.SupportsListenNotify() }
func (d *Driver) SupportsListenNotify() bool   { return true }
func (d *Driver) TimePrecision() time.Duration { return time.Microsecond }

func (d *Driver) UnwrapExecutor(tx pgx.Tx) riverdriver.ExecutorTx {
	return &ExecutorTx{Executor: Executor{driver: d}, tx: tx}
}

func (d *Driver) UnwrapTx(execTx riverdriver.ExecutorTx) pgx.Tx { return execTx.(*ExecutorTx).tx } //nolint:forcetypeassert

var _ riverdriver.Driver[pgx.Tx] = (*Driver)(nil)

// Executor (real type also holds a template-replacing pgx wrapper).
type Executor struct {
	driver *Driver
}

func (e *Executor) Begin(ctx context.Context) (riverdriver.ExecutorTx, error) { return nil, nil }
func (e *Executor) Exec(ctx context.Context, sql string, args ...any) error   { return nil }
func (e *Executor) JobGetByID(ctx context.Context, params *riverdriver.JobGetByIDParams) (*rivertype.JobRow, error) {
	return nil, nil
}

type ExecutorTx struct {
	Executor

	tx pgx.Tx
}

func (t *ExecutorTx) Commit(ctx context.Context) error   { return t.tx.Commit(ctx) }
func (t *ExecutorTx) Rollback(ctx context.Context) error { return t.tx.Rollback(ctx) }

type Listener struct {
	conn   *pgx.Conn
	dbPool *pgxpool.Pool
	prefix string
	mu     sync.Mutex
	schema string
}

func (l *Listener) Close(ctx context.Context) error                { return nil }
func (l *Listener) Connect(ctx context.Context) error              { return nil }
func (l *Listener) Listen(ctx context.Context, topic string) error { return nil }
func (l *Listener) Ping(ctx context.Context) error                 { return nil }
func (l *Listener) Schema() string                                 { return l.schema }
func (l *Listener) Unlisten(ctx context.Context, topic string) error {
	return nil
}
func (l *Listener) WaitForNotification(ctx context.Context) (*riverdriver.Notification, error) {
	return nil, nil
}
