// Stub of github.com/uptrace/bun@v1.3.0 for analysistest: declarations mirror the real API; bodies are empty.

package bun

import (
	"context"
	"database/sql"
	"github.com/uptrace/bun/schema"
)

func NewDeleteQuery(db *DB) *DeleteQuery {
	return nil
}

func (q *DeleteQuery) Conn(db IConn) *DeleteQuery {
	return q
}

func (q *DeleteQuery) Model(model any) *DeleteQuery {
	return q
}

func (q *DeleteQuery) Err(err error) *DeleteQuery {
	return q
}

func (q *DeleteQuery) Apply(fns ...func(*DeleteQuery) *DeleteQuery) *DeleteQuery {
	return q
}

func (q *DeleteQuery) With(name string, query Query) *DeleteQuery {
	return q
}

func (q *DeleteQuery) WithRecursive(name string, query Query) *DeleteQuery {
	return q
}

func (q *DeleteQuery) WithQuery(query *WithQuery) *DeleteQuery {
	return q
}

func (q *DeleteQuery) Table(tables ...string) *DeleteQuery {
	return q
}

func (q *DeleteQuery) TableExpr(query string, args ...any) *DeleteQuery {
	return q
}

func (q *DeleteQuery) ModelTableExpr(query string, args ...any) *DeleteQuery {
	return q
}

func (q *DeleteQuery) WherePK(cols ...string) *DeleteQuery {
	return q
}

func (q *DeleteQuery) Where(query string, args ...any) *DeleteQuery {
	return q
}

func (q *DeleteQuery) WhereOr(query string, args ...any) *DeleteQuery {
	return q
}

func (q *DeleteQuery) WhereGroup(sep string, fn func(*DeleteQuery) *DeleteQuery) *DeleteQuery {
	return q
}

func (q *DeleteQuery) WhereDeleted() *DeleteQuery {
	return q
}

func (q *DeleteQuery) WhereAllWithDeleted() *DeleteQuery {
	return q
}

func (q *DeleteQuery) Order(orders ...string) *DeleteQuery {
	return q
}

func (q *DeleteQuery) OrderExpr(query string, args ...any) *DeleteQuery {
	return q
}

func (q *DeleteQuery) ForceDelete() *DeleteQuery {
	return q
}

func (q *DeleteQuery) Limit(n int64) *DeleteQuery {
	return q
}

func (q *DeleteQuery) Returning(query string, args ...any) *DeleteQuery {
	return q
}

func (q *DeleteQuery) Comment(comment string) *DeleteQuery {
	return q
}

func (q *DeleteQuery) Operation() string {
	return ""
}

func (q *DeleteQuery) AppendQuery(gen schema.QueryGen, b []byte) (_ []byte, err error) {
	return
}

func (q *DeleteQuery) Scan(ctx context.Context, dest ...any) error {
	return nil
}

func (q *DeleteQuery) Exec(ctx context.Context, dest ...any) (sql.Result, error) {
	var r0 sql.Result
	return r0, nil
}

func (q *DeleteQuery) String() string {
	return ""
}

func NewInsertQuery(db *DB) *InsertQuery {
	return nil
}

func (q *InsertQuery) Conn(db IConn) *InsertQuery {
	return q
}

func (q *InsertQuery) Model(model any) *InsertQuery {
	return q
}

func (q *InsertQuery) Err(err error) *InsertQuery {
	return q
}

func (q *InsertQuery) Apply(fns ...func(*InsertQuery) *InsertQuery) *InsertQuery {
	return q
}

func (q *InsertQuery) With(name string, query Query) *InsertQuery {
	return q
}

func (q *InsertQuery) WithRecursive(name string, query Query) *InsertQuery {
	return q
}

func (q *InsertQuery) WithQuery(query *WithQuery) *InsertQuery {
	return q
}

func (q *InsertQuery) Table(tables ...string) *InsertQuery {
	return q
}

func (q *InsertQuery) TableExpr(query string, args ...any) *InsertQuery {
	return q
}

func (q *InsertQuery) ModelTableExpr(query string, args ...any) *InsertQuery {
	return q
}

func (q *InsertQuery) Column(columns ...string) *InsertQuery {
	return q
}

func (q *InsertQuery) ColumnExpr(query string, args ...any) *InsertQuery {
	return q
}

func (q *InsertQuery) ExcludeColumn(columns ...string) *InsertQuery {
	return q
}

func (q *InsertQuery) Value(column string, expr string, args ...any) *InsertQuery {
	return q
}

