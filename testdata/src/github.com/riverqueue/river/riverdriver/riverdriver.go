// Stub of github.com/riverqueue/river/riverdriver@v0.51.2 for analysistest: declarations mirror the real API; bodies are empty.
//
// Only a subset of the (very large, explicitly unstable) Driver/Executor
// interfaces is reproduced: enough for river.NewClient / river.JobCompleteTx
// constraint satisfaction by *riverpgxv5.Driver.

// Package riverdriver exposes generic constructs to be implemented by specific
// drivers that wrap third party database packages.
package riverdriver

import (
	"context"
	"errors"
	"io/fs"
	"time"

	"github.com/riverqueue/river/rivertype"
)

const AllQueuesString = "*"

const (
	DatabaseNamePostgres = "postgres"
	DatabaseNameSQLite   = "sqlite"
)

const MigrationLineMain = "main"

var (
	ErrClosedPool     = errors.New("underlying driver pool is closed")
	ErrNotImplemented = errors.New("driver does not implement this functionality")
)

// Driver provides a database driver for use with river.Client.
//
// API is not stable. DO NOT IMPLEMENT.
type Driver[TTx any] interface {
	ArgPlaceholder() string
	DatabaseName() string
	GetExecutor() Executor
	GetListener(params *GetListenenerParams) Listener
	GetMigrationDefaultLines() []string
	GetMigrationFS(line string) fs.FS
	GetMigrationLines() []string
	GetMigrationTruncateTables(line string, version int) []string
	PoolIsSet() bool
	PoolSet(dbPool any) error
	SQLFragmentColumnContainsAll(column, namedArg string, values []string) (string, any, error)
	SQLFragmentColumnContainsAny(column, namedArg string, values []string) (string, any, error)
	SQLFragmentColumnIn(column string, values any) (string, any, error)
	SupportsListener() bool
	SupportsListenNotify() bool
	TimePrecision() time.Duration
	UnwrapExecutor(tx TTx) ExecutorTx
	UnwrapTx(execTx ExecutorTx) TTx
}

// Executor provides River operations against a database. (Subset.)
type Executor interface {
	Begin(ctx context.Context) (ExecutorTx, error)
	Exec(ctx context.Context, sql string, args ...any) error
	JobGetByID(ctx context.Context, params *JobGetByIDParams) (*rivertype.JobRow, error)
}

type ExecutorTx interface {
	Executor
	Commit(ctx context.Context) error
	Rollback(ctx context.Context) error
}

type JobGetByIDParams struct {
	ID     int64
	Schema string
}

type GetListenenerParams struct {
	Schema string
}

// Listener listens for notifications. (Subset.)
type Listener interface {
	Close(ctx context.Context) error
	Connect(ctx context.Context) error
	Listen(ctx context.Context, topic string) error
	Ping(ctx context.Context) error
	Schema() string
	Unlisten(ctx context.Context, topic string) error
	WaitForNotification(ctx context.Context) (*Notification, error)
}

type Notification struct {
	Payload string
	Topic   string
}
