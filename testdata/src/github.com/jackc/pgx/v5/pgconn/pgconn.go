// Stub of github.com/jackc/pgx/v5@v5.12.0 for analysistest: declarations mirror the real API; bodies are empty.

package pgconn

import (
	"context"
	"crypto/tls"
	"io"
	"net"
	"time"
)

// ---- errors.go ----

func SafeToRetry(err error) bool { return false }

func Timeout(err error) bool { return false }

type PgError struct {
	Severity            string
	SeverityUnlocalized string
	Code                string
	Message             string
	Detail              string
	Hint                string
	Position            int32
	InternalPosition    int32
	InternalQuery       string
	Where               string
	SchemaName          string
	TableName           string
	ColumnName          string
	DataTypeName        string
	ConstraintName      string
	File                string
	Line                int32
	Routine             string
}

func (pe *PgError) Error() string {
	return pe.Severity + ": " + pe.Message + " (SQLSTATE " + pe.Code + ")"
}
func (pe *PgError) SQLState() string { return pe.Code }

// ---- config.go (subset of fields) ----

type Config struct {
	Host           string
	Port           uint16
	Database       string
	User           string
	Password       string
	TLSConfig      *tls.Config
	ConnectTimeout time.Duration
	DialFunc       DialFunc
	LookupFunc     LookupFunc

	RuntimeParams map[string]string

	KerberosSrvName string
	KerberosSpn     string
	Fallbacks       []*FallbackConfig

	SSLNegotiation string

	createdByParseConfig bool
}

func (c *Config) Copy() *Config { n := *c; return &n }

type ParseConfigOptions struct {
	GetSSLPassword GetSSLPasswordFunc
}

type GetSSLPasswordFunc func(ctx context.Context) string

type FallbackConfig struct {
	Host      string
	Port      uint16
	TLSConfig *tls.Config
}

func ParseConfig(connString string) (*Config, error) { return nil, nil }

func ParseConfigWithOptions(connString string, options ParseConfigOptions) (*Config, error) {
	return nil, nil
}

// ---- pgconn.go ----

type Notice PgError

type Notification struct {
	PID     uint32
	Channel string
	Payload string
}

type DialFunc func(ctx context.Context, network, addr string) (net.Conn, error)

type LookupFunc func(ctx context.Context, host string) (addrs []string, err error)

// PgConn is a low-level PostgreSQL connection handle. It is not safe for concurrent usage.
type PgConn struct {
	conn              net.Conn
	pid               uint32
	secretKey         []byte
	parameterStatuses map[string]string
	txStatus          byte
	config            *Config
}

func Connect(ctx context.Context, connString string) (*PgConn, error) { return nil, nil }

func ConnectWithOptions(ctx context.Context, connString string, parseConfigOptions ParseConfigOptions) (*PgConn, error) {
	return nil, nil
}

func ConnectConfig(ctx context.Context, config *Config) (*PgConn, error) { return nil, nil }

func (pgConn *PgConn) Conn() net.Conn                                { return pgConn.conn }
func (pgConn *PgConn) PID() uint32                                   { return pgConn.pid }
func (pgConn *PgConn) TxStatus() byte                                { return pgConn.txStatus }
func (pgConn *PgConn) SecretKey() []byte                             { return pgConn.secretKey }
func (pgConn *PgConn) Close(ctx context.Context) error               { return nil }
func (pgConn *PgConn) IsClosed() bool                                { return false }
func (pgConn *PgConn) IsBusy() bool                                  { return false }
func (pgConn *PgConn) ParameterStatus(key string) string             { return "" }
func (pgConn *PgConn) CancelRequest(ctx context.Context) error       { return nil }
func (pgConn *PgConn) WaitForNotification(ctx context.Context) error { return nil }
func (pgConn *PgConn) Prepare(ctx context.Context, name, sql string, paramOIDs []uint32) (*StatementDescription, error) {
	return nil, nil
}
func (pgConn *PgConn) Deallocate(ctx context.Context, name string) error       { return nil }
func (pgConn *PgConn) Exec(ctx context.Context, sql string) *MultiResultReader { return nil }
func (pgConn *PgConn) ExecParams(ctx context.Context, sql string, paramValues [][]byte, paramOIDs []uint32, paramFormats, resultFormats []int16) *ResultReader {
	return nil
}
func (pgConn *PgConn) ExecPrepared(ctx context.Context, stmtName string, paramValues [][]byte, paramFormats, resultFormats []int16) *ResultReader {
	return nil
}
func (pgConn *PgConn) CopyTo(ctx context.Context, w io.Writer, sql string) (CommandTag, error) {
	return CommandTag{}, nil
}
func (pgConn *PgConn) CopyFrom(ctx context.Context, r io.Reader, sql string) (CommandTag, error) {
	return CommandTag{}, nil
}
func (pgConn *PgConn) EscapeString(s string) (string, error) { return s, nil }
func (pgConn *PgConn) CheckConn() error                      { return nil }
func (pgConn *PgConn) Ping(ctx context.Context) error        { return nil }
func (pgConn *PgConn) SyncConn(ctx context.Context) error    { return nil }
func (pgConn *PgConn) CustomData() map[string]any            { return nil }

// CommandTag is the status text returned by PostgreSQL for a query.
type CommandTag struct {
	s string
}

// NewCommandTag makes a CommandTag from s.
func NewCommandTag(s string) CommandTag { return CommandTag{s: s} }

func (ct CommandTag) RowsAffected() int64 { return 0 }
func (ct CommandTag) String() string      { return ct.s }
func (ct CommandTag) Insert() bool        { return false }
func (ct CommandTag) Update() bool        { return false }
func (ct CommandTag) Delete() bool        { return false }
func (ct CommandTag) Select() bool        { return false }

type FieldDescription struct {
	Name                 string
	TableOID             uint32
	TableAttributeNumber uint16
	DataTypeOID          uint32
	DataTypeSize         int16
	TypeModifier         int32
	Format               int16
}

type StatementDescription struct {
	Name      string
	SQL       string
	ParamOIDs []uint32
	Fields    []FieldDescription
}

// MultiResultReader is a reader for a command that could return multiple results such as Exec or ExecBatch.
type MultiResultReader struct {
	ctx    context.Context
	pgConn *PgConn
	rr     *ResultReader
	closed bool
	err    error
}

func (mrr *MultiResultReader) ReadAll() ([]*Result, error) { return nil, nil }
func (mrr *MultiResultReader) NextResult() bool            { return false }
func (mrr *MultiResultReader) ResultReader() *ResultReader { return mrr.rr }
func (mrr *MultiResultReader) Close() error                { return nil }

// Result is the saved query response that is returned by calling Read on a ResultReader.
type Result struct {
	FieldDescriptions []FieldDescription
	Rows              [][][]byte
	CommandTag        CommandTag
	Err               error
}

// ResultReader is a reader for the result of a single query.
type ResultReader struct {
	pgConn            *PgConn
	fieldDescriptions []FieldDescription
	rowValues         [][]byte
	commandTag        CommandTag
	closed            bool
	err               error
}

func (rr *ResultReader) Read() *Result                         { return nil }
func (rr *ResultReader) NextRow() bool                         { return false }
func (rr *ResultReader) FieldDescriptions() []FieldDescription { return rr.fieldDescriptions }
func (rr *ResultReader) Values() [][]byte                      { return rr.rowValues }
func (rr *ResultReader) Close() (CommandTag, error)            { return rr.commandTag, rr.err }
