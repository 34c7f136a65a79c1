// Stub of entgo.io/ent@v0.14.5 for analysistest: declarations mirror the real API (subset); bodies are empty.

package sql

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"entgo.io/ent/dialect"
	"strings"
)

// ---- driver.go ----

type Driver struct {
	Conn
	dialect string
}

func NewDriver(dialect string, c Conn) *Driver { return &Driver{Conn: c, dialect: dialect} }

func Open(dialect, source string) (*Driver, error) { return nil, nil }

func OpenDB(dialect string, db *sql.DB) *Driver { return NewDriver(dialect, Conn{db, dialect}) }

func (d Driver) DB() *sql.DB { return nil }

func (d Driver) Dialect() string { return d.dialect }

func (d *Driver) Close() error { return nil }

func (d *Driver) Tx(ctx context.Context) (dialect.Tx, error) { return nil, nil }

type Tx struct {
	Conn
	driver.Tx
}

type ExecQuerier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

type Conn struct {
	ExecQuerier
	dialect string
}

func (c Conn) Exec(ctx context.Context, query string, args, v any) (rerr error) { return nil }

func (c Conn) Query(ctx context.Context, query string, args, v any) error { return nil }

type (
	Result      = sql.Result
	NullBool    = sql.NullBool
	NullInt64   = sql.NullInt64
	NullString  = sql.NullString
	NullFloat64 = sql.NullFloat64
	NullTime    = sql.NullTime
)

// ---- builder.go ----

type Builder struct {
	sb        *strings.Builder
	dialect   string
	args      []any
	total     int
	errs      []error
	qualifier string
}

type Predicate struct {
	Builder
	depth int
	fns   []func(*Builder)
}

func P(fns ...func(*Builder)) *Predicate { return &Predicate{fns: fns} }

func EQ(col string, value any) *Predicate { return P() }

type Selector struct {
	Builder
	as    string
	where *Predicate
}

func (s *Selector) Where(p *Predicate) *Selector { return s }

func (s *Selector) C(column string) string { return column }

type SelectTable struct {
	Builder
	as     string
	name   string
	schema string
	quote  bool
}

type UpdateBuilder struct {
	Builder
	table   string
	schema  string
	where   *Predicate
	nulls   []string
	columns []string
	values  []any
}

func (u *UpdateBuilder) Set(column string, v any) *UpdateBuilder { return u }

func (u *UpdateBuilder) Add(column string, v any) *UpdateBuilder { return u }

func (u *UpdateBuilder) SetNull(column string) *UpdateBuilder { return u }

func (u *UpdateBuilder) Where(p *Predicate) *UpdateBuilder { return u }

type (
	conflict struct {
		target struct {
			constraint string
			columns    []string
			where      *Predicate
		}
		action struct {
			nothing bool
			where   *Predicate
			update  []func(*UpdateSet)
		}
	}

	ConflictOption func(*conflict)
)

func ConflictColumns(names ...string) ConflictOption { return func(*conflict) {} }

func ConflictConstraint(name string) ConflictOption { return func(*conflict) {} }

func ConflictWhere(p *Predicate) ConflictOption { return func(*conflict) {} }

func UpdateWhere(p *Predicate) ConflictOption { return func(*conflict) {} }

func DoNothing() ConflictOption { return func(c *conflict) { c.action.nothing = true } }

func ResolveWithIgnore() ConflictOption { return func(*conflict) {} }

func ResolveWithNewValues() ConflictOption { return func(*conflict) {} }

func ResolveWith(fn func(*UpdateSet)) ConflictOption { return func(*conflict) {} }

type UpdateSet struct {
	*UpdateBuilder
	columns []string
}

func (u *UpdateSet) Table() *SelectTable { return nil }

func (u *UpdateSet) Columns() []string { return u.columns }

func (u *UpdateSet) UpdateColumns() []string { return nil }

func (u *UpdateSet) Set(column string, v any) *UpdateSet { return u }

func (u *UpdateSet) Add(column string, v any) *UpdateSet { return u }

func (u *UpdateSet) SetNull(column string) *UpdateSet { return u }

func (u *UpdateSet) SetIgnore(name string) *UpdateSet { return u }

func (u *UpdateSet) SetExcluded(name string) *UpdateSet { return u }

// ---- sql.go ----

func FieldEQ(name string, v any) func(*Selector) { return func(*Selector) {} }

func FieldNEQ(name string, v any) func(*Selector) { return func(*Selector) {} }

func FieldGT(name string, v any) func(*Selector) { return func(*Selector) {} }

func FieldIn[T any](name string, vs ...T) func(*Selector) { return func(*Selector) {} }

func AndPredicates[P ~func(*Selector)](predicates ...P) func(*Selector) { return func(*Selector) {} }

func OrPredicates[P ~func(*Selector)](predicates ...P) func(*Selector) { return func(*Selector) {} }
