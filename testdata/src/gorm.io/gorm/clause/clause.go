// Stub of gorm.io/gorm@v1.31.2 for analysistest: declarations mirror the real API; bodies are empty.

// Package clause provides the clause interface and common clause implementations for GORM.
package clause

// ---- clause.go ----

// Interface clause interface
type Interface interface {
	Name() string
	Build(Builder)
	MergeClause(*Clause)
}

// ClauseBuilder clause builder, allows to customize how to build clause
type ClauseBuilder func(Clause, Builder)

type Writer interface {
	WriteByte(byte) error
	WriteString(string) (int, error)
}

// Builder builder interface
type Builder interface {
	Writer
	WriteQuoted(field interface{})
	AddVar(Writer, ...interface{})
	AddError(error) error
}

// Clause
type Clause struct {
	Name                string // WHERE
	BeforeExpression    Expression
	AfterNameExpression Expression
	AfterExpression     Expression
	Expression          Expression
	Builder             ClauseBuilder
}

func (c Clause) Build(builder Builder) {}

const (
	PrimaryKey   string = "~~~py~~~" // primary key
	CurrentTable string = "~~~ct~~~" // current table
	Associations string = "~~~as~~~" // associations
)

var (
	currentTable  = Table{Name: CurrentTable}
	PrimaryColumn = Column{Table: CurrentTable, Name: PrimaryKey}
)

// Column quote with name
type Column struct {
	Table string
	Name  string
	Alias string
	Raw   bool
}

// Table quote with name
type Table struct {
	Name  string
	Alias string
	Raw   bool
}

// ---- expression.go ----

// Expression expression interface
type Expression interface {
	Build(builder Builder)
}

// NegationExpressionBuilder negation expression builder
type NegationExpressionBuilder interface {
	NegationBuild(builder Builder)
}

// Expr raw expression
type Expr struct {
	SQL                string
	Vars               []interface{}
	WithoutParentheses bool
}

func (expr Expr) Build(builder Builder) {}

// NamedExpr raw expression for named expr
type NamedExpr struct {
	SQL  string
	Vars []interface{}
}

func (expr NamedExpr) Build(builder Builder) {}

// IN Whether a value is within a set of values
type IN struct {
	Column interface{}
	Values []interface{}
}

func (in IN) Build(builder Builder)         {}
func (in IN) NegationBuild(builder Builder) {}

// Eq equal to for where
type Eq struct {
	Column interface{}
	Value  interface{}
}

func (eq Eq) Build(builder Builder)         {}
func (eq Eq) NegationBuild(builder Builder) {}

// Neq not equal to for where
type Neq Eq

func (neq Neq) Build(builder Builder)         {}
func (neq Neq) NegationBuild(builder Builder) {}

// Gt greater than for where
type Gt Eq

func (gt Gt) Build(builder Builder)         {}
func (gt Gt) NegationBuild(builder Builder) {}

// Gte greater than or equal to for where
type Gte Eq

func (gte Gte) Build(builder Builder)         {}
func (gte Gte) NegationBuild(builder Builder) {}

// Lt less than for where
type Lt Eq

func (lt Lt) Build(builder Builder)         {}
func (lt Lt) NegationBuild(builder Builder) {}

// Lte less than or equal to for where
type Lte Eq

func (lte Lte) Build(builder Builder)         {}
func (lte Lte) NegationBuild(builder Builder) {}

// Like whether string matches regular expression
type Like Eq

func (like Like) Build(builder Builder)         {}
func (like Like) NegationBuild(builder Builder) {}

// ---- on_conflict.go ----

type OnConflict struct {
	Columns      []Column
	Where        Where
	TargetWhere  Where
	OnConstraint string
	DoNothing    bool
	DoUpdates    Set
	UpdateAll    bool
}

func (OnConflict) Name() string { return "ON CONFLICT" }

func (onConflict OnConflict) Build(builder Builder) {}

func (onConflict OnConflict) MergeClause(clause *Clause) {}

// ---- set.go ----

type Set []Assignment

type Assignment struct {
	Column Column
	Value  interface{}
}

// Assigner assignments provider interface
type Assigner interface {
	Assignments() []Assignment
}

func (set Set) Name() string { return "SET" }

func (set Set) Build(builder Builder) {}