func (q *InsertQuery) Where(query string, args ...any) *InsertQuery {
	return q
}

func (q *InsertQuery) WhereOr(query string, args ...any) *InsertQuery {
	return q
}

func (q *InsertQuery) Returning(query string, args ...any) *InsertQuery {
	return q
}

func (q *InsertQuery) Ignore() *InsertQuery {
	return q
}

func (q *InsertQuery) Replace() *InsertQuery {
	return q
}

func (q *InsertQuery) Comment(comment string) *InsertQuery {
	return q
}

func (q *InsertQuery) Operation() string {
	return ""
}

func (q *InsertQuery) AppendQuery(gen schema.QueryGen, b []byte) (_ []byte, err error) {
	return
}

func (q *InsertQuery) On(s string, args ...any) *InsertQuery {
	return q
}

func (q *InsertQuery) Set(query string, args ...any) *InsertQuery {
	return q
}

func (q *InsertQuery) SetValues(values *ValuesQuery) *InsertQuery {
	return q
}

func (q *InsertQuery) Scan(ctx context.Context, dest ...any) error {
	return nil
}

func (q *InsertQuery) Exec(ctx context.Context, dest ...any) (sql.Result, error) {
	var r0 sql.Result
	return r0, nil
}

func (q *InsertQuery) String() string {
	return ""
}

func NewMergeQuery(db *DB) *MergeQuery {
	return nil
}

func (q *MergeQuery) Conn(db IConn) *MergeQuery {
	return q
}

func (q *MergeQuery) Model(model any) *MergeQuery {
	return q
}

func (q *MergeQuery) Err(err error) *MergeQuery {
	return q
}

func (q *MergeQuery) Apply(fns ...func(*MergeQuery) *MergeQuery) *MergeQuery {
	return q
}

func (q *MergeQuery) With(name string, query Query) *MergeQuery {
	return q
}

func (q *MergeQuery) WithRecursive(name string, query Query) *MergeQuery {
	return q
}

func (q *MergeQuery) WithQuery(query *WithQuery) *MergeQuery {
	return q
}

func (q *MergeQuery) Table(tables ...string) *MergeQuery {
	return q
}

func (q *MergeQuery) TableExpr(query string, args ...any) *MergeQuery {
	return q
}

func (q *MergeQuery) ModelTableExpr(query string, args ...any) *MergeQuery {
	return q
}

func (q *MergeQuery) Returning(query string, args ...any) *MergeQuery {
	return q
}

func (q *MergeQuery) Using(s string, args ...any) *MergeQuery {
	return q
}

func (q *MergeQuery) On(s string, args ...any) *MergeQuery {
	return q
}

func (q *MergeQuery) WhenInsert(expr string, fn func(q *InsertQuery) *InsertQuery) *MergeQuery {
	return q
}

func (q *MergeQuery) WhenUpdate(expr string, fn func(q *UpdateQuery) *UpdateQuery) *MergeQuery {
	return q
}

func (q *MergeQuery) WhenDelete(expr string) *MergeQuery {
	return q
}

func (q *MergeQuery) When(expr string, args ...any) *MergeQuery {
	return q
}

func (q *MergeQuery) Comment(comment string) *MergeQuery {
	return q
}

func (q *MergeQuery) Operation() string {
	return ""
}

func (q *MergeQuery) AppendQuery(gen schema.QueryGen, b []byte) (_ []byte, err error) {
	return
}

func (q *MergeQuery) Scan(ctx context.Context, dest ...any) error {
	return nil
}

func (q *MergeQuery) Exec(ctx context.Context, dest ...any) (sql.Result, error) {
	var r0 sql.Result
	return r0, nil
}

func (q *MergeQuery) String() string {
	return ""
}

func NewRawQuery(db *DB, query string, args ...any) *RawQuery {
	return nil
}

func (q *RawQuery) Conn(db IConn) *RawQuery {
	return q
}

func (q *RawQuery) Err(err error) *RawQuery {
	return q
}

func (q *RawQuery) Exec(ctx context.Context, dest ...any) (sql.Result, error) {
	var r0 sql.Result
	return r0, nil
}

func (q *RawQuery) Scan(ctx context.Context, dest ...any) error {
	return nil
}

func (q *RawQuery) Comment(comment string) *RawQuery {
	return q
}

func (q *RawQuery) AppendQuery(gen schema.QueryGen, b []byte) ([]byte, error) {
	return nil, nil
}

