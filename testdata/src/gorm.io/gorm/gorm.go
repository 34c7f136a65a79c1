// Stub of gorm.io/gorm@v1.31.2 for analysistest: declarations mirror the real API; bodies are empty.

// Package gorm is a full-featured, developer-friendly ORM for Golang.
package gorm

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"reflect"
	"strings"
	"sync"
	"time"

	"gorm.io/gorm/clause"
	"gorm.io/gorm/logger"
	"gorm.io/gorm/schema"
)

// ---- gorm.go ----

// Config GORM config
type Config struct {
	SkipDefaultTransaction    bool
	DefaultTransactionTimeout time.Duration
	DefaultContextTimeout     time.Duration

	NamingStrategy       schema.Namer
	FullSaveAssociations bool
	Logger               logger.Interface
	NowFunc              func() time.Time
	DryRun               bool
	PrepareStmt          bool
	PrepareStmtMaxSize   int
	PrepareStmtTTL       time.Duration

	DisableAutomaticPing                     bool
	DisableForeignKeyConstraintWhenMigrating bool
	IgnoreRelationshipsWhenMigrating         bool
	DisableNestedTransaction                 bool
	AllowGlobalUpdate                        bool
	QueryFields                              bool
	CreateBatchSize                          int
	TranslateError                           bool
	PropagateUnscoped                        bool

	ClauseBuilders map[string]clause.ClauseBuilder
	ConnPool       ConnPool
	Dialector
	Plugins map[string]Plugin

	callbacks  *callbacks
	cacheStore *sync.Map
}

// Apply update config to new config
func (c *Config) Apply(config *Config) error { return nil }

// AfterInitialize initialize plugins after db connected
func (c *Config) AfterInitialize(db *DB) error { return nil }

// Option gorm option interface
type Option interface {
	Apply(*Config) error
	AfterInitialize(*DB) error
}

// DB GORM DB definition
type DB struct {
	*Config
	Error        error
	RowsAffected int64
	Statement    *Statement
	clone        int
}

// Session session config when create session with Session() method
type Session struct {
	DryRun                   bool
	PrepareStmt              bool
	NewDB                    bool
	Initialized              bool
	SkipHooks                bool
	SkipDefaultTransaction   bool
	DisableNestedTransaction bool
	AllowGlobalUpdate        bool
	FullSaveAssociations     bool
	PropagateUnscoped        bool
	QueryFields              bool
	Context                  context.Context
	Logger                   logger.Interface
	NowFunc                  func() time.Time
	CreateBatchSize          int
}

// Open initialize db session based on dialector
func Open(dialector Dialector, opts ...Option) (db *DB, err error) { return nil, nil }

// Session create new db session
func (db *DB) Session(config *Session) *DB { return db }

// WithContext change current instance db's context to ctx
func (db *DB) WithContext(ctx context.Context) *DB { return db }

// Debug start debug mode
func (db *DB) Debug() (tx *DB) { return db }

// Set store value with key into current db instance's context
func (db *DB) Set(key string, value interface{}) *DB { return db }

// Get get value with key from current db instance's context
func (db *DB) Get(key string) (interface{}, bool) { return nil, false }

// InstanceSet store value with key into current db instance's context
func (db *DB) InstanceSet(key string, value interface{}) *DB { return db }

// InstanceGet get value with key from current db instance's context
func (db *DB) InstanceGet(key string) (interface{}, bool) { return nil, false }

// Callback returns callback manager
func (db *DB) Callback() *callbacks { return db.callbacks }

// AddError add error to db
func (db *DB) AddError(err error) error { return err }

// DB returns `*sql.DB`
func (db *DB) DB() (*sql.DB, error) { return nil, nil }

func (db *DB) getInstance() *DB { return db }

// Expr returns clause.Expr, which can be used to pass SQL expression as params
func Expr(expr string, args ...interface{}) clause.Expr {
	return clause.Expr{SQL: expr, Vars: args}
}