func (set Set) MergeClause(clause *Clause) {}

// Assignments implements Assigner for Set.
func (set Set) Assignments() []Assignment { return []Assignment(set) }

func Assignments(values map[string]interface{}) Set { return nil }

func AssignmentColumns(values []string) Set { return nil }

// Assignments implements Assigner for a single Assignment.
func (a Assignment) Assignments() []Assignment { return []Assignment{a} }

// ---- association.go ----

// AssociationOpType represents association operation types
type AssociationOpType int

const (
	OpUnlink AssociationOpType = iota // Unlink association
	OpDelete                          // Delete association records
	OpUpdate                          // Update association records
	OpCreate                          // Create association records with assignments
)

// Association represents an association operation
type Association struct {
	Association string            // Association name
	Type        AssociationOpType // Operation type
	Conditions  []Expression      // Filter conditions
	Set         []Assignment      // Assignment operations (for Update and Create)
	Values      []interface{}     // Values for Create operation
}

// AssociationAssigner is an interface for association operation providers
type AssociationAssigner interface {
	AssociationAssignments() []Association
}

func (ao Association) Assignments() []Assignment { return []Assignment{} }

func (ao Association) AssociationAssignments() []Association { return []Association{ao} }

// ---- joins.go ----

type JoinType string

const (
	CrossJoin JoinType = "CROSS"
	InnerJoin JoinType = "INNER"
	LeftJoin  JoinType = "LEFT"
	RightJoin JoinType = "RIGHT"
)

type JoinTarget struct {
	Type        JoinType
	Association string
	Subquery    Expression
	Table       string
}

func Has(name string) JoinTarget { return JoinTarget{Type: InnerJoin, Association: name} }

func (jt JoinType) Association(name string) JoinTarget {
	return JoinTarget{Type: jt, Association: name}
}

func (jt JoinType) AssociationFrom(name string, subquery Expression) JoinTarget {
	return JoinTarget{Type: jt, Association: name, Subquery: subquery}
}

func (jt JoinTarget) As(name string) JoinTarget { jt.Table = name; return jt }

// Join clause for from
type Join struct {
	Type       JoinType
	Table      Table
	ON         Where
	Using      []string
	Expression Expression
}

func JoinTable(names ...string) Table { return Table{} }

func (join Join) Build(builder Builder) {}

// ---- where.go ----

const (
	AndWithSpace = " AND "
	OrWithSpace  = " OR "
)

// Where where clause
type Where struct {
	Exprs []Expression
}

func (where Where) Name() string { return "WHERE" }

func (where Where) Build(builder Builder) {}

func (where Where) MergeClause(clause *Clause) {}

func And(exprs ...Expression) Expression { return AndConditions{Exprs: exprs} }

type AndConditions struct {
	Exprs []Expression
}

func (and AndConditions) Build(builder Builder) {}

func Or(exprs ...Expression) Expression { return OrConditions{Exprs: exprs} }

type OrConditions struct {
	Exprs []Expression
}

func (or OrConditions) Build(builder Builder) {}

func Not(exprs ...Expression) Expression { return NotConditions{Exprs: exprs} }

type NotConditions struct {
	Exprs []Expression
}

func (not NotConditions) Build(builder Builder) {}

// ---- returning.go ----

type Returning struct {
	Columns []Column
}

func (returning Returning) Name() string { return "RETURNING" }

func (returning Returning) Build(builder Builder) {}

func (returning Returning) MergeClause(clause *Clause) {}

// ---- locking.go ----

const (
	LockingStrengthUpdate    = "UPDATE"
	LockingStrengthShare     = "SHARE"
	LockingOptionsSkipLocked = "SKIP LOCKED"
	LockingOptionsNoWait     = "NOWAIT"
)

type Locking struct {
	Strength string
	Table    Table
	Options  string
}

func (locking Locking) Name() string { return "FOR" }

func (locking Locking) Build(builder Builder) {}

func (locking Locking) MergeClause(clause *Clause) {}

// ---- insert.go ----

type Insert struct {
	Table    Table
	Modifier string
}

func (insert Insert) Name() string { return "INSERT" }

func (insert Insert) Build(builder Builder) {}

func (insert Insert) MergeClause(clause *Clause) {}
