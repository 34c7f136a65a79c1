// Stub of github.com/uptrace/bun@v1.3.0 for analysistest: declarations mirror the real API; bodies are empty.

package bun

import (
	"context"
	"database/sql"
	"github.com/uptrace/bun/schema"
	"time"
)

type (
	Safe                  = schema.Safe
	Name                  = schema.Name
	Ident                 = schema.Ident
	Order                 = schema.Order
	NullTime              = schema.NullTime
	BaseModel             = schema.BaseModel
	Query                 = schema.Query
	BeforeAppendModelHook = schema.BeforeAppendModelHook
	BeforeScanRowHook     = schema.BeforeScanRowHook
	AfterScanRowHook      = schema.AfterScanRowHook
)

const (
	OrderAsc            = schema.OrderAsc
	OrderAscNullsFirst  = schema.OrderAscNullsFirst
	OrderAscNullsLast   = schema.OrderAscNullsLast
	OrderDesc           = schema.OrderDesc
	OrderDescNullsFirst = schema.OrderDescNullsFirst
	OrderDescNullsLast  = schema.OrderDescNullsLast
)

func SafeQuery(query string, args ...any) schema.QueryWithArgs {
	var r0 schema.QueryWithArgs
	return r0
}

type BeforeSelectHook interface {
	BeforeSelect(ctx context.Context, query *SelectQuery) error
}

type AfterSelectHook interface {
	AfterSelect(ctx context.Context, query *SelectQuery) error
}

type BeforeInsertHook interface {
	BeforeInsert(ctx context.Context, query *InsertQuery) error
}

type AfterInsertHook interface {
	AfterInsert(ctx context.Context, query *InsertQuery) error
}

type BeforeUpdateHook interface {
	BeforeUpdate(ctx context.Context, query *UpdateQuery) error
}

type AfterUpdateHook interface {
	AfterUpdate(ctx context.Context, query *UpdateQuery) error
}

type BeforeDeleteHook interface {
	BeforeDelete(ctx context.Context, query *DeleteQuery) error
}

type AfterDeleteHook interface {
	AfterDelete(ctx context.Context, query *DeleteQuery) error
}

func In(slice any) schema.QueryAppender {
	var r0 schema.QueryAppender
	return r0
}

func NullZero(value any) schema.QueryAppender {
	var r0 schema.QueryAppender
	return r0
}

type DBStats struct {
	Queries uint32
	Errors  uint32
}

type DBOption func(db *DB)

func WithOptions(opts ...DBOption) DBOption {
	var r0 DBOption
	return r0
}

func WithDiscardUnknownColumns() DBOption {
	var r0 DBOption
	return r0
}

type ConnResolver interface {
	ResolveConn(ctx context.Context, query Query) IConn
	Close() error
}

func NewDB(sqldb *sql.DB, dialect schema.Dialect, opts ...DBOption) *DB {
	return nil
}

func (db *DB) String() string {
	return ""
}

func (db *DB) Close() error {
	return nil
}

func (db *DB) DBStats() DBStats {
	var r0 DBStats
	return r0
}

func (db *DB) NewValues(model any) *ValuesQuery {
	return nil
}

func (db *DB) NewMerge() *MergeQuery {
	return nil
}

func (db *DB) NewSelect() *SelectQuery {
	return nil
}

func (db *DB) NewInsert() *InsertQuery {
	return nil
}

func (db *DB) NewUpdate() *UpdateQuery {
	return nil
}

func (db *DB) NewDelete() *DeleteQuery {
	return nil
}

func (db *DB) NewRaw(query string, args ...any) *RawQuery {
	return nil
}

func (db *DB) NewCreateTable() *CreateTableQuery {
	return nil
}

func (db *DB) NewDropTable() *DropTableQuery {
	return nil
}

func (db *DB) NewCreateIndex() *CreateIndexQuery {
	return nil
}

func (db *DB) NewDropIndex() *DropIndexQuery {
	return nil
}

func (db *DB) NewTruncateTable() *TruncateTableQuery {
	return nil
}

func (db *DB) NewAddColumn() *AddColumnQuery {
	return nil
}

func (db *DB) NewDropColumn() *DropColumnQuery {
	return nil
}

func (db *DB) ResetModel(ctx context.Context, models ...any) error {
	return nil
}

func (db *DB) Dialect() schema.Dialect {
	var r0 schema.Dialect
	return r0
}

func (db *DB) ScanRows(ctx context.Context, rows *sql.Rows, dest ...any) error {
	return nil
}

func (db *DB) ScanRow(ctx context.Context, rows *sql.Rows, dest ...any) error {
	return nil
}

func (db *DB) RegisterModel(models ...any) {
}

func (db *DB) WithNamedArg(name string, value any) *DB {
	return db
}

