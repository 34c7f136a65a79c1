// Stub of entgo.io/ent@v0.14.5 for analysistest: declarations mirror the real API; bodies are empty.

package ent

import (
	"context"

	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

type (
	Interface interface {
		Type()
		Fields() []Field
		Edges() []Edge
		Indexes() []Index
		Config() Config
		Mixin() []Mixin
		Hooks() []Hook
		Interceptors() []Interceptor
		Policy() Policy
		Annotations() []schema.Annotation
	}

	Field interface {
		Descriptor() *field.Descriptor
	}

	Edge interface {
		Descriptor() *edge.Descriptor
	}

	Index interface {
		Descriptor() *index.Descriptor
	}

	Config struct {
		Table string
	}

	Mixin interface {
		Fields() []Field
		Edges() []Edge
		Indexes() []Index
		Hooks() []Hook
		Interceptors() []Interceptor
		Policy() Policy
		Annotations() []schema.Annotation
	}

	Policy interface {
		EvalMutation(context.Context, Mutation) error
		EvalQuery(context.Context, Query) error
	}

	Schema struct {
		Interface
	}

	View struct {
		Schema
	}
)

func (Schema) Fields() []Field                  { return nil }
func (Schema) Edges() []Edge                    { return nil }
func (Schema) Indexes() []Index                 { return nil }
func (Schema) Config() Config                   { return Config{} }
func (Schema) Mixin() []Mixin                   { return nil }
func (Schema) Hooks() []Hook                    { return nil }
func (Schema) Interceptors() []Interceptor      { return nil }
func (Schema) Policy() Policy                   { return nil }
func (Schema) Annotations() []schema.Annotation { return nil }

type Viewer interface{ view() }

func (View) view() {}

type (
	Value any

	Mutation interface {
		Op() Op
		Type() string

		Fields() []string
		Field(name string) (Value, bool)
		SetField(name string, value Value) error

		AddedFields() []string
		AddedField(name string) (Value, bool)
		AddField(name string, value Value) error

		ClearedFields() []string
		FieldCleared(name string) bool
		ClearField(name string) error

		ResetField(name string) error

		AddedEdges() []string
		AddedIDs(name string) []Value

		RemovedEdges() []string
		RemovedIDs(name string) []Value

		ClearedEdges() []string
		EdgeCleared(name string) bool
		ClearEdge(name string) error

		ResetEdge(name string) error

		OldField(ctx context.Context, name string) (Value, error)
	}

	Mutator interface {
		Mutate(context.Context, Mutation) (Value, error)
	}

	MutateFunc func(context.Context, Mutation) (Value, error)

	Hook func(Mutator) Mutator
)

func (f MutateFunc) Mutate(ctx context.Context, m Mutation) (Value, error) {
	return f(ctx, m)
}

type (
	Query any

	Querier interface {
		Query(context.Context, Query) (Value, error)
	}

	QuerierFunc func(context.Context, Query) (Value, error)

	Interceptor interface {
		Intercept(Querier) Querier
	}

	InterceptFunc func(Querier) Querier

	Traverser interface {
		Traverse(context.Context, Query) error
	}

	TraverseFunc func(context.Context, Query) error
)

func (f QuerierFunc) Query(ctx context.Context, q Query) (Value, error) { return f(ctx, q) }

func (f InterceptFunc) Intercept(next Querier) Querier { return f(next) }

func (f TraverseFunc) Intercept(next Querier) Querier { return next }

func (f TraverseFunc) Traverse(ctx context.Context, q Query) error { return f(ctx, q) }

type Op uint

const (
	OpCreate    Op = 1 << iota // node creation.
	OpUpdate                   // update nodes by predicate (if any).
	OpUpdateOne                // update one node.
	OpDelete                   // delete nodes by predicate (if any).
	OpDeleteOne                // delete one node.
)

func (i Op) Is(o Op) bool { return i&o != 0 }

func (i Op) String() string { return "" }

const (
	OpQueryFirst   = "First"
	OpQueryFirstID = "FirstID"
	OpQueryOnly    = "Only"
	OpQueryOnlyID  = "OnlyID"
	OpQueryAll     = "All"
	OpQueryIDs     = "IDs"
	OpQueryCount   = "Count"
	OpQueryExist   = "Exist"
	OpQueryGroupBy = "GroupBy"
	OpQuerySelect  = "Select"
)

type (
	QueryContext struct {
		Op     string
		Type   string
		Unique *bool
		Limit  *int
		Offset *int
		Fields []string
	}
	queryCtxKey struct{}
)

func NewQueryContext(parent context.Context, c *QueryContext) context.Context {
	return context.WithValue(parent, queryCtxKey{}, c)
}

func QueryFromContext(ctx context.Context) *QueryContext {
	c, _ := ctx.Value(queryCtxKey{}).(*QueryContext)
	return c
}

func (q *QueryContext) Clone() *QueryContext { return q }

func (q *QueryContext) AppendFieldOnce(f string) *QueryContext { return q }