// SetupJoinTable setup join table schema
func (db *DB) SetupJoinTable(model interface{}, field string, joinTable interface{}) error {
	return nil
}

// Use use plugin
func (db *DB) Use(plugin Plugin) error { return nil }

// ToSQL for generate SQL string.
func (db *DB) ToSQL(queryFn func(tx *DB) *DB) string { return "" }

// ---- callbacks.go ----

// callbacks gorm callbacks manager
type callbacks struct {
	processors map[string]*processor
}

type processor struct {
	db        *DB
	Clauses   []string
	fns       []func(*DB)
	callbacks []*callback
}

type callback struct {
	name      string
	before    string
	after     string
	remove    bool
	replace   bool
	match     func(*DB) bool
	handler   func(*DB)
	processor *processor
}

func (cs *callbacks) Create() *processor { return cs.processors["create"] }
func (cs *callbacks) Query() *processor  { return cs.processors["query"] }
func (cs *callbacks) Update() *processor { return cs.processors["update"] }
func (cs *callbacks) Delete() *processor { return cs.processors["delete"] }
func (cs *callbacks) Row() *processor    { return cs.processors["row"] }
func (cs *callbacks) Raw() *processor    { return cs.processors["raw"] }

func (p *processor) Execute(db *DB) *DB                       { return db }
func (p *processor) Get(name string) func(*DB)                { return nil }
func (p *processor) Before(name string) *callback             { return &callback{before: name, processor: p} }
func (p *processor) After(name string) *callback              { return &callback{after: name, processor: p} }
func (p *processor) Match(fc func(*DB) bool) *callback        { return &callback{match: fc, processor: p} }
func (p *processor) Register(name string, fn func(*DB)) error { return nil }
func (p *processor) Remove(name string) error                 { return nil }
func (p *processor) Replace(name string, fn func(*DB)) error  { return nil }

func (c *callback) Before(name string) *callback             { c.before = name; return c }
func (c *callback) After(name string) *callback              { c.after = name; return c }
func (c *callback) Register(name string, fn func(*DB)) error { return nil }
func (c *callback) Remove(name string) error                 { return nil }
func (c *callback) Replace(name string, fn func(*DB)) error  { return nil }

// ---- chainable_api.go ----

// Model specify the model you would like to run db operations
func (db *DB) Model(value interface{}) (tx *DB) { return db }

// Clauses Add clauses
func (db *DB) Clauses(conds ...clause.Expression) (tx *DB) { return db }

// Table specify the table you would like to run db operations
func (db *DB) Table(name string, args ...interface{}) (tx *DB) { return db }

// Distinct specify distinct fields that you want querying
func (db *DB) Distinct(args ...interface{}) (tx *DB) { return db }

// Select specify fields that you want when querying, creating, updating
func (db *DB) Select(query interface{}, args ...interface{}) (tx *DB) { return db }

// Omit specify fields that you want to ignore when creating, updating and querying
func (db *DB) Omit(columns ...string) (tx *DB) { return db }

// MapColumns modify the column names in the query results to facilitate align to the corresponding structural fields
func (db *DB) MapColumns(m map[string]string) (tx *DB) { return db }

// Where add conditions
func (db *DB) Where(query interface{}, args ...interface{}) (tx *DB) { return db }

// Not add NOT conditions
func (db *DB) Not(query interface{}, args ...interface{}) (tx *DB) { return db }

// Or add OR conditions
func (db *DB) Or(query interface{}, args ...interface{}) (tx *DB) { return db }

// Joins specify Joins conditions
func (db *DB) Joins(query string, args ...interface{}) (tx *DB) { return db }

// InnerJoins specify inner joins conditions
func (db *DB) InnerJoins(query string, args ...interface{}) (tx *DB) { return db }

// Group specify the group method on the find
func (db *DB) Group(name string) (tx *DB) { return db }

// Having specify HAVING conditions for GROUP BY
func (db *DB) Having(query interface{}, args ...interface{}) (tx *DB) { return db }

