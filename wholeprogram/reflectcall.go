package wholeprogram

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// Reflective method calls by a constant name. A call
//
//	reflect.ValueOf(q).MethodByName("Where").Call(args)
//
// is a call of q's method Where when q's type is known: a concrete type
// in the caller's code, or, in a generic function, the type argument the
// instantiation the handler's path reaches gives the type parameter
// (flexprice's dsl.ApplyFilters[T] calls Where on ent's query builders
// this way). The per-package pass models reflect.Value.Call as an unknown
// dynamic call (catalog os.yaml); the whole program, which builds every
// instantiation (ssa.InstantiateGenerics), resolves it to that method,
// whose summary then stands for the call.
//
// Anything else stays unknown: a name that is not a constant, a receiver
// whose type is an interface or a type parameter the path does not
// instantiate, a Value that does not come straight from reflect.ValueOf,
// or a name the type has no exported method of (MethodByName's zero Value
// makes Call panic; nothing here says what the caller does then).

// reflectCallees returns the methods the reflective call at e's site
// runs, nil when any of the calls there is not resolved.
func (r *resolver) reflectCallees(e effect.Effect) []*ssa.Function {
	if e.Kind != effect.KindDynamic || len(e.Path) == 0 || r.sliceFns == nil {
		return nil
	}
	var calls []ssa.CallInstruction
	for _, ci := range r.staticSites()[e.Evidence()] {
		if isReflectCall(ci.Common().StaticCallee()) {
			calls = append(calls, ci)
		}
	}
	calls = r.onPath(calls, e.Path, len(e.Path)-1)
	if len(calls) == 0 {
		return nil
	}
	var out []*ssa.Function
	for _, ci := range calls {
		fn := reflectMethod(ci)
		if fn == nil {
			return nil
		}
		if !containsFunc(out, fn) {
			out = append(out, fn)
		}
	}
	return out
}

func containsFunc(fns []*ssa.Function, fn *ssa.Function) bool {
	for _, f := range fns {
		if f == fn {
			return true
		}
	}
	return false
}

// onPath keeps, of the calls made at path[k], those in a function the
// path reaches: where the calls are in more than one function (the
// instantiations of generic code share its positions), the ones whose
// function is called at path[k-1] from a function kept in turn.
func (r *resolver) onPath(calls []ssa.CallInstruction, path []effect.Hop, k int) []ssa.CallInstruction {
	parents := map[*ssa.Function]bool{}
	for _, ci := range calls {
		parents[ci.Parent()] = true
	}
	if len(parents) <= 1 {
		return calls
	}
	if k == 0 {
		return nil // several functions and nothing to tell them apart
	}
	var callers []ssa.CallInstruction
	for _, ci := range r.staticSites()[path[k-1].Pos] {
		if parents[ci.Common().StaticCallee()] {
			callers = append(callers, ci)
		}
	}
	callers = r.onPath(callers, path, k-1)
	reached := map[*ssa.Function]bool{}
	for _, ci := range callers {
		reached[ci.Common().StaticCallee()] = true
	}
	var out []ssa.CallInstruction
	for _, ci := range calls {
		if reached[ci.Parent()] {
			out = append(out, ci)
		}
	}
	return out
}

// isReflectCall reports whether fn is reflect.Value's Call or CallSlice.
func isReflectCall(fn *ssa.Function) bool {
	obj := funcObj(fn)
	if obj == nil || obj.Pkg() == nil || obj.Pkg().Path() != "reflect" {
		return false
	}
	return obj.FullName() == "(reflect.Value).Call" || obj.FullName() == "(reflect.Value).CallSlice"
}

// reflectMethod is the method reflect.ValueOf(x).MethodByName(name).Call
// runs at ci, nil unless name is a constant and x's type is concrete and
// has that exported method.
func reflectMethod(ci ssa.CallInstruction) *ssa.Function {
	c := ci.Common()
	if len(c.Args) == 0 {
		return nil
	}
	byName, ok := c.Args[0].(*ssa.Call)
	if !ok || len(byName.Call.Args) != 2 {
		return nil
	}
	if obj := funcObj(byName.Call.StaticCallee()); obj == nil || obj.FullName() != "(reflect.Value).MethodByName" {
		return nil
	}
	name, ok := byName.Call.Args[1].(*ssa.Const)
	if !ok || name.Value == nil || name.Value.Kind() != constant.String {
		return nil
	}
	valueOf, ok := byName.Call.Args[0].(*ssa.Call)
	if !ok || len(valueOf.Call.Args) != 1 {
		return nil
	}
	if obj := funcObj(valueOf.Call.StaticCallee()); obj == nil || obj.FullName() != "reflect.ValueOf" {
		return nil
	}
	mi, ok := valueOf.Call.Args[0].(*ssa.MakeInterface)
	if !ok {
		return nil
	}
	t := mi.X.Type()
	if types.IsInterface(t) || ssavalue.HasTypeParam(t) {
		return nil
	}
	m := constant.StringVal(name.Value)
	if !token.IsExported(m) {
		return nil // MethodByName finds exported methods only
	}
	prog := ci.Parent().Prog
	sel := prog.MethodSets.MethodSet(t).Lookup(nil, m)
	if sel == nil {
		return nil
	}
	return prog.MethodValue(sel)
}

// reflectiveCall is e without what it says of its call's arguments and
// receiver (the reflect.Value and its []reflect.Value), which are not the
// resolved method's.
func reflectiveCall(e effect.Effect) effect.Effect {
	e.CallArgs, e.CondArgs, e.StableArgs, e.RandomArgs, e.TableArgs = nil, nil, nil, nil, nil
	e.KeyParams, e.ArgKeys, e.ArgsKey = nil, nil, nil
	e.CallURLs, e.CallBodies, e.CallGrants, e.CallGrantArgs, e.ChangedFrom = nil, nil, nil, nil, ""
	e.CallSQL = nil
	e.Via = ""
	return e
}
