// Package squirrel is a stub of github.com/Masterminds/squirrel v1.5.4:
// the signatures the analyzer reads, no SQL building.
package squirrel

import (
	"context"
	"database/sql"
)

type Sqlizer interface {
	ToSql() (string, []interface{}, error)
}

type BaseRunner interface {
	Exec(query string, args ...interface{}) (sql.Result, error)
	Query(query string, args ...interface{}) (*sql.Rows, error)
}

type RowScanner interface{ Scan(...interface{}) error }

type PlaceholderFormat interface {
	ReplacePlaceholders(sql string) (string, error)
}

type dollarFormat struct{}

func (dollarFormat) ReplacePlaceholders(sql string) (string, error) { return sql, nil }

var (
	Question = dollarFormat{}
	Dollar   = dollarFormat{}
)

type Eq map[string]interface{}

func (eq Eq) ToSql() (string, []interface{}, error) { return "", nil, nil }

type expr struct {
	sql  string
	args []interface{}
}

func (e expr) ToSql() (string, []interface{}, error) { return e.sql, e.args, nil }

func Expr(sql string, args ...interface{}) Sqlizer { return expr{sql, args} }

type StatementBuilderType struct{ format PlaceholderFormat }

var StatementBuilder = StatementBuilderType{}

func (b StatementBuilderType) PlaceholderFormat(f PlaceholderFormat) StatementBuilderType {
	b.format = f
	return b
}
func (b StatementBuilderType) RunWith(r BaseRunner) StatementBuilderType { return b }
func (b StatementBuilderType) Select(columns ...string) SelectBuilder    { return SelectBuilder{} }
func (b StatementBuilderType) Insert(into string) InsertBuilder          { return InsertBuilder{into: into} }
func (b StatementBuilderType) Replace(into string) InsertBuilder         { return InsertBuilder{into: into} }
func (b StatementBuilderType) Update(table string) UpdateBuilder         { return UpdateBuilder{} }
func (b StatementBuilderType) Delete(from string) DeleteBuilder          { return DeleteBuilder{} }

func Select(columns ...string) SelectBuilder { return StatementBuilder.Select(columns...) }
func Insert(into string) InsertBuilder       { return StatementBuilder.Insert(into) }
func Replace(into string) InsertBuilder      { return StatementBuilder.Replace(into) }
func Update(table string) UpdateBuilder      { return StatementBuilder.Update(table) }
func Delete(from string) DeleteBuilder       { return StatementBuilder.Delete(from) }

type InsertBuilder struct{ into string }

func (b InsertBuilder) PlaceholderFormat(f PlaceholderFormat) InsertBuilder { return b }
func (b InsertBuilder) RunWith(runner BaseRunner) InsertBuilder             { return b }
func (b InsertBuilder) Exec() (sql.Result, error)                           { return nil, nil }
func (b InsertBuilder) ExecContext(ctx context.Context) (sql.Result, error) {
	return nil, nil
}
func (b InsertBuilder) Query() (*sql.Rows, error)                            { return nil, nil }
func (b InsertBuilder) QueryRow() RowScanner                                 { return nil }
func (b InsertBuilder) ToSql() (string, []interface{}, error)                { return "", nil, nil }
func (b InsertBuilder) Prefix(sql string, args ...interface{}) InsertBuilder { return b }
func (b InsertBuilder) Options(options ...string) InsertBuilder              { return b }
func (b InsertBuilder) Into(from string) InsertBuilder                       { return b }
func (b InsertBuilder) Columns(columns ...string) InsertBuilder              { return b }
func (b InsertBuilder) Values(values ...interface{}) InsertBuilder           { return b }
func (b InsertBuilder) Suffix(sql string, args ...interface{}) InsertBuilder { return b }
func (b InsertBuilder) SuffixExpr(expr Sqlizer) InsertBuilder                { return b }
func (b InsertBuilder) SetMap(clauses map[string]interface{}) InsertBuilder  { return b }
func (b InsertBuilder) Select(sb SelectBuilder) InsertBuilder                { return b }

type UpdateBuilder struct{}

func (b UpdateBuilder) PlaceholderFormat(f PlaceholderFormat) UpdateBuilder       { return b }
func (b UpdateBuilder) RunWith(runner BaseRunner) UpdateBuilder                   { return b }
func (b UpdateBuilder) Exec() (sql.Result, error)                                 { return nil, nil }
func (b UpdateBuilder) ToSql() (string, []interface{}, error)                     { return "", nil, nil }
func (b UpdateBuilder) Table(table string) UpdateBuilder                          { return b }
func (b UpdateBuilder) Set(column string, value interface{}) UpdateBuilder        { return b }
func (b UpdateBuilder) SetMap(clauses map[string]interface{}) UpdateBuilder       { return b }
func (b UpdateBuilder) Where(pred interface{}, args ...interface{}) UpdateBuilder { return b }
func (b UpdateBuilder) Suffix(sql string, args ...interface{}) UpdateBuilder      { return b }

type DeleteBuilder struct{}

func (b DeleteBuilder) PlaceholderFormat(f PlaceholderFormat) DeleteBuilder       { return b }
func (b DeleteBuilder) RunWith(runner BaseRunner) DeleteBuilder                   { return b }
func (b DeleteBuilder) Exec() (sql.Result, error)                                 { return nil, nil }
func (b DeleteBuilder) ToSql() (string, []interface{}, error)                     { return "", nil, nil }
func (b DeleteBuilder) From(from string) DeleteBuilder                            { return b }
func (b DeleteBuilder) Where(pred interface{}, args ...interface{}) DeleteBuilder { return b }
func (b DeleteBuilder) Suffix(sql string, args ...interface{}) DeleteBuilder      { return b }

type SelectBuilder struct{}

func (b SelectBuilder) PlaceholderFormat(f PlaceholderFormat) SelectBuilder       { return b }
func (b SelectBuilder) RunWith(runner BaseRunner) SelectBuilder                   { return b }
func (b SelectBuilder) Query() (*sql.Rows, error)                                 { return nil, nil }
func (b SelectBuilder) QueryRow() RowScanner                                      { return nil }
func (b SelectBuilder) ToSql() (string, []interface{}, error)                     { return "", nil, nil }
func (b SelectBuilder) Columns(columns ...string) SelectBuilder                   { return b }
func (b SelectBuilder) From(from string) SelectBuilder                            { return b }
func (b SelectBuilder) Where(pred interface{}, args ...interface{}) SelectBuilder { return b }
func (b SelectBuilder) OrderBy(orderBys ...string) SelectBuilder                  { return b }
func (b SelectBuilder) Limit(limit uint64) SelectBuilder                          { return b }
func (b SelectBuilder) Suffix(sql string, args ...interface{}) SelectBuilder      { return b }