// Order specify order when retrieving records from database
func (db *DB) Order(value interface{}) (tx *DB) { return db }

// Limit specify the number of records to be retrieved
func (db *DB) Limit(limit int) (tx *DB) { return db }

// Offset specify the number of records to skip before starting to return the records
func (db *DB) Offset(offset int) (tx *DB) { return db }

// Scopes pass current database connection to arguments `func(DB) DB`
func (db *DB) Scopes(funcs ...func(*DB) *DB) (tx *DB) { return db }

// Preload preload associations with given conditions
func (db *DB) Preload(query string, args ...interface{}) (tx *DB) { return db }

// Attrs provide attributes used in FirstOrCreate or FirstOrInit
func (db *DB) Attrs(attrs ...interface{}) (tx *DB) { return db }

// Assign provide attributes used in FirstOrCreate or FirstOrInit
func (db *DB) Assign(attrs ...interface{}) (tx *DB) { return db }

// Unscoped disables the global scope of soft deletion in a query.
func (db *DB) Unscoped() (tx *DB) { return db }

// Raw create a raw SQL query
func (db *DB) Raw(sql string, values ...interface{}) (tx *DB) { return db }

// ---- finisher_api.go ----

// Create inserts value, returning the inserted data's primary key in value's id
func (db *DB) Create(value interface{}) (tx *DB) { return db }

// CreateInBatches inserts value in batches of batchSize
func (db *DB) CreateInBatches(value interface{}, batchSize int) (tx *DB) { return db }

// Save updates value in database. If value doesn't contain a matching primary key, value is inserted.
func (db *DB) Save(value interface{}) (tx *DB) { return db }

// First finds the first record ordered by primary key, matching given conditions conds
func (db *DB) First(dest interface{}, conds ...interface{}) (tx *DB) { return db }

// Take finds the first record returned by the database in no specified order, matching given conditions conds
func (db *DB) Take(dest interface{}, conds ...interface{}) (tx *DB) { return db }

// Last finds the last record ordered by primary key, matching given conditions conds
func (db *DB) Last(dest interface{}, conds ...interface{}) (tx *DB) { return db }

// Find finds all records matching given conditions conds
func (db *DB) Find(dest interface{}, conds ...interface{}) (tx *DB) { return db }

// FindInBatches finds all records in batches of batchSize
func (db *DB) FindInBatches(dest interface{}, batchSize int, fc func(tx *DB, batch int) error) *DB {
	return db
}

// FirstOrInit finds the first matching record, otherwise if not found initializes a new instance with given conds.
func (db *DB) FirstOrInit(dest interface{}, conds ...interface{}) (tx *DB) { return db }

// FirstOrCreate finds the first matching record, otherwise if not found creates a new instance with given conds.
func (db *DB) FirstOrCreate(dest interface{}, conds ...interface{}) (tx *DB) { return db }

// Update updates column with value using callbacks.
func (db *DB) Update(column string, value interface{}) (tx *DB) { return db }

// Updates updates attributes using callbacks. values must be a struct or map.
func (db *DB) Updates(values interface{}) (tx *DB) { return db }

func (db *DB) UpdateColumn(column string, value interface{}) (tx *DB) { return db }

func (db *DB) UpdateColumns(values interface{}) (tx *DB) { return db }

// Delete deletes value matching given conditions.
func (db *DB) Delete(value interface{}, conds ...interface{}) (tx *DB) { return db }

func (db *DB) Count(count *int64) (tx *DB) { return db }

func (db *DB) Row() *sql.Row { return nil }

func (db *DB) Rows() (*sql.Rows, error) { return nil, nil }

// Scan scans selected value to the struct dest
func (db *DB) Scan(dest interface{}) (tx *DB) { return db }

// Pluck queries a single column from a model, returning in the slice dest.
func (db *DB) Pluck(column string, dest interface{}) (tx *DB) { return db }

func (db *DB) ScanRows(rows *sql.Rows, dest interface{}) error { return nil }

