// Stub of github.com/jmoiron/sqlx@v1.4.0 for analysistest: declarations mirror the real API; bodies are empty.

package sqlx

import (
	"context"
	"database/sql"
	"github.com/jmoiron/sqlx/reflectx"
	"strings"
)

const (
	UNKNOWN = iota
	QUESTION
	DOLLAR
	NAMED
	AT
)

func BindType(driverName string) int {
	return 0
}

func BindDriver(driverName string, bindType int) {
}

func Rebind(bindType int, query string) string {
	return ""
}

func In(query string, args ...interface{}) (string, []interface{}, error) {
	return "", nil, nil
}

type NamedStmt struct {
	Params      []string
	QueryString string
	Stmt        *Stmt
}

func (n *NamedStmt) Close() error {
	return nil
}

func (n *NamedStmt) Exec(arg interface{}) (sql.Result, error) {
	var r0 sql.Result
	return r0, nil
}

func (n *NamedStmt) Query(arg interface{}) (*sql.Rows, error) {
	return nil, nil
}

func (n *NamedStmt) QueryRow(arg interface{}) *Row {
	return nil
}

func (n *NamedStmt) MustExec(arg interface{}) sql.Result {
	var r0 sql.Result
	return r0
}

func (n *NamedStmt) Queryx(arg interface{}) (*Rows, error) {
	return nil, nil
}

func (n *NamedStmt) QueryRowx(arg interface{}) *Row {
	return nil
}

func (n *NamedStmt) Select(dest interface{}, arg interface{}) error {
	return nil
}

func (n *NamedStmt) Get(dest interface{}, arg interface{}) error {
	return nil
}

func (n *NamedStmt) Unsafe() *NamedStmt {
	return n
}

func BindNamed(bindType int, query string, arg interface{}) (string, []interface{}, error) {
	return "", nil, nil
}

func Named(query string, arg interface{}) (string, []interface{}, error) {
	return "", nil, nil
}

func NamedQuery(e Ext, query string, arg interface{}) (*Rows, error) {
	return nil, nil
}

func NamedExec(e Ext, query string, arg interface{}) (sql.Result, error) {
	var r0 sql.Result
	return r0, nil
}

func (n *NamedStmt) ExecContext(ctx context.Context, arg interface{}) (sql.Result, error) {
	var r0 sql.Result
	return r0, nil
}

func (n *NamedStmt) QueryContext(ctx context.Context, arg interface{}) (*sql.Rows, error) {
	return nil, nil
}

func (n *NamedStmt) QueryRowContext(ctx context.Context, arg interface{}) *Row {
	return nil
}

func (n *NamedStmt) MustExecContext(ctx context.Context, arg interface{}) sql.Result {
	var r0 sql.Result
	return r0
}

func (n *NamedStmt) QueryxContext(ctx context.Context, arg interface{}) (*Rows, error) {
	return nil, nil
}

func (n *NamedStmt) QueryRowxContext(ctx context.Context, arg interface{}) *Row {
	return nil
}

func (n *NamedStmt) SelectContext(ctx context.Context, dest interface{}, arg interface{}) error {
	return nil
}

func (n *NamedStmt) GetContext(ctx context.Context, dest interface{}, arg interface{}) error {
	return nil
}

func NamedQueryContext(ctx context.Context, e ExtContext, query string, arg interface{}) (*Rows, error) {
	return nil, nil
}

func NamedExecContext(ctx context.Context, e ExtContext, query string, arg interface{}) (sql.Result, error) {
	var r0 sql.Result
	return r0, nil
}

var NameMapper = strings.ToLower

type ColScanner interface {
	Columns() ([]string, error)
	Scan(dest ...interface{}) error
	Err() error
}

type Queryer interface {
	Query(query string, args ...interface{}) (*sql.Rows, error)
	Queryx(query string, args ...interface{}) (*Rows, error)
	QueryRowx(query string, args ...interface{}) *Row
}

type Execer interface {
	Exec(query string, args ...interface{}) (sql.Result, error)
}