func (db *DB) WithQueryHook(hook QueryHook) *DB {
	return db
}

func (db *DB) AddQueryHook(hook QueryHook) {
}

func (db *DB) ResetQueryHooks() {
}

func (db *DB) UpdateFQN(alias, column string) Ident {
	var r0 Ident
	return r0
}

func (db *DB) Exec(query string, args ...any) (sql.Result, error) {
	var r0 sql.Result
	return r0, nil
}

func (db *DB) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	var r0 sql.Result
	return r0, nil
}

func (db *DB) Query(query string, args ...any) (*sql.Rows, error) {
	return nil, nil
}

func (db *DB) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return nil, nil
}

func (db *DB) QueryRow(query string, args ...any) *sql.Row {
	return nil
}

func (db *DB) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	return nil
}

func (db *DB) Conn(ctx context.Context) (Conn, error) {
	var r0 Conn
	return r0, nil
}

func (c Conn) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	var r0 sql.Result
	return r0, nil
}

func (c Conn) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return nil, nil
}

func (c Conn) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	return nil
}

func (c Conn) Dialect() schema.Dialect {
	var r0 schema.Dialect
	return r0
}

func (c Conn) NewValues(model any) *ValuesQuery {
	return nil
}

func (c Conn) NewMerge() *MergeQuery {
	return nil
}

func (c Conn) NewSelect() *SelectQuery {
	return nil
}

func (c Conn) NewInsert() *InsertQuery {
	return nil
}

func (c Conn) NewUpdate() *UpdateQuery {
	return nil
}

func (c Conn) NewDelete() *DeleteQuery {
	return nil
}

func (c Conn) NewRaw(query string, args ...any) *RawQuery {
	return nil
}

func (c Conn) NewCreateTable() *CreateTableQuery {
	return nil
}

func (c Conn) NewDropTable() *DropTableQuery {
	return nil
}

func (c Conn) NewCreateIndex() *CreateIndexQuery {
	return nil
}

func (c Conn) NewDropIndex() *DropIndexQuery {
	return nil
}

func (c Conn) NewTruncateTable() *TruncateTableQuery {
	return nil
}

func (c Conn) NewAddColumn() *AddColumnQuery {
	return nil
}

func (c Conn) NewDropColumn() *DropColumnQuery {
	return nil
}

func (c Conn) RunInTx(ctx context.Context, opts *sql.TxOptions, fn func(ctx context.Context, tx Tx) error) error {
	return nil
}

func (c Conn) BeginTx(ctx context.Context, opts *sql.TxOptions) (Tx, error) {
	var r0 Tx
	return r0, nil
}

func (db *DB) Prepare(query string) (Stmt, error) {
	var r0 Stmt
	return r0, nil
}

func (db *DB) PrepareContext(ctx context.Context, query string) (Stmt, error) {
	var r0 Stmt
	return r0, nil
}

func (db *DB) RunInTx(ctx context.Context, opts *sql.TxOptions, fn func(ctx context.Context, tx Tx) error) error {
	return nil
}

func (db *DB) Begin() (Tx, error) {
	var r0 Tx
	return r0, nil
}

func (db *DB) BeginTx(ctx context.Context, opts *sql.TxOptions) (Tx, error) {
	var r0 Tx
	return r0, nil
}

func (tx Tx) Commit() error {
	return nil
}

func (tx Tx) Rollback() error {
	return nil
}

func (tx Tx) Exec(query string, args ...any) (sql.Result, error) {
	var r0 sql.Result
	return r0, nil
}

func (tx Tx) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	var r0 sql.Result
	return r0, nil
}

func (tx Tx) Query(query string, args ...any) (*sql.Rows, error) {
	return nil, nil
}

func (tx Tx) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return nil, nil
}

func (tx Tx) QueryRow(query string, args ...any) *sql.Row {
	return nil
}

func (tx Tx) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	return nil
}

func (tx Tx) Begin() (Tx, error) {
	var r0 Tx
	return r0, nil
}

func (tx Tx) BeginTx(ctx context.Context, _ *sql.TxOptions) (Tx, error) {
	var r0 Tx
	return r0, nil
}

func (tx Tx) RunInTx(ctx context.Context, _ *sql.TxOptions, fn func(ctx context.Context, tx Tx) error) error {
	return nil
}

func (tx Tx) Dialect() schema.Dialect {
	var r0 schema.Dialect
	return r0
}

func (tx Tx) NewValues(model any) *ValuesQuery {
	return nil
}

func (tx Tx) NewMerge() *MergeQuery {
	return nil
}

func (tx Tx) NewSelect() *SelectQuery {
	return nil
}

func (tx Tx) NewInsert() *InsertQuery {
	return nil
}