func (q *RawQuery) Operation() string {
	return ""
}

func (q *RawQuery) String() string {
	return ""
}

func NewSelectQuery(db *DB) *SelectQuery {
	return nil
}

func (q *SelectQuery) Conn(db IConn) *SelectQuery {
	return q
}

func (q *SelectQuery) Model(model any) *SelectQuery {
	return q
}

func (q *SelectQuery) Err(err error) *SelectQuery {
	return q
}

func (q *SelectQuery) Apply(fns ...func(*SelectQuery) *SelectQuery) *SelectQuery {
	return q
}

func (q *SelectQuery) With(name string, query Query) *SelectQuery {
	return q
}

func (q *SelectQuery) WithRecursive(name string, query Query) *SelectQuery {
	return q
}

func (q *SelectQuery) WithQuery(query *WithQuery) *SelectQuery {
	return q
}

func (q *SelectQuery) Distinct() *SelectQuery {
	return q
}

func (q *SelectQuery) DistinctOn(query string, args ...any) *SelectQuery {
	return q
}

func (q *SelectQuery) Table(tables ...string) *SelectQuery {
	return q
}

func (q *SelectQuery) TableExpr(query string, args ...any) *SelectQuery {
	return q
}

func (q *SelectQuery) ModelTableExpr(query string, args ...any) *SelectQuery {
	return q
}

func (q *SelectQuery) Column(columns ...string) *SelectQuery {
	return q
}

func (q *SelectQuery) ColumnExpr(query string, args ...any) *SelectQuery {
	return q
}

func (q *SelectQuery) ExcludeColumn(columns ...string) *SelectQuery {
	return q
}

func (q *SelectQuery) WherePK(cols ...string) *SelectQuery {
	return q
}

func (q *SelectQuery) Where(query string, args ...any) *SelectQuery {
	return q
}

func (q *SelectQuery) WhereOr(query string, args ...any) *SelectQuery {
	return q
}

func (q *SelectQuery) WhereGroup(sep string, fn func(*SelectQuery) *SelectQuery) *SelectQuery {
	return q
}

func (q *SelectQuery) WhereDeleted() *SelectQuery {
	return q
}

func (q *SelectQuery) WhereAllWithDeleted() *SelectQuery {
	return q
}

func (q *SelectQuery) UseIndex(indexes ...string) *SelectQuery {
	return q
}

func (q *SelectQuery) UseIndexForJoin(indexes ...string) *SelectQuery {
	return q
}

func (q *SelectQuery) UseIndexForOrderBy(indexes ...string) *SelectQuery {
	return q
}

func (q *SelectQuery) UseIndexForGroupBy(indexes ...string) *SelectQuery {
	return q
}

func (q *SelectQuery) IgnoreIndex(indexes ...string) *SelectQuery {
	return q
}

func (q *SelectQuery) IgnoreIndexForJoin(indexes ...string) *SelectQuery {
	return q
}

func (q *SelectQuery) IgnoreIndexForOrderBy(indexes ...string) *SelectQuery {
	return q
}

func (q *SelectQuery) IgnoreIndexForGroupBy(indexes ...string) *SelectQuery {
	return q
}

func (q *SelectQuery) ForceIndex(indexes ...string) *SelectQuery {
	return q
}

func (q *SelectQuery) ForceIndexForJoin(indexes ...string) *SelectQuery {
	return q
}

func (q *SelectQuery) ForceIndexForOrderBy(indexes ...string) *SelectQuery {
	return q
}

func (q *SelectQuery) ForceIndexForGroupBy(indexes ...string) *SelectQuery {
	return q
}

func (q *SelectQuery) Group(columns ...string) *SelectQuery {
	return q
}

func (q *SelectQuery) GroupExpr(group string, args ...any) *SelectQuery {
	return q
}

func (q *SelectQuery) Having(having string, args ...any) *SelectQuery {
	return q
}

func (q *SelectQuery) Order(orders ...string) *SelectQuery {
	return q
}

func (q *SelectQuery) OrderBy(colName string, sortDir Order) *SelectQuery {
	return q
}

func (q *SelectQuery) OrderExpr(query string, args ...any) *SelectQuery {
	return q
}

func (q *SelectQuery) Limit(n int64) *SelectQuery {
	return q
}

func (q *SelectQuery) Offset(n int64) *SelectQuery {
	return q
}

func (q *SelectQuery) For(s string, args ...any) *SelectQuery {
	return q
}

