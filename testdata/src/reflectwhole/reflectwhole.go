// Package reflectwhole calls query builders' methods through reflection
// by a constant name (flexprice's dsl.ApplyFilters[T]: reflect.ValueOf(q)
// .MethodByName("Where").Call(args)). The whole program resolves the call
// to the method of the type the handler's path gives: the type argument
// of the instantiation it calls (a builder that only appends in memory,
// or one that writes), or a concrete type. A name that is not a constant,
// a name the type has no method of, and an interface value stay unknown.
package reflectwhole

import (
	"context"
	"database/sql"
	"reflect"

	"github.com/hibiken/asynq"
)

// MemQuery builds a query in memory.
type MemQuery struct{ preds []string }

func (q *MemQuery) Where(p string) *MemQuery {
	q.preds = append(q.preds, p)
	return q
}

// LogQuery's Where records every predicate in a table.
type LogQuery struct{ db *sql.DB }

func (q *LogQuery) Where(p string) *LogQuery {
	q.db.Exec("insert into predicates (p) values ($1)", p)
	return q
}

// ApplyWhere calls q's Where through reflection, as a generic helper.
func ApplyWhere[T any](q T, p string) T {
	res := reflect.ValueOf(q).MethodByName("Where").Call([]reflect.Value{reflect.ValueOf(p)})
	if len(res) > 0 {
		q = res[0].Interface().(T)
	}
	return q
}

// ApplyNamed calls the method the caller names.
func ApplyNamed[T any](q T, name, p string) T {
	reflect.ValueOf(q).MethodByName(name).Call([]reflect.Value{reflect.ValueOf(p)})
	return q
}

type Worker struct {
	db  *sql.DB
	any interface{}
}

// Generic: ApplyWhere[*MemQuery] runs MemQuery.Where: no effect.
func (w *Worker) Generic(ctx context.Context, t *asynq.Task) error {
	ApplyWhere(&MemQuery{}, string(t.Payload()))
	return nil
}

// GenericWrite: ApplyWhere[*LogQuery], at the same position, runs
// LogQuery.Where: an insert.
func (w *Worker) GenericWrite(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: insert into predicates \(medium\) at`
	ApplyWhere(&LogQuery{db: w.db}, string(t.Payload()))
	return nil
}

// Concrete: a concrete receiver's method by a constant name.
func (w *Worker) Concrete(ctx context.Context, t *asynq.Task) error {
	reflect.ValueOf(&MemQuery{}).MethodByName("Where").Call([]reflect.Value{reflect.ValueOf("x")})
	return nil
}

// Named: the name is the payload's: unknown.
func (w *Worker) Named(ctx context.Context, t *asynq.Task) error {
	ApplyNamed(&MemQuery{}, string(t.Payload()), "x")
	return nil
}

// Missing: MemQuery has no method Order: unknown.
func (w *Worker) Missing(ctx context.Context, t *asynq.Task) error {
	reflect.ValueOf(&MemQuery{}).MethodByName("Order").Call(nil)
	return nil
}

// Iface: the receiver is an interface value: unknown.
func (w *Worker) Iface(ctx context.Context, t *asynq.Task) error {
	reflect.ValueOf(w.any).MethodByName("Where").Call([]reflect.Value{reflect.ValueOf("x")})
	return nil
}

func Main(db *sql.DB) {
	w := &Worker{db: db, any: &MemQuery{}}
	mux := asynq.NewServeMux()
	mux.HandleFunc("generic", w.Generic)
	mux.HandleFunc("generic-write", w.GenericWrite)
	mux.HandleFunc("concrete", w.Concrete)
	mux.HandleFunc("named", w.Named)
	mux.HandleFunc("missing", w.Missing)
	mux.HandleFunc("iface", w.Iface)
}