func (tx Tx) NewUpdate() *UpdateQuery {
	return nil
}

func (tx Tx) NewDelete() *DeleteQuery {
	return nil
}

func (tx Tx) NewRaw(query string, args ...any) *RawQuery {
	return nil
}

func (tx Tx) NewCreateTable() *CreateTableQuery {
	return nil
}

func (tx Tx) NewDropTable() *DropTableQuery {
	return nil
}

func (tx Tx) NewCreateIndex() *CreateIndexQuery {
	return nil
}

func (tx Tx) NewDropIndex() *DropIndexQuery {
	return nil
}

func (tx Tx) NewTruncateTable() *TruncateTableQuery {
	return nil
}

func (tx Tx) NewAddColumn() *AddColumnQuery {
	return nil
}

func (tx Tx) NewDropColumn() *DropColumnQuery {
	return nil
}

type QueryEvent struct {
	DB            *DB
	IQuery        Query
	Query         string
	QueryTemplate string
	QueryArgs     []any
	Model         Model
	StartTime     time.Time
	Result        sql.Result
	Err           error
	Stash         map[any]any
}

func (e *QueryEvent) Operation() string {
	return ""
}

type QueryHook interface {
	BeforeQuery(context.Context, *QueryEvent) context.Context
	AfterQuery(context.Context, *QueryEvent)
}

type IConn interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

type IDB interface {
	IConn
	Dialect() schema.Dialect
	NewValues(model any) *ValuesQuery
	NewSelect() *SelectQuery
	NewInsert() *InsertQuery
	NewUpdate() *UpdateQuery
	NewDelete() *DeleteQuery
	NewMerge() *MergeQuery
	NewRaw(query string, args ...any) *RawQuery
	NewCreateTable() *CreateTableQuery
	NewDropTable() *DropTableQuery
	NewCreateIndex() *CreateIndexQuery
	NewDropIndex() *DropIndexQuery
	NewTruncateTable() *TruncateTableQuery
	NewAddColumn() *AddColumnQuery
	NewDropColumn() *DropColumnQuery
	BeginTx(ctx context.Context, opts *sql.TxOptions) (Tx, error)
	RunInTx(ctx context.Context, opts *sql.TxOptions, f func(ctx context.Context, tx Tx) error) error
}

type QueryBuilder interface {
	Query
	Where(query string, args ...any) QueryBuilder
	WhereGroup(sep string, fn func(QueryBuilder) QueryBuilder) QueryBuilder
	WhereOr(query string, args ...any) QueryBuilder
	WhereDeleted() QueryBuilder
	WhereAllWithDeleted() QueryBuilder
	WherePK(cols ...string) QueryBuilder
	Unwrap() any
}

func (q *baseQuery) DB() *DB {
	return nil
}

func (q *baseQuery) GetModel() Model {
	var r0 Model
	return r0
}

func (q *baseQuery) GetTableName() string {
	return ""
}

func NewWithQuery(name string, query Query) *WithQuery {
	return nil
}

func (q *WithQuery) Recursive() *WithQuery {
	return q
}

func (q *WithQuery) Materialized() *WithQuery {
	return q
}

func (q *WithQuery) NotMaterialized() *WithQuery {
	return q
}

func (q *baseQuery) AppendNamedArg(gen schema.QueryGen, b []byte, name string) ([]byte, bool) {
	return nil, false
}

func (q *baseQuery) Dialect() schema.Dialect {
	var r0 schema.Dialect
	return r0
}

func (q *baseQuery) NewValues(model any) *ValuesQuery {
	return nil
}

func (q *baseQuery) NewSelect() *SelectQuery {
	return nil
}

func (q *baseQuery) NewInsert() *InsertQuery {
	return nil
}

func (q *baseQuery) NewUpdate() *UpdateQuery {
	return nil
}

func (q *baseQuery) NewDelete() *DeleteQuery {
	return nil
}

func (q *baseQuery) NewRaw(query string, args ...any) *RawQuery {
	return nil
}

func (q *baseQuery) NewCreateTable() *CreateTableQuery {
	return nil
}

func (q *baseQuery) NewDropTable() *DropTableQuery {
	return nil
}

func (q *baseQuery) NewCreateIndex() *CreateIndexQuery {
	return nil
}

func (q *baseQuery) NewDropIndex() *DropIndexQuery {
	return nil
}

func (q *baseQuery) NewTruncateTable() *TruncateTableQuery {
	return nil
}

func (q *baseQuery) NewAddColumn() *AddColumnQuery {
	return nil
}

func (q *baseQuery) NewDropColumn() *DropColumnQuery {
	return nil
}

// ---- struct types (unexported fields reduced) ----