// Connection uses a db connection to execute an arbitrary number of commands in fc.
func (db *DB) Connection(fc func(tx *DB) error) (err error) { return nil }

// Transaction start a transaction as a block, return error will rollback, otherwise to commit.
func (db *DB) Transaction(fc func(tx *DB) error, opts ...*sql.TxOptions) (err error) { return nil }

// Begin begins a transaction with any transaction options opts
func (db *DB) Begin(opts ...*sql.TxOptions) *DB { return db }

// Commit commits the changes in a transaction
func (db *DB) Commit() *DB { return db }

// Rollback rollbacks the changes in a transaction
func (db *DB) Rollback() *DB { return db }

func (db *DB) SavePoint(name string) *DB { return db }

func (db *DB) RollbackTo(name string) *DB { return db }

// Exec executes raw sql
func (db *DB) Exec(sql string, values ...interface{}) (tx *DB) { return db }

// ---- association.go ----

// Association Mode contains some helper methods to handle relationship things easily.
type Association struct {
	DB           *DB
	Relationship *schema.Relationship
	Unscope      bool
	Error        error
}

func (db *DB) Association(column string) *Association { return &Association{DB: db} }

func (association *Association) Unscoped() *Association                           { return association }
func (association *Association) Find(out interface{}, conds ...interface{}) error { return nil }
func (association *Association) Append(values ...interface{}) error               { return nil }
func (association *Association) Replace(values ...interface{}) error              { return nil }
func (association *Association) Delete(values ...interface{}) error               { return nil }
func (association *Association) Clear() error                                     { return nil }
func (association *Association) Count() (count int64)                             { return 0 }

// ---- migrator.go ----

// Migrator returns migrator
func (db *DB) Migrator() Migrator { return nil }

// AutoMigrate run auto migration for given models
func (db *DB) AutoMigrate(dst ...interface{}) error { return nil }

// Migrator migrator interface (subset of the real method set)
type Migrator interface {
	AutoMigrate(dst ...interface{}) error
	CurrentDatabase() string
	CreateTable(dst ...interface{}) error
	DropTable(dst ...interface{}) error
	HasTable(dst interface{}) bool
	HasColumn(dst interface{}, field string) bool
	CreateIndex(dst interface{}, name string) error
	HasIndex(dst interface{}, name string) bool
}

// ---- interfaces.go ----

// Dialector GORM database dialector
type Dialector interface {
	Name() string
	Initialize(*DB) error
	Migrator(db *DB) Migrator
	DataTypeOf(*schema.Field) string
	DefaultValueOf(*schema.Field) clause.Expression
	BindVarTo(writer clause.Writer, stmt *Statement, v interface{})
	QuoteTo(clause.Writer, string)
	Explain(sql string, vars ...interface{}) string
}

// Plugin GORM plugin interface
type Plugin interface {
	Name() string
	Initialize(*DB) error
}

type ParamsFilter interface {
	ParamsFilter(ctx context.Context, sql string, params ...interface{}) (string, []interface{})
}

// ConnPool db conns pool interface
type ConnPool interface {
	PrepareContext(ctx context.Context, query string) (*sql.Stmt, error)
	ExecContext(ctx context.Context, query string, args ...interface{}) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...interface{}) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...interface{}) *sql.Row
}

// TxBeginner tx beginner
type TxBeginner interface {
	BeginTx(ctx context.Context, opts *sql.TxOptions) (*sql.Tx, error)
}

// ConnPoolBeginner conn pool beginner
type ConnPoolBeginner interface {
	BeginTx(ctx context.Context, opts *sql.TxOptions) (ConnPool, error)
}

// TxCommitter tx committer
type TxCommitter interface {
	Commit() error
	Rollback() error
}

// Tx sql.Tx interface
type Tx interface {
	ConnPool
	TxCommitter
	StmtContext(ctx context.Context, stmt *sql.Stmt) *sql.Stmt
}

// Valuer gorm valuer interface
type Valuer interface {
	GormValue(context.Context, *DB) clause.Expr
}

