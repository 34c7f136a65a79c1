// Stub of github.com/jackc/pgx/v5@v5.12.0 for analysistest: declarations mirror the real API; bodies are empty.

package pgx

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgtype"
)

// ---- conn.go ----

type ConnConfig struct {
	pgconn.Config

	Tracer QueryTracer

	connString string

	StatementCacheCapacity   int
	DescriptionCacheCapacity int
	DefaultQueryExecMode     QueryExecMode

	createdByParseConfig bool
}

type ParseConfigOptions struct {
	pgconn.ParseConfigOptions
}

func (cc *ConnConfig) Copy() *ConnConfig { n := *cc; return &n }

func (cc *ConnConfig) ConnString() string { return cc.connString }

// Conn is a PostgreSQL connection handle. It is not safe for concurrent usage.
type Conn struct {
	pgConn             *pgconn.PgConn
	config             *ConnConfig
	preparedStatements map[string]*pgconn.StatementDescription
	notifications      []*pgconn.Notification
	typeMap            *pgtype.Map
}

// Identifier a PostgreSQL identifier or name. Identifiers can be composed of
// multiple parts such as ["schema", "table"] or ["table", "column"].
type Identifier []string

func (ident Identifier) Sanitize() string { return "" }

var (
	// ErrNoRows occurs when rows are expected but none are returned.
	ErrNoRows = newProxyErr(sql.ErrNoRows, "no rows in result set")
	// ErrTooManyRows occurs when more rows than expected are returned.
	ErrTooManyRows = errors.New("too many rows in result set")
)

func newProxyErr(background error, msg string) error {
	return &proxyError{
		msg:        msg,
		background: background,
	}
}

type proxyError struct {
	msg        string
	background error
}

func (err *proxyError) Error() string { return err.msg }

func (err *proxyError) Unwrap() error { return err.background }

func Connect(ctx context.Context, connString string) (*Conn, error) { return nil, nil }

func ConnectWithOptions(ctx context.Context, connString string, options ParseConfigOptions) (*Conn, error) {
	return nil, nil
}

func ConnectConfig(ctx context.Context, connConfig *ConnConfig) (*Conn, error) { return nil, nil }

func ParseConfigWithOptions(connString string, options ParseConfigOptions) (*ConnConfig, error) {
	return nil, nil
}

func ParseConfig(connString string) (*ConnConfig, error) { return nil, nil }

func (c *Conn) Close(ctx context.Context) error { return nil }

func (c *Conn) Prepare(ctx context.Context, name, sql string) (sd *pgconn.StatementDescription, err error) {
	return nil, nil
}

func (c *Conn) Deallocate(ctx context.Context, name string) error { return nil }

func (c *Conn) DeallocateAll(ctx context.Context) error { return nil }

func (c *Conn) WaitForNotification(ctx context.Context) (*pgconn.Notification, error) {
	return nil, nil
}

func (c *Conn) IsClosed() bool { return false }

func (c *Conn) Ping(ctx context.Context) error { return nil }

func (c *Conn) PgConn() *pgconn.PgConn { return c.pgConn }

func (c *Conn) TypeMap() *pgtype.Map { return c.typeMap }

func (c *Conn) Config() *ConnConfig { return c.config.Copy() }

func (c *Conn) Exec(ctx context.Context, sql string, arguments ...any) (pgconn.CommandTag, error) {
	return pgconn.CommandTag{}, nil
}

type QueryExecMode int32

const (
	_ QueryExecMode = iota
	QueryExecModeCacheStatement
	QueryExecModeCacheDescribe
	QueryExecModeDescribeExec
	QueryExecModeExec
	QueryExecModeSimpleProtocol
)

func (m QueryExecMode) String() string { return "" }

type QueryResultFormats []int16

type QueryResultFormatsByOID map[uint32]int16

type QueryRewriter interface {
	RewriteQuery(ctx context.Context, conn *Conn, sql string, args []any) (newSQL string, newArgs []any, err error)
}

func (c *Conn) Query(ctx context.Context, sql string, args ...any) (Rows, error) { return nil, nil }

func (c *Conn) QueryRow(ctx context.Context, sql string, args ...any) Row { return nil }

func (c *Conn) SendBatch(ctx context.Context, b *Batch) BatchResults { return nil }

func (c *Conn) LoadType(ctx context.Context, typeName string) (*pgtype.Type, error) { return nil, nil }

func (c *Conn) LoadTypes(ctx context.Context, typeNames []string) ([]*pgtype.Type, error) {
	return nil, nil
}

// ---- tx.go ----

type TxIsoLevel string

const (
	Serializable    TxIsoLevel = "serializable"
	RepeatableRead  TxIsoLevel = "repeatable read"
	ReadCommitted   TxIsoLevel = "read committed"
	ReadUncommitted TxIsoLevel = "read uncommitted"
)

type TxAccessMode string

const (
	ReadWrite TxAccessMode = "read write"
	ReadOnly  TxAccessMode = "read only"
)

type TxDeferrableMode string

const (
	Deferrable    TxDeferrableMode = "deferrable"
	NotDeferrable TxDeferrableMode = "not deferrable"
)