type binder interface {
	DriverName() string
	Rebind(string) string
	BindNamed(string, interface{}) (string, []interface{}, error)
}

type Ext interface {
	binder
	Queryer
	Execer
}

type Preparer interface {
	Prepare(query string) (*sql.Stmt, error)
}

type Row struct {
	err    error
	unsafe bool
	rows   *sql.Rows
	Mapper *reflectx.Mapper
}

func (r *Row) Scan(dest ...interface{}) error {
	return nil
}

func (r *Row) Columns() ([]string, error) {
	return nil, nil
}

func (r *Row) ColumnTypes() ([]*sql.ColumnType, error) {
	return nil, nil
}

func (r *Row) Err() error {
	return nil
}

type DB struct {
	*sql.DB
	driverName string
	unsafe     bool
	Mapper     *reflectx.Mapper
}

func NewDb(db *sql.DB, driverName string) *DB {
	return nil
}

func (db *DB) DriverName() string {
	return ""
}

func Open(driverName, dataSourceName string) (*DB, error) {
	return nil, nil
}

func MustOpen(driverName, dataSourceName string) *DB {
	return nil
}

func (db *DB) MapperFunc(mf func(string) string) {
}

func (db *DB) Rebind(query string) string {
	return ""
}

func (db *DB) Unsafe() *DB {
	return db
}

func (db *DB) BindNamed(query string, arg interface{}) (string, []interface{}, error) {
	return "", nil, nil
}

func (db *DB) NamedQuery(query string, arg interface{}) (*Rows, error) {
	return nil, nil
}

func (db *DB) NamedExec(query string, arg interface{}) (sql.Result, error) {
	var r0 sql.Result
	return r0, nil
}

func (db *DB) Select(dest interface{}, query string, args ...interface{}) error {
	return nil
}

func (db *DB) Get(dest interface{}, query string, args ...interface{}) error {
	return nil
}

func (db *DB) MustBegin() *Tx {
	return nil
}

func (db *DB) Beginx() (*Tx, error) {
	return nil, nil
}

func (db *DB) Queryx(query string, args ...interface{}) (*Rows, error) {
	return nil, nil
}

func (db *DB) QueryRowx(query string, args ...interface{}) *Row {
	return nil
}

func (db *DB) MustExec(query string, args ...interface{}) sql.Result {
	var r0 sql.Result
	return r0
}

func (db *DB) Preparex(query string) (*Stmt, error) {
	return nil, nil
}

func (db *DB) PrepareNamed(query string) (*NamedStmt, error) {
	return nil, nil
}

type Conn struct {
	*sql.Conn
	driverName string
	unsafe     bool
	Mapper     *reflectx.Mapper
}

type Tx struct {
	*sql.Tx
	driverName string
	unsafe     bool
	Mapper     *reflectx.Mapper
}

func (tx *Tx) DriverName() string {
	return ""
}

func (tx *Tx) Rebind(query string) string {
	return ""
}

func (tx *Tx) Unsafe() *Tx {
	return tx
}

func (tx *Tx) BindNamed(query string, arg interface{}) (string, []interface{}, error) {
	return "", nil, nil
}

func (tx *Tx) NamedQuery(query string, arg interface{}) (*Rows, error) {
	return nil, nil
}

func (tx *Tx) NamedExec(query string, arg interface{}) (sql.Result, error) {
	var r0 sql.Result
	return r0, nil
}

func (tx *Tx) Select(dest interface{}, query string, args ...interface{}) error {
	return nil
}

func (tx *Tx) Queryx(query string, args ...interface{}) (*Rows, error) {
	return nil, nil
}

func (tx *Tx) QueryRowx(query string, args ...interface{}) *Row {
	return nil
}

func (tx *Tx) Get(dest interface{}, query string, args ...interface{}) error {
	return nil
}

func (tx *Tx) MustExec(query string, args ...interface{}) sql.Result {
	var r0 sql.Result
	return r0
}

func (tx *Tx) Preparex(query string) (*Stmt, error) {
	return nil, nil
}