// ---- statement.go ----

// Statement statement
type Statement struct {
	*DB
	TableExpr            *clause.Expr
	Table                string
	Model                interface{}
	Unscoped             bool
	Dest                 interface{}
	ReflectValue         reflect.Value
	Clauses              map[string]clause.Clause
	BuildClauses         []string
	Distinct             bool
	Selects              []string
	Omits                []string
	ColumnMapping        map[string]string
	Joins                []join
	Preloads             map[string][]interface{}
	Settings             sync.Map
	ConnPool             ConnPool
	Schema               *schema.Schema
	Context              context.Context
	RaiseErrorOnNotFound bool
	SkipHooks            bool
	SQL                  strings.Builder
	Vars                 []interface{}
	CurDestIndex         int
	attrs                []interface{}
	assigns              []interface{}
	scopes               []func(*DB) *DB
	Result               *result
}

type join struct {
	Name       string
	Alias      string
	Conds      []interface{}
	On         *clause.Where
	Selects    []string
	Omits      []string
	Expression clause.Expression
	JoinType   clause.JoinType
}

// StatementModifier statement modifier interface
type StatementModifier interface {
	ModifyStatement(*Statement)
}

func (stmt *Statement) WriteString(str string) (int, error)                             { return 0, nil }
func (stmt *Statement) WriteByte(c byte) error                                          { return nil }
func (stmt *Statement) WriteQuoted(value interface{})                                   {}
func (stmt *Statement) QuoteTo(writer clause.Writer, field interface{})                 {}
func (stmt *Statement) Quote(field interface{}) string                                  { return "" }
func (stmt *Statement) AddVar(writer clause.Writer, vars ...interface{})                {}
func (stmt *Statement) AddClause(v clause.Interface)                                    {}
func (stmt *Statement) AddClauseIfNotExists(v clause.Interface)                         {}
func (stmt *Statement) SetColumn(name string, value interface{}, fromCallbacks ...bool) {}
func (stmt *Statement) Changed(fields ...string) bool                                   { return false }

// ---- model.go / soft_delete.go ----

// Model a basic GoLang struct which includes the following fields: ID, CreatedAt, UpdatedAt, DeletedAt
type Model struct {
	ID        uint `gorm:"primarykey"`
	CreatedAt time.Time
	UpdatedAt time.Time
	DeletedAt DeletedAt `gorm:"index"`
}

type DeletedAt sql.NullTime

func (n *DeletedAt) Scan(value interface{}) error { return nil }

func (n DeletedAt) Value() (driver.Value, error) { return nil, nil }

// ---- errors.go ----

var (
	// ErrRecordNotFound record not found error
	ErrRecordNotFound = logger.ErrRecordNotFound
	// ErrInvalidTransaction invalid transaction when you are trying to `Commit` or `Rollback`
	ErrInvalidTransaction = errors.New("invalid transaction")
	// ErrNotImplemented not implemented
	ErrNotImplemented = errors.New("not implemented")
	// ErrMissingWhereClause missing where clause
	ErrMissingWhereClause = errors.New("WHERE conditions required")
	// ErrPrimaryKeyRequired primary keys required
	ErrPrimaryKeyRequired = errors.New("primary key required")
	// ErrInvalidData unsupported data
	ErrInvalidData = errors.New("unsupported data")
	// ErrInvalidDB invalid db
	ErrInvalidDB = errors.New("invalid db")
	// ErrInvalidValue invalid value
	ErrInvalidValue = errors.New("invalid value, should be pointer to struct or slice")
	// ErrDuplicatedKey occurs when there is a unique key constraint violation
	ErrDuplicatedKey = errors.New("duplicated key not allowed")
	// ErrForeignKeyViolated occurs when there is a foreign key constraint violation
	ErrForeignKeyViolated = errors.New("violates foreign key constraint")
	// ErrCheckConstraintViolated occurs when there is a check constraint violation
	ErrCheckConstraintViolated = errors.New("violates check constraint")
)
