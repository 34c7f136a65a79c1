// Stub of github.com/jackc/pgx/v5@v5.12.0 for analysistest: declarations mirror the real API; bodies are empty.

// Package pgxpool is a concurrency-safe connection pool for pgx.
package pgxpool

import (
	"context"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// ---- pool.go ----

// Pool allows for connection reuse.
type Pool struct {
	config *Config

	minConns int32
	maxConns int32

	healthCheckMu sync.Mutex

	acquireTracer AcquireTracer
	releaseTracer ReleaseTracer

	closeOnce sync.Once
	closeChan chan struct{}
}

// ShouldPingParams are the parameters passed to ShouldPing.
type ShouldPingParams struct {
	Conn         *pgx.Conn
	IdleDuration time.Duration
}

// Config is the configuration struct for creating a pool. It must be created by [ParseConfig] and then it can be
// modified.
type Config struct {
	ConnConfig *pgx.ConnConfig

	BeforeConnect func(context.Context, *pgx.ConnConfig) error
	AfterConnect  func(context.Context, *pgx.Conn) error
	BeforeAcquire func(context.Context, *pgx.Conn) bool
	PrepareConn   func(context.Context, *pgx.Conn) (bool, error)
	AfterRelease  func(*pgx.Conn) bool
	BeforeClose   func(*pgx.Conn)
	ShouldPing    func(context.Context, ShouldPingParams) bool

	MaxConnLifetime       time.Duration
	MaxConnLifetimeJitter time.Duration
	MaxConnIdleTime       time.Duration
	PingTimeout           time.Duration
	MaxConns              int32
	MinConns              int32
	MinIdleConns          int32
	HealthCheckPeriod     time.Duration

	createdByParseConfig bool
}

func (c *Config) Copy() *Config { n := *c; return &n }

func (c *Config) ConnString() string { return c.ConnConfig.ConnString() }

// New creates a new Pool. See [ParseConfig] for information on connString format.
func New(ctx context.Context, connString string) (*Pool, error) { return nil, nil }

// NewWithConfig creates a new Pool. config must have been created by [ParseConfig].
func NewWithConfig(ctx context.Context, config *Config) (*Pool, error) { return nil, nil }

func ParseConfig(connString string) (*Config, error) { return nil, nil }

func (p *Pool) Close() {}

func (p *Pool) Acquire(ctx context.Context) (c *Conn, err error) { return nil, nil }

func (p *Pool) AcquireFunc(ctx context.Context, f func(*Conn) error) error { return nil }

func (p *Pool) AcquireAllIdle(ctx context.Context) []*Conn { return nil }

func (p *Pool) Reset() {}

func (p *Pool) Config() *Config { return p.config.Copy() }

func (p *Pool) Stat() *Stat { return nil }

func (p *Pool) Exec(ctx context.Context, sql string, arguments ...any) (pgconn.CommandTag, error) {
	return pgconn.CommandTag{}, nil
}

func (p *Pool) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) { return nil, nil }

func (p *Pool) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row { return nil }

func (p *Pool) SendBatch(ctx context.Context, b *pgx.Batch) pgx.BatchResults { return nil }

// Begin acquires a connection from the Pool and starts a transaction. The returned pgx.Tx is a *Tx.
func (p *Pool) Begin(ctx context.Context) (pgx.Tx, error) { return nil, nil }

func (p *Pool) BeginTx(ctx context.Context, txOptions pgx.TxOptions) (pgx.Tx, error) { return nil, nil }

func (p *Pool) CopyFrom(ctx context.Context, tableName pgx.Identifier, columnNames []string, rowSrc pgx.CopyFromSource) (int64, error) {
	return 0, nil
}

func (p *Pool) Ping(ctx context.Context) error { return nil }

// ---- conn.go ----

// Conn is an acquired *pgx.Conn from a Pool.
type Conn struct {
	p *Pool
}

func (c *Conn) Release() {}

func (c *Conn) Hijack() *pgx.Conn { return nil }

func (c *Conn) Exec(ctx context.Context, sql string, arguments ...any) (pgconn.CommandTag, error) {
	return pgconn.CommandTag{}, nil
}

func (c *Conn) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) { return nil, nil }

func (c *Conn) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row { return nil }

func (c *Conn) SendBatch(ctx context.Context, b *pgx.Batch) pgx.BatchResults { return nil }

func (c *Conn) CopyFrom(ctx context.Context, tableName pgx.Identifier, columnNames []string, rowSrc pgx.CopyFromSource) (int64, error) {
	return 0, nil
}

func (c *Conn) Begin(ctx context.Context) (pgx.Tx, error) { return nil, nil }

func (c *Conn) BeginTx(ctx context.Context, txOptions pgx.TxOptions) (pgx.Tx, error) { return nil, nil }

func (c *Conn) Ping(ctx context.Context) error { return nil }

func (c *Conn) Conn() *pgx.Conn { return nil }

// ---- tx.go ----

// Tx represents a database transaction acquired from a Pool.
type Tx struct {
	t pgx.Tx
	c *Conn
}

func (tx *Tx) Begin(ctx context.Context) (pgx.Tx, error) { return nil, nil }
func (tx *Tx) Commit(ctx context.Context) error          { return nil }
func (tx *Tx) Rollback(ctx context.Context) error        { return nil }
func (tx *Tx) CopyFrom(ctx context.Context, tableName pgx.Identifier, columnNames []string, rowSrc pgx.CopyFromSource) (int64, error) {
	return 0, nil
}
func (tx *Tx) SendBatch(ctx context.Context, b *pgx.Batch) pgx.BatchResults { return nil }
func (tx *Tx) LargeObjects() pgx.LargeObjects                               { return pgx.LargeObjects{} }
func (tx *Tx) Prepare(ctx context.Context, name, sql string) (*pgconn.StatementDescription, error) {
	return nil, nil
}
func (tx *Tx) Exec(ctx context.Context, sql string, arguments ...any) (pgconn.CommandTag, error) {
	return pgconn.CommandTag{}, nil
}
func (tx *Tx) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) { return nil, nil }
func (tx *Tx) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row        { return nil }
func (tx *Tx) Conn() *pgx.Conn                                                      { return nil }

var _ pgx.Tx = (*Tx)(nil)

// ---- stat.go ----

// Stat is a snapshot of Pool statistics.
type Stat struct {
	newConnsCount        int64
	lifetimeDestroyCount int64
	idleDestroyCount     int64
}

func (s *Stat) AcquireCount() int64            { return 0 }
func (s *Stat) AcquireDuration() time.Duration { return 0 }
func (s *Stat) AcquiredConns() int32           { return 0 }
func (s *Stat) IdleConns() int32               { return 0 }
func (s *Stat) MaxConns() int32                { return 0 }
func (s *Stat) TotalConns() int32              { return 0 }

// ---- tracer.go ----

type AcquireTracer interface {
	TraceAcquireStart(ctx context.Context, pool *Pool, data TraceAcquireStartData) context.Context
	TraceAcquireEnd(ctx context.Context, pool *Pool, data TraceAcquireEndData)
}

type TraceAcquireStartData struct{}

type TraceAcquireEndData struct {
	Conn *pgx.Conn
	Err  error
}

type ReleaseTracer interface {
	TraceRelease(pool *Pool, data TraceReleaseData)
}

type TraceReleaseData struct {
	Conn *pgx.Conn
}