// TxOptions are transaction modes within a transaction block
type TxOptions struct {
	IsoLevel       TxIsoLevel
	AccessMode     TxAccessMode
	DeferrableMode TxDeferrableMode

	BeginQuery  string
	CommitQuery string
}

var ErrTxClosed = errors.New("tx is closed")

var ErrTxCommitRollback = errors.New("commit unexpectedly resulted in rollback")

func (c *Conn) Begin(ctx context.Context) (Tx, error) { return nil, nil }

func (c *Conn) BeginTx(ctx context.Context, txOptions TxOptions) (Tx, error) { return nil, nil }

// Tx represents a database transaction.
type Tx interface {
	Begin(ctx context.Context) (Tx, error)
	Commit(ctx context.Context) error
	Rollback(ctx context.Context) error

	CopyFrom(ctx context.Context, tableName Identifier, columnNames []string, rowSrc CopyFromSource) (int64, error)
	SendBatch(ctx context.Context, b *Batch) BatchResults
	LargeObjects() LargeObjects

	Prepare(ctx context.Context, name, sql string) (*pgconn.StatementDescription, error)

	Exec(ctx context.Context, sql string, arguments ...any) (commandTag pgconn.CommandTag, err error)
	Query(ctx context.Context, sql string, args ...any) (Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) Row

	Conn() *Conn
}

// dbTx represents a database transaction.
type dbTx struct {
	conn         *Conn
	savepointNum int64
	closed       bool
	commitQuery  string
}

func (tx *dbTx) Begin(ctx context.Context) (Tx, error) { return nil, nil }
func (tx *dbTx) Commit(ctx context.Context) error      { return nil }
func (tx *dbTx) Rollback(ctx context.Context) error    { return nil }
func (tx *dbTx) Exec(ctx context.Context, sql string, arguments ...any) (commandTag pgconn.CommandTag, err error) {
	return pgconn.CommandTag{}, nil
}
func (tx *dbTx) Prepare(ctx context.Context, name, sql string) (*pgconn.StatementDescription, error) {
	return nil, nil
}
func (tx *dbTx) Query(ctx context.Context, sql string, args ...any) (Rows, error) { return nil, nil }
func (tx *dbTx) QueryRow(ctx context.Context, sql string, args ...any) Row        { return nil }
func (tx *dbTx) CopyFrom(ctx context.Context, tableName Identifier, columnNames []string, rowSrc CopyFromSource) (int64, error) {
	return 0, nil
}
func (tx *dbTx) SendBatch(ctx context.Context, b *Batch) BatchResults { return nil }
func (tx *dbTx) LargeObjects() LargeObjects                           { return LargeObjects{tx: tx} }
func (tx *dbTx) Conn() *Conn                                          { return tx.conn }

var _ Tx = (*dbTx)(nil)

// BeginFunc calls Begin on db and then calls fn. If fn does not return an error then it calls [Tx.Commit] on db. If fn
// returns an error it calls [Tx.Rollback] on db.
func BeginFunc(
	ctx context.Context,
	db interface {
		Begin(ctx context.Context) (Tx, error)
	},
	fn func(Tx) error,
) (err error) {
	return nil
}

// BeginTxFunc calls BeginTx on db and then calls fn. If fn does not return an error then it calls [Tx.Commit] on db. If fn
// returns an error it calls [Tx.Rollback] on db.
func BeginTxFunc(
	ctx context.Context,
	db interface {
		BeginTx(ctx context.Context, txOptions TxOptions) (Tx, error)
	},
	txOptions TxOptions,
	fn func(Tx) error,
) (err error) {
	return nil
}

// ---- large_objects.go ----

type LargeObjects struct {
	tx Tx
}

type LargeObjectMode int32

const (
	LargeObjectModeWrite LargeObjectMode = 0x20000
	LargeObjectModeRead  LargeObjectMode = 0x40000
)

func (o *LargeObjects) Create(ctx context.Context, oid uint32) (uint32, error) { return 0, nil }
func (o *LargeObjects) Unlink(ctx context.Context, oid uint32) error           { return nil }

// ---- tracer.go ----

type QueryTracer interface {
	TraceQueryStart(ctx context.Context, conn *Conn, data TraceQueryStartData) context.Context
	TraceQueryEnd(ctx context.Context, conn *Conn, data TraceQueryEndData)
}

type TraceQueryStartData struct {
	SQL  string
	Args []any
}

type TraceQueryEndData struct {
	CommandTag pgconn.CommandTag
	Err        error
}

type BatchTracer interface {
	TraceBatchStart(ctx context.Context, conn *Conn, data TraceBatchStartData) context.Context
	TraceBatchQuery(ctx context.Context, conn *Conn, data TraceBatchQueryData)
	TraceBatchEnd(ctx context.Context, conn *Conn, data TraceBatchEndData)
}

type TraceBatchStartData struct {
	Batch *Batch
}

type TraceBatchQueryData struct {
	SQL        string
	Args       []any
	CommandTag pgconn.CommandTag
	Err        error

	ReadStartTime time.Time
}

type TraceBatchEndData struct {
	Err error
}
