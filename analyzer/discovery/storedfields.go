package discovery

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// Handlers kept in a struct field until a server starts: an application's
// own job server takes a handler (HandleCron(spec, h)), keeps it in a
// struct (s.cronjobs = append(s.cronjobs, Cronjob{Handler: h})), and a
// later method registers each kept one with the framework
// (for _, c := range s.cronjobs { mux.HandleFunc(c.ID, adapt(c.Handler)) }).
// The registering call's handler is then a read of a field. What the
// package stores in that field of that struct type, anywhere in the
// package, is what it registers: a function or closure stored there is a
// handler, and a parameter stored there is forwarded by its function, as
// if the function registered it itself (its callers' arguments are the
// handlers). Field-sensitive and allocation-insensitive, as a reviewer
// reads it: every value the package puts in the field can be registered.

// storedParam is a parameter of one of the package's functions that the
// package stores in a field a registration reads.
type storedParam struct {
	fn *ssa.Function
	k  int
}

// fieldRead returns the struct type and field index v reads (c.Handler
// of a struct value or through a pointer), and whether it reads one.
func fieldRead(v ssa.Value) (types.Type, int, bool) {
	switch x := ssavalue.Unconvert(v).(type) {
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
			return fa.X.Type(), fa.Field, true
		}
	case *ssa.Field:
		return x.X.Type(), x.Field, true
	}
	return nil, 0, false
}

// fieldStored returns the values the package stores in field i of struct
// type t; the index of the package's field stores is built once.
func (f *finder) fieldStored(t types.Type, i int) []ssa.Value {
	if f.stored == nil {
		f.stored = ssavalue.IndexFields(f.env.Funcs, nil)
	}
	return f.stored.Of(t, i)
}

// storedParams returns the parameters of the package's functions that
// are stored in the field a handler argument reads, through the wrappers
// registrations put around a handler (conversions, an adapter call given
// it: cronToAsynq(c.Handler)).
func (f *finder) storedParams(v ssa.Value) []storedParam {
	return f.storedParamsDepth(v, 0)
}

func (f *finder) storedParamsDepth(v ssa.Value, depth int) []storedParam {
	if depth > 4 || v == nil {
		return nil
	}
	if t, i, ok := fieldRead(v); ok {
		var out []storedParam
		for _, s := range f.fieldStored(t, i) {
			if !handlerTyped(s) {
				continue
			}
			if fn, k := ssavalue.ParamOf(s); fn != nil && f.local(fn) {
				out = append(out, storedParam{fn, k})
			}
		}
		return out
	}
	if c, ok := ssavalue.Unconvert(v).(*ssa.Call); ok {
		var out []storedParam
		for _, a := range c.Call.Args {
			if _, isFunc := ssavalue.Unconvert(a).Type().Underlying().(*types.Signature); isFunc {
				out = append(out, f.storedParamsDepth(a, depth+1)...)
			}
		}
		return out
	}
	return nil
}

// storedTargets resolves a field read to the handlers the package stores
// in that field (functions and closures; parameters are forwards).
func (f *finder) storedTargets(v ssa.Value, r *Registration, depth int) []target {
	t, i, ok := fieldRead(v)
	if !ok {
		return nil
	}
	var out []target
	for _, s := range f.fieldStored(t, i) {
		if _, _, ok := fieldRead(s); ok || !handlerTyped(s) {
			continue // a field copied from a field: that field's stores are its own
		}
		out = append(out, f.targets(s, r, depth+1)...)
	}
	return out
}

// handlerTyped reports whether a stored value can be a handler: a func
// value or an interface value.
func handlerTyped(v ssa.Value) bool {
	_, isFunc := v.Type().Underlying().(*types.Signature)
	return isFunc || types.IsInterface(v.Type())
}

// storedTaskParam returns the parameter of owner that the package stores
// in the field a task name argument reads (t.Pattern kept with the
// handler by HandleTask(pattern, h)), or -1.
func (f *finder) storedTaskParam(v ssa.Value, owner *ssa.Function) int {
	t, i, ok := fieldRead(v)
	if !ok {
		return -1
	}
	for _, s := range f.fieldStored(t, i) {
		if fn, k := ssavalue.ParamOf(s); fn == owner {
			return k
		}
	}
	return -1
}