func (tx *Tx) Stmtx(stmt interface{}) *Stmt {
	return nil
}

func (tx *Tx) NamedStmt(stmt *NamedStmt) *NamedStmt {
	return nil
}

func (tx *Tx) PrepareNamed(query string) (*NamedStmt, error) {
	return nil, nil
}

type Stmt struct {
	*sql.Stmt
	unsafe bool
	Mapper *reflectx.Mapper
}

func (s *Stmt) Unsafe() *Stmt {
	return s
}

func (s *Stmt) Select(dest interface{}, args ...interface{}) error {
	return nil
}

func (s *Stmt) Get(dest interface{}, args ...interface{}) error {
	return nil
}

func (s *Stmt) MustExec(args ...interface{}) sql.Result {
	var r0 sql.Result
	return r0
}

func (s *Stmt) QueryRowx(args ...interface{}) *Row {
	return nil
}

func (s *Stmt) Queryx(args ...interface{}) (*Rows, error) {
	return nil, nil
}

type qStmt struct{ *Stmt }

type Rows struct {
	*sql.Rows
	unsafe  bool
	Mapper  *reflectx.Mapper
	started bool
	fields  [][]int
	values  []interface{}
}

func (r *Rows) SliceScan() ([]interface{}, error) {
	return nil, nil
}

func (r *Rows) MapScan(dest map[string]interface{}) error {
	return nil
}

func (r *Rows) StructScan(dest interface{}) error {
	return nil
}

func Connect(driverName, dataSourceName string) (*DB, error) {
	return nil, nil
}

func MustConnect(driverName, dataSourceName string) *DB {
	return nil
}

func Preparex(p Preparer, query string) (*Stmt, error) {
	return nil, nil
}

func Select(q Queryer, dest interface{}, query string, args ...interface{}) error {
	return nil
}

func Get(q Queryer, dest interface{}, query string, args ...interface{}) error {
	return nil
}

func MustExec(e Execer, query string, args ...interface{}) sql.Result {
	var r0 sql.Result
	return r0
}

func (r *Row) SliceScan() ([]interface{}, error) {
	return nil, nil
}

func (r *Row) MapScan(dest map[string]interface{}) error {
	return nil
}

func (r *Row) StructScan(dest interface{}) error {
	return nil
}

type rowsi interface {
	Close() error
	Columns() ([]string, error)
	Err() error
	Next() bool
	Scan(...interface{}) error
}

func ConnectContext(ctx context.Context, driverName, dataSourceName string) (*DB, error) {
	return nil, nil
}

type QueryerContext interface {
	QueryContext(ctx context.Context, query string, args ...interface{}) (*sql.Rows, error)
	QueryxContext(ctx context.Context, query string, args ...interface{}) (*Rows, error)
	QueryRowxContext(ctx context.Context, query string, args ...interface{}) *Row
}

type PreparerContext interface {
	PrepareContext(ctx context.Context, query string) (*sql.Stmt, error)
}

type ExecerContext interface {
	ExecContext(ctx context.Context, query string, args ...interface{}) (sql.Result, error)
}

type ExtContext interface {
	binder
	QueryerContext
	ExecerContext
}

func SelectContext(ctx context.Context, q QueryerContext, dest interface{}, query string, args ...interface{}) error {
	return nil
}

func PreparexContext(ctx context.Context, p PreparerContext, query string) (*Stmt, error) {
	return nil, nil
}

func GetContext(ctx context.Context, q QueryerContext, dest interface{}, query string, args ...interface{}) error {
	return nil
}

func MustExecContext(ctx context.Context, e ExecerContext, query string, args ...interface{}) sql.Result {
	var r0 sql.Result
	return r0
}

func (db *DB) PrepareNamedContext(ctx context.Context, query string) (*NamedStmt, error) {
	return nil, nil
}

func (db *DB) NamedQueryContext(ctx context.Context, query string, arg interface{}) (*Rows, error) {
	return nil, nil
}

