// Stub of gorm.io/gorm@v1.31.2 for analysistest: declarations mirror the real API; bodies are empty.

package gorm

import (
	"context"
	"database/sql"

	"gorm.io/gorm/clause"
)

// ---- generics.go ----

type result struct {
	Result       sql.Result
	RowsAffected int64
	Error        error
}

func (info *result) ModifyStatement(stmt *Statement) { stmt.Result = info }

// Build implements clause.Expression interface
func (result) Build(clause.Builder) {}

func WithResult() *result { return &result{} }

type Interface[T any] interface {
	Raw(sql string, values ...interface{}) ExecInterface[T]
	Exec(ctx context.Context, sql string, values ...interface{}) error
	CreateInterface[T]
}

type CreateInterface[T any] interface {
	ExecInterface[T]
	// chain methods available at start; Select/Omit keep CreateInterface to allow Create chaining
	Scopes(scopes ...func(db *Statement)) ChainInterface[T]
	Where(query interface{}, args ...interface{}) ChainInterface[T]
	Not(query interface{}, args ...interface{}) ChainInterface[T]
	Or(query interface{}, args ...interface{}) ChainInterface[T]
	Limit(offset int) ChainInterface[T]
	Offset(offset int) ChainInterface[T]
	Joins(query clause.JoinTarget, on func(db JoinBuilder, joinTable clause.Table, curTable clause.Table) error) ChainInterface[T]
	Preload(association string, query func(db PreloadBuilder) error) ChainInterface[T]
	Select(query string, args ...interface{}) CreateInterface[T]
	Omit(columns ...string) CreateInterface[T]
	MapColumns(m map[string]string) ChainInterface[T]
	Distinct(args ...interface{}) ChainInterface[T]
	Group(name string) ChainInterface[T]
	Having(query interface{}, args ...interface{}) ChainInterface[T]
	Order(value interface{}) ChainInterface[T]
	Build(builder clause.Builder)

	Delete(ctx context.Context) (rowsAffected int, err error)
	Update(ctx context.Context, name string, value any) (rowsAffected int, err error)
	Updates(ctx context.Context, t T) (rowsAffected int, err error)
	Count(ctx context.Context, column string) (result int64, err error)

	Table(name string, args ...interface{}) CreateInterface[T]
	Create(ctx context.Context, r *T) error
	CreateInBatches(ctx context.Context, r *[]T, batchSize int) error
	Set(assignments ...clause.Assigner) SetCreateOrUpdateInterface[T]
}

type ChainInterface[T any] interface {
	ExecInterface[T]
	Scopes(scopes ...func(db *Statement)) ChainInterface[T]
	Where(query interface{}, args ...interface{}) ChainInterface[T]
	Not(query interface{}, args ...interface{}) ChainInterface[T]
	Or(query interface{}, args ...interface{}) ChainInterface[T]
	Limit(offset int) ChainInterface[T]
	Offset(offset int) ChainInterface[T]
	Joins(query clause.JoinTarget, on func(db JoinBuilder, joinTable clause.Table, curTable clause.Table) error) ChainInterface[T]
	Preload(association string, query func(db PreloadBuilder) error) ChainInterface[T]
	Select(query string, args ...interface{}) ChainInterface[T]
	Omit(columns ...string) ChainInterface[T]
	MapColumns(m map[string]string) ChainInterface[T]
	Distinct(args ...interface{}) ChainInterface[T]
	Group(name string) ChainInterface[T]
	Having(query interface{}, args ...interface{}) ChainInterface[T]
	Order(value interface{}) ChainInterface[T]
	Set(assignments ...clause.Assigner) SetUpdateOnlyInterface[T]

	Build(builder clause.Builder)

	Table(name string, args ...interface{}) ChainInterface[T]
	Delete(ctx context.Context) (rowsAffected int, err error)
	Update(ctx context.Context, name string, value any) (rowsAffected int, err error)
	Updates(ctx context.Context, t T) (rowsAffected int, err error)
	Count(ctx context.Context, column string) (result int64, err error)
}

// SetUpdateOnlyInterface is returned by Set after chaining; only Update is allowed
type SetUpdateOnlyInterface[T any] interface {
	Update(ctx context.Context) (rowsAffected int, err error)
}

// SetCreateOrUpdateInterface is returned by Set at start; Create or Update are allowed
type SetCreateOrUpdateInterface[T any] interface {
	Create(ctx context.Context) error
	Update(ctx context.Context) (rowsAffected int, err error)
}

type ExecInterface[T any] interface {
	Scan(ctx context.Context, r interface{}) error
	First(context.Context) (T, error)
	Last(ctx context.Context) (T, error)
	Take(context.Context) (T, error)
	Find(ctx context.Context) ([]T, error)
	FindInBatches(ctx context.Context, batchSize int, fc func(data []T, batch int) error) error
	Row(ctx context.Context) *sql.Row
	Rows(ctx context.Context) (*sql.Rows, error)
}

type JoinBuilder interface {
	Select(...string) JoinBuilder
	Omit(...string) JoinBuilder
	Where(query interface{}, args ...interface{}) JoinBuilder
	Not(query interface{}, args ...interface{}) JoinBuilder
	Or(query interface{}, args ...interface{}) JoinBuilder
}

