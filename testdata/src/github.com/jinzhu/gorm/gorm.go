// Stub of github.com/jinzhu/gorm@v1.9.16 for analysistest: declarations mirror the real API (the part the fixtures use); bodies are empty.

// Package gorm is gorm v1.
package gorm

import (
	"context"
	"database/sql"
	"errors"
)

// ErrRecordNotFound returns a "record not found error".
var ErrRecordNotFound = errors.New("record not found")

// SQLCommon is the minimal database connection functionality gorm requires.
type SQLCommon interface {
	Exec(query string, args ...interface{}) (sql.Result, error)
	Prepare(query string) (*sql.Stmt, error)
	Query(query string, args ...interface{}) (*sql.Rows, error)
	QueryRow(query string, args ...interface{}) *sql.Row
}

// DB contains information for current db connection.
type DB struct {
	Value        interface{}
	Error        error
	RowsAffected int64
	db           SQLCommon
}

// Model base model definition.
type Model struct {
	ID uint `gorm:"primary_key"`
}

// Scope contains current operation's information.
type Scope struct {
	Search *struct{}
	Value  interface{}
	SQL    string
	db     *DB
}

// SqlExpr is a raw SQL expression.
type SqlExpr struct {
	expr string
	args []interface{}
}

// Expr generates a raw SQL expression.
func Expr(expression string, args ...interface{}) *SqlExpr {
	return &SqlExpr{expr: expression, args: args}
}

// Open initializes a new db connection.
func Open(dialect string, args ...interface{}) (db *DB, err error) { return &DB{}, nil }

func (s *DB) New() *DB                                              { return s }
func (s *DB) Close() error                                          { return nil }
func (s *DB) DB() *sql.DB                                           { return nil }
func (s *DB) Where(query interface{}, args ...interface{}) *DB      { return s }
func (s *DB) Or(query interface{}, args ...interface{}) *DB         { return s }
func (s *DB) Not(query interface{}, args ...interface{}) *DB        { return s }
func (s *DB) Limit(limit interface{}) *DB                           { return s }
func (s *DB) Order(value interface{}, reorder ...bool) *DB          { return s }
func (s *DB) Select(query interface{}, args ...interface{}) *DB     { return s }
func (s *DB) Unscoped() *DB                                         { return s }
func (s *DB) Attrs(attrs ...interface{}) *DB                        { return s }
func (s *DB) Assign(attrs ...interface{}) *DB                       { return s }
func (s *DB) First(out interface{}, where ...interface{}) *DB       { return s }
func (s *DB) Take(out interface{}, where ...interface{}) *DB        { return s }
func (s *DB) Last(out interface{}, where ...interface{}) *DB        { return s }
func (s *DB) Find(out interface{}, where ...interface{}) *DB        { return s }
func (s *DB) Scan(dest interface{}) *DB                             { return s }
func (s *DB) Row() *sql.Row                                         { return nil }
func (s *DB) Rows() (*sql.Rows, error)                              { return nil, nil }
func (s *DB) Pluck(column string, value interface{}) *DB            { return s }
func (s *DB) Count(value interface{}) *DB                           { return s }
func (s *DB) FirstOrInit(out interface{}, where ...interface{}) *DB { return s }
func (s *DB) FirstOrCreate(out interface{}, where ...interface{}) *DB {
	return s
}
func (s *DB) Update(attrs ...interface{}) *DB                              { return s }
func (s *DB) Updates(values interface{}, ignoreProtectedAttrs ...bool) *DB { return s }
func (s *DB) UpdateColumn(attrs ...interface{}) *DB                        { return s }
func (s *DB) UpdateColumns(values interface{}) *DB                         { return s }
func (s *DB) Save(value interface{}) *DB                                   { return s }
func (s *DB) Create(value interface{}) *DB                                 { return s }
func (s *DB) Delete(value interface{}, where ...interface{}) *DB           { return s }
func (s *DB) Raw(sql string, values ...interface{}) *DB                    { return s }
func (s *DB) Exec(sql string, values ...interface{}) *DB                   { return s }
func (s *DB) Model(value interface{}) *DB                                  { return s }
func (s *DB) Table(name string) *DB                                        { return s }
func (s *DB) Debug() *DB                                                   { return s }
func (s *DB) Set(name string, value interface{}) *DB                       { return s }
func (s *DB) Get(name string) (value interface{}, ok bool)                 { return nil, false }
func (s *DB) RecordNotFound() bool                                         { return false }
func (s *DB) Begin() *DB                                                   { return s }
func (s *DB) BeginTx(ctx context.Context, opts *sql.TxOptions) *DB         { return s }
func (s *DB) Commit() *DB                                                  { return s }
func (s *DB) Rollback() *DB                                                { return s }
func (s *DB) RollbackUnlessCommitted() *DB                                 { return s }
func (s *DB) AutoMigrate(values ...interface{}) *DB                        { return s }
func (s *DB) Callback() *Callback                                          { return &Callback{} }
func (s *DB) NewScope(value interface{}) *Scope                            { return &Scope{Value: value, db: s} }

// Transaction starts a transaction as a block: an error rolls back,
// otherwise it commits.
func (s *DB) Transaction(fc func(tx *DB) error) (err error) {
	return fc(s)
}

func (scope *Scope) DB() *DB                                               { return scope.db }
func (scope *Scope) Raw(sql string) *Scope                                 { return scope }
func (scope *Scope) Exec() *Scope                                          { return scope }
func (scope *Scope) SetColumn(column interface{}, value interface{}) error { return nil }
func (scope *Scope) TableName() string                                     { return "" }

// Callback is the callbacks' registry.
type Callback struct{}

// CallbackProcessor registers callbacks of one operation.
type CallbackProcessor struct{}

func (c *Callback) Create() *CallbackProcessor                                          { return &CallbackProcessor{} }
func (c *Callback) Update() *CallbackProcessor                                          { return &CallbackProcessor{} }
func (c *Callback) Delete() *CallbackProcessor                                          { return &CallbackProcessor{} }
func (c *Callback) Query() *CallbackProcessor                                           { return &CallbackProcessor{} }
func (cp *CallbackProcessor) After(callbackName string) *CallbackProcessor              { return cp }
func (cp *CallbackProcessor) Before(callbackName string) *CallbackProcessor             { return cp }
func (cp *CallbackProcessor) Register(callbackName string, callback func(scope *Scope)) {}
func (cp *CallbackProcessor) Replace(callbackName string, callback func(scope *Scope))  {}

// IsRecordNotFoundError returns true if error contains a RecordNotFound error.
func IsRecordNotFoundError(err error) bool { return errors.Is(err, ErrRecordNotFound) }
