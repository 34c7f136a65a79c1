// Stub of github.com/uptrace/bun@v1.3.0 for analysistest: declarations mirror the real API; bodies are empty.
// Dialect, Table and Field are reduced to what the bun stub needs.

package schema

import (
	"context"
	"database/sql"
	"reflect"
	"time"
)

// ---- sqlfmt.go ----

type QueryAppender interface {
	AppendQuery(gen QueryGen, b []byte) ([]byte, error)
}

type ColumnsAppender interface {
	AppendColumns(gen QueryGen, b []byte) ([]byte, error)
}

type Safe string

func (s Safe) AppendQuery(gen QueryGen, b []byte) ([]byte, error) { return append(b, s...), nil }

type Name string

func (s Name) AppendQuery(gen QueryGen, b []byte) ([]byte, error) { return b, nil }

type Ident string

func (s Ident) AppendQuery(gen QueryGen, b []byte) ([]byte, error) { return b, nil }

type QueryWithArgs struct {
	Query string
	Args  []any
}

func SafeQuery(query string, args []any) QueryWithArgs {
	return QueryWithArgs{Query: query, Args: args}
}

func UnsafeIdent(ident string) QueryWithArgs { return QueryWithArgs{Query: ident} }

func (q QueryWithArgs) IsZero() bool { return q.Query == "" && q.Args == nil }

func (q QueryWithArgs) AppendQuery(gen QueryGen, b []byte) ([]byte, error) { return b, nil }

type Order string

const (
	OrderNone           Order = ""
	OrderAsc            Order = "ASC"
	OrderAscNullsFirst  Order = "ASC NULLS FIRST"
	OrderAscNullsLast   Order = "ASC NULLS LAST"
	OrderDesc           Order = "DESC"
	OrderDescNullsFirst Order = "DESC NULLS FIRST"
	OrderDescNullsLast  Order = "DESC NULLS LAST"
)

type QueryWithSep struct {
	QueryWithArgs
	Sep string
}

func SafeQueryWithSep(query string, args []any, sep string) QueryWithSep {
	return QueryWithSep{QueryWithArgs: SafeQuery(query, args), Sep: sep}
}

// ---- querygen.go ----

type QueryGen struct {
	dialect Dialect
}

func NewQueryGen(dialect Dialect) QueryGen { return QueryGen{dialect: dialect} }

func (f QueryGen) Dialect() Dialect { return f.dialect }

type NamedArgAppender interface {
	AppendNamedArg(gen QueryGen, b []byte, name string) ([]byte, bool)
}

// ---- dialect.go ----

type Dialect interface {
	Init(db *sql.DB)
	Tables() *Tables
}

// ---- tables.go / table.go / field.go ----

type Tables struct{}

func (t *Tables) Get(typ reflect.Type) *Table { return nil }

type Table struct {
	Type       reflect.Type
	TypeName   string
	ModelName  string
	Name       string
	Alias      string
	Fields     []*Field
	PKs        []*Field
	DataFields []*Field
	FieldMap   map[string]*Field
}

type Field struct {
	Table       *Table
	StructField reflect.StructField
	Name        string
	SQLName     string
	IsPK        bool
	NotNull     bool
	NullZero    bool
}

type BaseModel struct{}

// ---- hook.go ----

type Model interface {
	ScanRows(ctx context.Context, rows *sql.Rows) (int, error)
	Value() any
}

type Query interface {
	QueryAppender
	Operation() string
	GetModel() Model
	GetTableName() string
}

type BeforeAppendModelHook interface {
	BeforeAppendModel(ctx context.Context, query Query) error
}

type BeforeScanRowHook interface {
	BeforeScanRow(context.Context) error
}

type AfterScanRowHook interface {
	AfterScanRow(context.Context) error
}

// ---- sqltype.go ----

type NullTime struct {
	time.Time
}
