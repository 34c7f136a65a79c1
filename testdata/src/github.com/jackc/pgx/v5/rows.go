// Stub of github.com/jackc/pgx/v5@v5.12.0 for analysistest: declarations mirror the real API; bodies are empty.

package pgx

import (
	"context"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgtype"
)

// ---- rows.go ----

// Rows is the result set returned from *Conn.Query.
type Rows interface {
	Close()
	Err() error
	CommandTag() pgconn.CommandTag
	FieldDescriptions() []pgconn.FieldDescription
	Next() bool
	Scan(dest ...any) error
	Values() ([]any, error)
	RawValues() [][]byte
	Conn() *Conn
	TypeMap() *pgtype.Map
}

// Row is a convenience wrapper over Rows that is returned by QueryRow.
type Row interface {
	Scan(dest ...any) error
}

type RowScanner interface {
	ScanRow(rows Rows) error
}

func ForEachRow(rows Rows, scans []any, fn func() error) (pgconn.CommandTag, error) {
	return pgconn.CommandTag{}, nil
}

type CollectableRow interface {
	FieldDescriptions() []pgconn.FieldDescription
	Scan(dest ...any) error
	Values() ([]any, error)
	RawValues() [][]byte
}

type RowToFunc[T any] func(row CollectableRow) (T, error)

func AppendRows[T any, S ~[]T](slice S, rows Rows, fn RowToFunc[T]) (S, error) { return slice, nil }

func CollectRows[T any](rows Rows, fn RowToFunc[T]) ([]T, error) { return nil, nil }

func CollectOneRow[T any](rows Rows, fn RowToFunc[T]) (T, error) { var t T; return t, nil }

func CollectExactlyOneRow[T any](rows Rows, fn RowToFunc[T]) (T, error) { var t T; return t, nil }

func RowTo[T any](row CollectableRow) (T, error) { var t T; return t, nil }

func RowToAddrOf[T any](row CollectableRow) (*T, error) { return nil, nil }

func RowToMap(row CollectableRow) (map[string]any, error) { return nil, nil }

func RowToStructByPos[T any](row CollectableRow) (T, error) { var t T; return t, nil }

func RowToAddrOfStructByPos[T any](row CollectableRow) (*T, error) { return nil, nil }

func RowToStructByName[T any](row CollectableRow) (T, error) { var t T; return t, nil }

func RowToAddrOfStructByName[T any](row CollectableRow) (*T, error) { return nil, nil }

func RowToStructByNameLax[T any](row CollectableRow) (T, error) { var t T; return t, nil }

func RowToAddrOfStructByNameLax[T any](row CollectableRow) (*T, error) { return nil, nil }

// ---- batch.go ----

// QueuedQuery is a query that has been queued for execution via a Batch.
type QueuedQuery struct {
	SQL       string
	Arguments []any
	Fn        batchItemFunc
	sd        *pgconn.StatementDescription
}

type batchItemFunc func(br BatchResults) error

func (qq *QueuedQuery) Query(fn func(rows Rows) error)           {}
func (qq *QueuedQuery) QueryRow(fn func(row Row) error)          {}
func (qq *QueuedQuery) Exec(fn func(ct pgconn.CommandTag) error) {}

// Batch queries are a way of bundling multiple queries together to avoid
// unnecessary network round trips. A Batch must only be sent once.
type Batch struct {
	QueuedQueries []*QueuedQuery

	txOptions *TxOptions
}

func (b *Batch) BeginTx(txOptions TxOptions) { b.txOptions = &txOptions }

// Queue queues a query to batch b. query can be an SQL query or the name of a prepared statement.
func (b *Batch) Queue(query string, arguments ...any) *QueuedQuery {
	qq := &QueuedQuery{SQL: query, Arguments: arguments}
	b.QueuedQueries = append(b.QueuedQueries, qq)
	return qq
}

func (b *Batch) Len() int { return len(b.QueuedQueries) }

type BatchResults interface {
	Exec() (pgconn.CommandTag, error)
	Query() (Rows, error)
	QueryRow() Row
	Close() error
	Tx() Tx
}

// ---- copy_from.go ----

func CopyFromRows(rows [][]any) CopyFromSource { return nil }

func CopyFromSlice(length int, next func(int) ([]any, error)) CopyFromSource { return nil }

func CopyFromFunc(nxtf func() (row []any, err error)) CopyFromSource { return nil }

// CopyFromSource is the interface used by [Conn.CopyFrom] as the source for copy data.
type CopyFromSource interface {
	Next() bool
	Values() ([]any, error)
	Err() error
}

func (c *Conn) CopyFrom(ctx context.Context, tableName Identifier, columnNames []string, rowSrc CopyFromSource) (int64, error) {
	return 0, nil
}

// ---- named_args.go ----

type NamedArgs map[string]any

func (na NamedArgs) RewriteQuery(ctx context.Context, conn *Conn, sql string, args []any) (newSQL string, newArgs []any, err error) {
	return sql, args, nil
}

type StrictNamedArgs map[string]any

func (sna StrictNamedArgs) RewriteQuery(ctx context.Context, conn *Conn, sql string, args []any) (newSQL string, newArgs []any, err error) {
	return sql, args, nil
}

func StructArgs(sa any) QueryRewriter { return nil }

func StrictStructArgs(sa any) QueryRewriter { return nil }