type DB struct {
	*noCopyState

	gen        schema.QueryGen
	queryHooks []QueryHook
}

type noCopyState struct {
	*sql.DB
	dialect  schema.Dialect
	resolver ConnResolver
}

type Conn struct {
	db *DB
	*sql.Conn
}

type Stmt struct {
	*sql.Stmt
}

type Tx struct {
	ctx  context.Context
	db   *DB
	name string
	*sql.Tx
}

type Model = schema.Model

type TableModel interface {
	Model

	schema.BeforeAppendModelHook
	schema.BeforeScanRowHook
	schema.AfterScanRowHook
}

type WithQuery struct {
	name            string
	query           Query
	recursive       bool
	materialized    bool
	notMaterialized bool
}

type baseQuery struct {
	db   *DB
	conn IConn

	model Model
	err   error

	tableModel TableModel
	table      *schema.Table

	with           []WithQuery
	modelTableName schema.QueryWithArgs
	tables         []schema.QueryWithArgs
	columns        []schema.QueryWithArgs
}

type whereBaseQuery struct {
	baseQuery

	where       []schema.QueryWithSep
	whereFields []*schema.Field
	whereHasOr  bool
}

type returningQuery struct {
	returning       []schema.QueryWithArgs
	returningFields []*schema.Field
}

type columnValue struct {
	column string
	value  schema.QueryWithArgs
}

type customValueQuery struct {
	modelValues map[string]schema.QueryWithArgs
	extraValues []columnValue
}

type setQuery struct {
	set       []schema.QueryWithArgs
	setValues *ValuesQuery
	omitZero  bool
}

type cascadeQuery struct {
	cascade  bool
	restrict bool
}

type indexHints struct {
	names    []schema.QueryWithArgs
	forJoin  []schema.QueryWithArgs
	forOrder []schema.QueryWithArgs
	forGroup []schema.QueryWithArgs
}

type idxHintsQuery struct {
	use    *indexHints
	ignore *indexHints
	force  *indexHints
}

type orderLimitOffsetQuery struct {
	order []schema.QueryWithArgs

	limit  int64
	offset int64
}

type joinQuery struct {
	join schema.QueryWithArgs
	on   []schema.QueryWithSep
}

type InsertQuery struct {
	whereBaseQuery
	returningQuery
	customValueQuery

	on schema.QueryWithArgs
	setQuery

	ignore  bool
	replace bool
	comment string
}

type UpdateQuery struct {
	whereBaseQuery
	orderLimitOffsetQuery
	returningQuery
	setQuery
	idxHintsQuery

	joins   []joinQuery
	comment string
}

type DeleteQuery struct {
	whereBaseQuery
	orderLimitOffsetQuery
	returningQuery

	comment string
}

type SelectQuery struct {
	whereBaseQuery
	idxHintsQuery
	orderLimitOffsetQuery

	distinctOn []schema.QueryWithArgs
	joins      []joinQuery
	group      []schema.QueryWithArgs
	having     []schema.QueryWithArgs
	selFor     schema.QueryWithArgs
	union      []union
	comment    string
}

type union struct {
	expr  string
	query *SelectQuery
}

type RawQuery struct {
	baseQuery

	query   string
	args    []any
	comment string
}

type MergeQuery struct {
	baseQuery
	returningQuery

	using   schema.QueryWithArgs
	on      schema.QueryWithArgs
	when    []schema.QueryAppender
	comment string
}

type TruncateTableQuery struct {
	baseQuery
	cascadeQuery

	continueIdentity bool
	comment          string
}

type ValuesQuery struct {
	baseQuery
	customValueQuery

	withOrder bool
	comment   string
}

// DDL query types are declared only so that IDB type-checks.

type CreateTableQuery struct{ baseQuery }

// Model, IfNotExists and Exec: the table created from a model's tags
// (bun@v1.2.18 query_table_create.go).
func (q *CreateTableQuery) Model(model any) *CreateTableQuery { return q }

func (q *CreateTableQuery) IfNotExists() *CreateTableQuery { return q }

func (q *CreateTableQuery) Exec(ctx context.Context, dest ...any) (sql.Result, error) {
	return nil, nil
}

type DropTableQuery struct {
	baseQuery
	cascadeQuery
}

type CreateIndexQuery struct{ whereBaseQuery }

type DropIndexQuery struct {
	baseQuery
	cascadeQuery
}

type AddColumnQuery struct{ baseQuery }

type DropColumnQuery struct{ baseQuery }

type RelationOpts struct {
	Apply                      func(*SelectQuery) *SelectQuery
	AdditionalJoinOnConditions []schema.QueryWithArgs
}

func (q *SelectQuery) Relation(name string, apply ...func(*SelectQuery) *SelectQuery) *SelectQuery {
	return q
}