func (q *SelectQuery) Union(other *SelectQuery) *SelectQuery {
	return q
}

func (q *SelectQuery) UnionAll(other *SelectQuery) *SelectQuery {
	return q
}

func (q *SelectQuery) Intersect(other *SelectQuery) *SelectQuery {
	return q
}

func (q *SelectQuery) IntersectAll(other *SelectQuery) *SelectQuery {
	return q
}

func (q *SelectQuery) Except(other *SelectQuery) *SelectQuery {
	return q
}

func (q *SelectQuery) ExceptAll(other *SelectQuery) *SelectQuery {
	return q
}

func (q *SelectQuery) Join(join string, args ...any) *SelectQuery {
	return q
}

func (q *SelectQuery) JoinOn(cond string, args ...any) *SelectQuery {
	return q
}

func (q *SelectQuery) JoinOnOr(cond string, args ...any) *SelectQuery {
	return q
}

func (q *SelectQuery) RelationWithOpts(name string, opts RelationOpts) *SelectQuery {
	return q
}

func (q *SelectQuery) Comment(comment string) *SelectQuery {
	return q
}

func (q *SelectQuery) Operation() string {
	return ""
}

func (q *SelectQuery) AppendQuery(gen schema.QueryGen, b []byte) (_ []byte, err error) {
	return
}

func (q *SelectQuery) Rows(ctx context.Context) (*sql.Rows, error) {
	return nil, nil
}

func (q *SelectQuery) Exec(ctx context.Context, dest ...any) (res sql.Result, err error) {
	return
}

func (q *SelectQuery) Scan(ctx context.Context, dest ...any) error {
	return nil
}

func (q *SelectQuery) Count(ctx context.Context) (int64, error) {
	return 0, nil
}

func (q *SelectQuery) ScanAndCount(ctx context.Context, dest ...any) (int64, error) {
	return 0, nil
}

func (q *SelectQuery) Exists(ctx context.Context) (bool, error) {
	return false, nil
}

func (q *SelectQuery) String() string {
	return ""
}

func (q *SelectQuery) Clone() *SelectQuery {
	return q
}

func NewTruncateTableQuery(db *DB) *TruncateTableQuery {
	return nil
}

func (q *TruncateTableQuery) Conn(db IConn) *TruncateTableQuery {
	return q
}

func (q *TruncateTableQuery) Model(model any) *TruncateTableQuery {
	return q
}

func (q *TruncateTableQuery) Err(err error) *TruncateTableQuery {
	return q
}

func (q *TruncateTableQuery) Table(tables ...string) *TruncateTableQuery {
	return q
}

func (q *TruncateTableQuery) TableExpr(query string, args ...any) *TruncateTableQuery {
	return q
}

func (q *TruncateTableQuery) ModelTableExpr(query string, args ...any) *TruncateTableQuery {
	return q
}

func (q *TruncateTableQuery) ContinueIdentity() *TruncateTableQuery {
	return q
}

func (q *TruncateTableQuery) Cascade() *TruncateTableQuery {
	return q
}

func (q *TruncateTableQuery) Restrict() *TruncateTableQuery {
	return q
}

func (q *TruncateTableQuery) Comment(comment string) *TruncateTableQuery {
	return q
}

func (q *TruncateTableQuery) Operation() string {
	return ""
}

func (q *TruncateTableQuery) AppendQuery(gen schema.QueryGen, b []byte) (_ []byte, err error) {
	return
}

func (q *TruncateTableQuery) Exec(ctx context.Context, dest ...any) (sql.Result, error) {
	var r0 sql.Result
	return r0, nil
}

func NewUpdateQuery(db *DB) *UpdateQuery {
	return nil
}

func (q *UpdateQuery) Conn(db IConn) *UpdateQuery {
	return q
}

func (q *UpdateQuery) Model(model any) *UpdateQuery {
	return q
}

func (q *UpdateQuery) Err(err error) *UpdateQuery {
	return q
}

func (q *UpdateQuery) Apply(fns ...func(*UpdateQuery) *UpdateQuery) *UpdateQuery {
	return q
}

func (q *UpdateQuery) With(name string, query Query) *UpdateQuery {
	return q
}

func (q *UpdateQuery) WithRecursive(name string, query Query) *UpdateQuery {
	return q
}

func (q *UpdateQuery) WithQuery(query *WithQuery) *UpdateQuery {
	return q
}

func (q *UpdateQuery) Table(tables ...string) *UpdateQuery {
	return q
}

