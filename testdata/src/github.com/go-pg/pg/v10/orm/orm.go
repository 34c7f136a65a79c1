// Package orm is a stub of github.com/go-pg/pg/v10/orm (v10.13.0): the
// query builder's declarations, bodies elided.
package orm

import "context"

type Result interface {
	RowsAffected() int
	RowsReturned() int
}

// DB is the interface the query runs on.
type DB interface {
	Model(model ...interface{}) *Query
	ModelContext(c context.Context, model ...interface{}) *Query
	Exec(query interface{}, params ...interface{}) (Result, error)
	ExecContext(c context.Context, query interface{}, params ...interface{}) (Result, error)
}

type Query struct{ db DB }

func NewQuery(db DB, model ...interface{}) *Query { return &Query{db: db} }

func (q *Query) Model(model ...interface{}) *Query                    { return q }
func (q *Query) Table(tables ...string) *Query                        { return q }
func (q *Query) Column(columns ...string) *Query                      { return q }
func (q *Query) Set(set string, params ...interface{}) *Query         { return q }
func (q *Query) Where(condition string, params ...interface{}) *Query { return q }
func (q *Query) WherePK() *Query                                      { return q }
func (q *Query) OnConflict(s string, params ...interface{}) *Query    { return q }
func (q *Query) Returning(s string, params ...interface{}) *Query     { return q }
func (q *Query) Limit(n int) *Query                                   { return q }
func (q *Query) For(s string, params ...interface{}) *Query           { return q }

func (q *Query) Select(values ...interface{}) error                 { return nil }
func (q *Query) Count() (int, error)                                { return 0, nil }
func (q *Query) Exists() (bool, error)                              { return false, nil }
func (q *Query) Insert(values ...interface{}) (Result, error)       { return nil, nil }
func (q *Query) SelectOrInsert(values ...interface{}) (bool, error) { return false, nil }
func (q *Query) Update(scan ...interface{}) (Result, error)         { return nil, nil }
func (q *Query) UpdateNotZero(scan ...interface{}) (Result, error)  { return nil, nil }
func (q *Query) Delete(values ...interface{}) (Result, error)       { return nil, nil }
func (q *Query) Exec(query interface{}, params ...interface{}) (Result, error) {
	return nil, nil
}
