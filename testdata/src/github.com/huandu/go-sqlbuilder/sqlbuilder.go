// Package sqlbuilder is a stub of github.com/huandu/go-sqlbuilder
// v1.14.1: the signatures the analyzer reads, no SQL building.
package sqlbuilder

type Flavor int

const (
	MySQL Flavor = iota + 1
	PostgreSQL
)

var DefaultFlavor = MySQL

func (f Flavor) NewInsertBuilder() *InsertBuilder { return &InsertBuilder{} }
func (f Flavor) NewUpdateBuilder() *UpdateBuilder { return &UpdateBuilder{} }
func (f Flavor) NewDeleteBuilder() *DeleteBuilder { return &DeleteBuilder{} }
func (f Flavor) NewSelectBuilder() *SelectBuilder { return &SelectBuilder{} }

type Cond struct{}

func (c *Cond) Equal(field string, value interface{}) string       { return "" }
func (c *Cond) E(field string, value interface{}) string           { return "" }
func (c *Cond) NotEqual(field string, value interface{}) string    { return "" }
func (c *Cond) GreaterThan(field string, value interface{}) string { return "" }
func (c *Cond) In(field string, value ...interface{}) string       { return "" }
func (c *Cond) IsNull(field string) string                         { return "" }
func (c *Cond) Or(orExpr ...string) string                         { return "" }
func (c *Cond) And(andExpr ...string) string                       { return "" }
func (c *Cond) Var(value interface{}) string                       { return "" }

func NewInsertBuilder() *InsertBuilder       { return DefaultFlavor.NewInsertBuilder() }
func InsertInto(table string) *InsertBuilder { return NewInsertBuilder().InsertInto(table) }
func NewUpdateBuilder() *UpdateBuilder       { return DefaultFlavor.NewUpdateBuilder() }
func Update(table string) *UpdateBuilder     { return NewUpdateBuilder().Update(table) }
func NewDeleteBuilder() *DeleteBuilder       { return DefaultFlavor.NewDeleteBuilder() }
func DeleteFrom(table string) *DeleteBuilder { return NewDeleteBuilder().DeleteFrom(table) }
func NewSelectBuilder() *SelectBuilder       { return DefaultFlavor.NewSelectBuilder() }
func Select(col ...string) *SelectBuilder    { return NewSelectBuilder().Select(col...) }

type InsertBuilder struct{}

func (ib *InsertBuilder) InsertInto(table string) *InsertBuilder       { return ib }
func (ib *InsertBuilder) InsertIgnoreInto(table string) *InsertBuilder { return ib }
func (ib *InsertBuilder) Cols(col ...string) *InsertBuilder            { return ib }
func (ib *InsertBuilder) Values(value ...interface{}) *InsertBuilder   { return ib }
func (ib *InsertBuilder) SQL(sql string) *InsertBuilder                { return ib }
func (ib *InsertBuilder) String() string                               { return "" }
func (ib *InsertBuilder) Build() (sql string, args []interface{})      { return "", nil }

type UpdateBuilder struct{ Cond }

func (ub *UpdateBuilder) Update(table string) *UpdateBuilder            { return ub }
func (ub *UpdateBuilder) Set(assignment ...string) *UpdateBuilder       { return ub }
func (ub *UpdateBuilder) SetMore(assignment ...string) *UpdateBuilder   { return ub }
func (ub *UpdateBuilder) Where(andExpr ...string) *UpdateBuilder        { return ub }
func (ub *UpdateBuilder) Assign(field string, value interface{}) string { return "" }
func (ub *UpdateBuilder) Incr(field string) string                      { return "" }
func (ub *UpdateBuilder) Add(field string, value interface{}) string    { return "" }
func (ub *UpdateBuilder) Build() (sql string, args []interface{})       { return "", nil }

type DeleteBuilder struct{ Cond }

func (db *DeleteBuilder) DeleteFrom(table string) *DeleteBuilder  { return db }
func (db *DeleteBuilder) Where(andExpr ...string) *DeleteBuilder  { return db }
func (db *DeleteBuilder) Build() (sql string, args []interface{}) { return "", nil }

type SelectBuilder struct{ Cond }

func (sb *SelectBuilder) Select(col ...string) *SelectBuilder     { return sb }
func (sb *SelectBuilder) From(table ...string) *SelectBuilder     { return sb }
func (sb *SelectBuilder) Where(andExpr ...string) *SelectBuilder  { return sb }
func (sb *SelectBuilder) ForUpdate() *SelectBuilder               { return sb }
func (sb *SelectBuilder) Build() (sql string, args []interface{}) { return "", nil }