func (q *UpdateQuery) TableExpr(query string, args ...any) *UpdateQuery {
	return q
}

func (q *UpdateQuery) ModelTableExpr(query string, args ...any) *UpdateQuery {
	return q
}

func (q *UpdateQuery) Column(columns ...string) *UpdateQuery {
	return q
}

func (q *UpdateQuery) ExcludeColumn(columns ...string) *UpdateQuery {
	return q
}

func (q *UpdateQuery) Set(query string, args ...any) *UpdateQuery {
	return q
}

func (q *UpdateQuery) SetColumn(column string, query string, args ...any) *UpdateQuery {
	return q
}

func (q *UpdateQuery) Value(column string, query string, args ...any) *UpdateQuery {
	return q
}

func (q *UpdateQuery) OmitZero() *UpdateQuery {
	return q
}

func (q *UpdateQuery) Join(join string, args ...any) *UpdateQuery {
	return q
}

func (q *UpdateQuery) JoinOn(cond string, args ...any) *UpdateQuery {
	return q
}

func (q *UpdateQuery) JoinOnOr(cond string, args ...any) *UpdateQuery {
	return q
}

func (q *UpdateQuery) WherePK(cols ...string) *UpdateQuery {
	return q
}

func (q *UpdateQuery) Where(query string, args ...any) *UpdateQuery {
	return q
}

func (q *UpdateQuery) WhereOr(query string, args ...any) *UpdateQuery {
	return q
}

func (q *UpdateQuery) WhereGroup(sep string, fn func(*UpdateQuery) *UpdateQuery) *UpdateQuery {
	return q
}

func (q *UpdateQuery) WhereDeleted() *UpdateQuery {
	return q
}

func (q *UpdateQuery) WhereAllWithDeleted() *UpdateQuery {
	return q
}

func (q *UpdateQuery) Order(orders ...string) *UpdateQuery {
	return q
}

func (q *UpdateQuery) OrderExpr(query string, args ...any) *UpdateQuery {
	return q
}

func (q *UpdateQuery) Limit(n int64) *UpdateQuery {
	return q
}

func (q *UpdateQuery) Returning(query string, args ...any) *UpdateQuery {
	return q
}

func (q *UpdateQuery) Comment(comment string) *UpdateQuery {
	return q
}

func (q *UpdateQuery) Operation() string {
	return ""
}

func (q *UpdateQuery) AppendQuery(gen schema.QueryGen, b []byte) (_ []byte, err error) {
	return
}

func (q *UpdateQuery) Bulk() *UpdateQuery {
	return q
}

func (q *UpdateQuery) Scan(ctx context.Context, dest ...any) error {
	return nil
}

func (q *UpdateQuery) Exec(ctx context.Context, dest ...any) (sql.Result, error) {
	var r0 sql.Result
	return r0, nil
}

func (q *UpdateQuery) FQN(column string) Ident {
	var r0 Ident
	return r0
}

func (q *UpdateQuery) String() string {
	return ""
}

func (q *UpdateQuery) UseIndex(indexes ...string) *UpdateQuery {
	return q
}

func (q *UpdateQuery) IgnoreIndex(indexes ...string) *UpdateQuery {
	return q
}

func (q *UpdateQuery) ForceIndex(indexes ...string) *UpdateQuery {
	return q
}

func NewValuesQuery(db *DB, model any) *ValuesQuery {
	return nil
}

func (q *ValuesQuery) Conn(db IConn) *ValuesQuery {
	return q
}

func (q *ValuesQuery) Err(err error) *ValuesQuery {
	return q
}

func (q *ValuesQuery) Column(columns ...string) *ValuesQuery {
	return q
}

func (q *ValuesQuery) Value(column string, expr string, args ...any) *ValuesQuery {
	return q
}

func (q *ValuesQuery) OmitZero() *ValuesQuery {
	return q
}

func (q *ValuesQuery) WithOrder() *ValuesQuery {
	return q
}

func (q *ValuesQuery) Comment(comment string) *ValuesQuery {
	return q
}

func (q *ValuesQuery) AppendNamedArg(gen schema.QueryGen, b []byte, name string) ([]byte, bool) {
	return nil, false
}

func (q *ValuesQuery) AppendColumns(gen schema.QueryGen, b []byte) (_ []byte, err error) {
	return
}

func (q *ValuesQuery) Operation() string {
	return ""
}

func (q *ValuesQuery) AppendQuery(gen schema.QueryGen, b []byte) (_ []byte, err error) {
	return
}