func (db *DB) NamedExecContext(ctx context.Context, query string, arg interface{}) (sql.Result, error) {
	var r0 sql.Result
	return r0, nil
}

func (db *DB) SelectContext(ctx context.Context, dest interface{}, query string, args ...interface{}) error {
	return nil
}

func (db *DB) GetContext(ctx context.Context, dest interface{}, query string, args ...interface{}) error {
	return nil
}

func (db *DB) PreparexContext(ctx context.Context, query string) (*Stmt, error) {
	return nil, nil
}

func (db *DB) QueryxContext(ctx context.Context, query string, args ...interface{}) (*Rows, error) {
	return nil, nil
}

func (db *DB) QueryRowxContext(ctx context.Context, query string, args ...interface{}) *Row {
	return nil
}

func (db *DB) MustBeginTx(ctx context.Context, opts *sql.TxOptions) *Tx {
	return nil
}

func (db *DB) MustExecContext(ctx context.Context, query string, args ...interface{}) sql.Result {
	var r0 sql.Result
	return r0
}

func (db *DB) BeginTxx(ctx context.Context, opts *sql.TxOptions) (*Tx, error) {
	return nil, nil
}

func (db *DB) Connx(ctx context.Context) (*Conn, error) {
	return nil, nil
}

func (c *Conn) BeginTxx(ctx context.Context, opts *sql.TxOptions) (*Tx, error) {
	return nil, nil
}

func (c *Conn) SelectContext(ctx context.Context, dest interface{}, query string, args ...interface{}) error {
	return nil
}

func (c *Conn) GetContext(ctx context.Context, dest interface{}, query string, args ...interface{}) error {
	return nil
}

func (c *Conn) PreparexContext(ctx context.Context, query string) (*Stmt, error) {
	return nil, nil
}

func (c *Conn) QueryxContext(ctx context.Context, query string, args ...interface{}) (*Rows, error) {
	return nil, nil
}

func (c *Conn) QueryRowxContext(ctx context.Context, query string, args ...interface{}) *Row {
	return nil
}

func (c *Conn) Rebind(query string) string {
	return ""
}

func (tx *Tx) StmtxContext(ctx context.Context, stmt interface{}) *Stmt {
	return nil
}

func (tx *Tx) NamedStmtContext(ctx context.Context, stmt *NamedStmt) *NamedStmt {
	return nil
}

func (tx *Tx) PreparexContext(ctx context.Context, query string) (*Stmt, error) {
	return nil, nil
}

func (tx *Tx) PrepareNamedContext(ctx context.Context, query string) (*NamedStmt, error) {
	return nil, nil
}

func (tx *Tx) MustExecContext(ctx context.Context, query string, args ...interface{}) sql.Result {
	var r0 sql.Result
	return r0
}

func (tx *Tx) QueryxContext(ctx context.Context, query string, args ...interface{}) (*Rows, error) {
	return nil, nil
}

func (tx *Tx) SelectContext(ctx context.Context, dest interface{}, query string, args ...interface{}) error {
	return nil
}

func (tx *Tx) GetContext(ctx context.Context, dest interface{}, query string, args ...interface{}) error {
	return nil
}

func (tx *Tx) QueryRowxContext(ctx context.Context, query string, args ...interface{}) *Row {
	return nil
}

func (tx *Tx) NamedExecContext(ctx context.Context, query string, arg interface{}) (sql.Result, error) {
	var r0 sql.Result
	return r0, nil
}

func (s *Stmt) SelectContext(ctx context.Context, dest interface{}, args ...interface{}) error {
	return nil
}

func (s *Stmt) GetContext(ctx context.Context, dest interface{}, args ...interface{}) error {
	return nil
}

func (s *Stmt) MustExecContext(ctx context.Context, args ...interface{}) sql.Result {
	var r0 sql.Result
	return r0
}

func (s *Stmt) QueryRowxContext(ctx context.Context, args ...interface{}) *Row {
	return nil
}

func (s *Stmt) QueryxContext(ctx context.Context, args ...interface{}) (*Rows, error) {
	return nil, nil
}