type PreloadBuilder interface {
	Select(...string) PreloadBuilder
	Omit(...string) PreloadBuilder
	Where(query interface{}, args ...interface{}) PreloadBuilder
	Not(query interface{}, args ...interface{}) PreloadBuilder
	Or(query interface{}, args ...interface{}) PreloadBuilder
	Limit(offset int) PreloadBuilder
	Offset(offset int) PreloadBuilder
	Order(value interface{}) PreloadBuilder
	LimitPerRecord(num int) PreloadBuilder
}

type op func(*DB) *DB

func G[T any](db *DB, opts ...clause.Expression) Interface[T] {
	v := &g[T]{db: db}
	v.createG = &createG[T]{chainG: chainG[T]{execG: execG[T]{g: v}}}
	return v
}

type g[T any] struct {
	*createG[T]
	db  *DB
	ops []op
}

func (g *g[T]) apply(ctx context.Context) *DB { return g.db }

func (c *g[T]) Raw(sql string, values ...interface{}) ExecInterface[T] { return execG[T]{g: c} }

func (c *g[T]) Exec(ctx context.Context, sql string, values ...interface{}) error { return nil }

type createG[T any] struct {
	chainG[T]
}

func (c createG[T]) Table(name string, args ...interface{}) CreateInterface[T] { return c }

func (c createG[T]) Select(query string, args ...interface{}) CreateInterface[T] { return c }

func (c createG[T]) Omit(columns ...string) CreateInterface[T] { return c }

func (c createG[T]) Set(assignments ...clause.Assigner) SetCreateOrUpdateInterface[T] {
	return setCreateOrUpdateG[T]{c: c.chainG}
}

func (c createG[T]) Create(ctx context.Context, r *T) error { return nil }

func (c createG[T]) CreateInBatches(ctx context.Context, r *[]T, batchSize int) error { return nil }

type chainG[T any] struct {
	execG[T]
}

func (c chainG[T]) getInstance() *DB { return c.g.db }

func (c chainG[T]) Table(name string, args ...interface{}) ChainInterface[T] { return c }

func (c chainG[T]) Scopes(scopes ...func(db *Statement)) ChainInterface[T] { return c }

func (c chainG[T]) Where(query interface{}, args ...interface{}) ChainInterface[T] { return c }

func (c chainG[T]) Not(query interface{}, args ...interface{}) ChainInterface[T] { return c }

func (c chainG[T]) Or(query interface{}, args ...interface{}) ChainInterface[T] { return c }

func (c chainG[T]) Limit(offset int) ChainInterface[T] { return c }

func (c chainG[T]) Offset(offset int) ChainInterface[T] { return c }

func (c chainG[T]) Joins(jt clause.JoinTarget, on func(db JoinBuilder, joinTable clause.Table, curTable clause.Table) error) ChainInterface[T] {
	return c
}

func (c chainG[T]) Select(query string, args ...interface{}) ChainInterface[T] { return c }

func (c chainG[T]) Omit(columns ...string) ChainInterface[T] { return c }

func (c chainG[T]) MapColumns(m map[string]string) ChainInterface[T] { return c }

func (c chainG[T]) Set(assignments ...clause.Assigner) SetUpdateOnlyInterface[T] {
	return setCreateOrUpdateG[T]{c: c}
}

func (c chainG[T]) Distinct(args ...interface{}) ChainInterface[T] { return c }

func (c chainG[T]) Group(name string) ChainInterface[T] { return c }

func (c chainG[T]) Having(query interface{}, args ...interface{}) ChainInterface[T] { return c }

func (c chainG[T]) Order(value interface{}) ChainInterface[T] { return c }

func (c chainG[T]) Preload(association string, query func(db PreloadBuilder) error) ChainInterface[T] {
	return c
}

func (c chainG[T]) Delete(ctx context.Context) (rowsAffected int, err error) { return 0, nil }

func (c chainG[T]) Update(ctx context.Context, name string, value any) (rowsAffected int, err error) {
	return 0, nil
}

func (c chainG[T]) Updates(ctx context.Context, t T) (rowsAffected int, err error) { return 0, nil }

func (c chainG[T]) Count(ctx context.Context, column string) (result int64, err error) { return 0, nil }

func (c chainG[T]) Build(builder clause.Builder) {}

type execG[T any] struct {
	g *g[T]
}

func (g execG[T]) First(ctx context.Context) (T, error) { var r T; return r, nil }

func (g execG[T]) Scan(ctx context.Context, result interface{}) error { return nil }

func (g execG[T]) Last(ctx context.Context) (T, error) { var r T; return r, nil }

func (g execG[T]) Take(ctx context.Context) (T, error) { var r T; return r, nil }

func (g execG[T]) Find(ctx context.Context) ([]T, error) { return nil, nil }

func (g execG[T]) FindInBatches(ctx context.Context, batchSize int, fc func(data []T, batch int) error) error {
	return nil
}

func (g execG[T]) Row(ctx context.Context) *sql.Row { return nil }

func (g execG[T]) Rows(ctx context.Context) (*sql.Rows, error) { return nil, nil }

// setCreateOrUpdateG[T] is a struct that holds operations to be executed in a batch.
type setCreateOrUpdateG[T any] struct {
	c        chainG[T]
	assigns  []clause.Assignment
	assocOps []clause.Association
}

func (s setCreateOrUpdateG[T]) Update(ctx context.Context) (rowsAffected int, err error) {
	return 0, nil
}

func (s setCreateOrUpdateG[T]) Create(ctx context.Context) error { return nil }
