// Package pg is a stub of github.com/go-pg/pg/v10 (v10.13.0): the
// declarations jobeffects' catalog names, bodies elided. DB and Tx share
// their methods through the unexported baseDB, as the real package does.
package pg

import (
	"context"
	"errors"

	"github.com/go-pg/pg/v10/orm"
)

var ErrNoRows = errors.New("pg: no rows in result set")

type Query = orm.Query

type Result = orm.Result

type baseDB struct{}

func (db *baseDB) Model(model ...interface{}) *Query { return orm.NewQuery(nil) }
func (db *baseDB) ModelContext(c context.Context, model ...interface{}) *Query {
	return orm.NewQuery(nil)
}
func (db *baseDB) Exec(query interface{}, params ...interface{}) (Result, error) {
	return nil, nil
}
func (db *baseDB) ExecContext(c context.Context, query interface{}, params ...interface{}) (Result, error) {
	return nil, nil
}
func (db *baseDB) QueryOne(model, query interface{}, params ...interface{}) (Result, error) {
	return nil, nil
}
func (db *baseDB) Begin() (*Tx, error) { return &Tx{}, nil }
func (db *baseDB) RunInTransaction(ctx context.Context, fn func(*Tx) error) error {
	return fn(&Tx{})
}

type DB struct{ baseDB }

func Connect(opt *Options) *DB { return &DB{} }

type Options struct{ Addr string }

type Tx struct{}

func (tx *Tx) Model(model ...interface{}) *Query                           { return orm.NewQuery(nil) }
func (tx *Tx) ModelContext(c context.Context, model ...interface{}) *Query { return orm.NewQuery(nil) }
func (tx *Tx) Exec(query interface{}, params ...interface{}) (Result, error) {
	return nil, nil
}
func (tx *Tx) ExecContext(c context.Context, query interface{}, params ...interface{}) (Result, error) {
	return nil, nil
}
func (tx *Tx) QueryOne(model, query interface{}, params ...interface{}) (Result, error) {
	return nil, nil
}
func (tx *Tx) Begin() (*Tx, error) { return tx, nil }
func (tx *Tx) RunInTransaction(ctx context.Context, fn func(*Tx) error) error {
	return fn(tx)
}
func (tx *Tx) Commit() error   { return nil }
func (tx *Tx) Rollback() error { return nil }

// DBI is what *DB and *Tx implement.
type DBI interface {
	Model(model ...interface{}) *Query
	ModelContext(c context.Context, model ...interface{}) *Query
	Exec(query interface{}, params ...interface{}) (Result, error)
	ExecContext(c context.Context, query interface{}, params ...interface{}) (Result, error)
	QueryOne(model, query interface{}, params ...interface{}) (Result, error)
	Begin() (*Tx, error)
	RunInTransaction(ctx context.Context, fn func(*Tx) error) error
}

var (
	_ DBI = (*DB)(nil)
	_ DBI = (*Tx)(nil)
)
