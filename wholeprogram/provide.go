package wholeprogram

import (
	"go/types"

	"golang.org/x/tools/go/callgraph"
	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
	"github.com/jobeffects/jobeffects/analyzer/summary"
)

// Interfaces a dependency-injection container provides. A constructor
// handed to fx.Provide (dig's Provide; the catalog's providers) is called
// by the container through reflection, and what it returns is injected
// into every parameter and fx.In field of exactly its result type. No
// value flow in the program's code carries it there, so VTA gives an
// interface call on such a field no callee: a service's s.DB.WithTx(ctx,
// fn) stayed unknown and fn's effects (the invoice, the charge) were
// dropped, and a repository's Create was read by its name. The container
// holds one value per type, so the call runs a method of what the
// constructors providing that interface return, read from their code (a
// conversion to the interface, directly or through the static calls and
// phis that produce the returned value). A constructor whose returned
// value is not traced that way decides nothing (its interface stays
// unresolved), nor does a call the call graph already resolves.

// providedTypes maps each interface type a provider registration of the
// production packages provides to the concrete types its constructors
// return. Computed before the unreached bodies are released: the
// constructors are called only by the container, so no slice holds them.
func (r *resolver) providedTypes(all map[*ssa.Function]bool, pkgs []*packages.Package) *typeutil.Map {
	own := map[string]bool{}
	for _, p := range pkgs {
		own[p.PkgPath] = true
	}
	// The functions that register a provider, in the order of their
	// names (the order the types are appended in); the others, almost
	// all, are not sorted.
	var fns []*ssa.Function
	for fn := range all {
		if fn.Pkg != nil && own[fn.Pkg.Pkg.Path()] && len(fn.Blocks) > 0 && r.callsProvider(fn) {
			fns = append(fns, fn)
		}
	}
	sortByName(fns)
	var out *typeutil.Map
	for _, fn := range fns {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				ci, ok := instr.(ssa.CallInstruction)
				if !ok || !r.providerCall(ci) {
					continue
				}
				for _, ctor := range constructors(ci.Common().Args) {
					res := ctor.Signature.Results()
					for i := 0; i < res.Len(); i++ {
						t := res.At(i).Type()
						if !types.IsInterface(t) || isErrorType(t) {
							continue
						}
						concs, ok := returnedConcrete(ctor, i, 0, map[*ssa.Function]bool{})
						if !ok || len(concs) == 0 {
							continue
						}
						if out == nil {
							out = &typeutil.Map{}
						}
						prev, _ := out.At(t).([]types.Type)
						out.Set(t, appendTypes(prev, concs))
					}
				}
			}
		}
	}
	return out
}

// callsProvider reports whether fn calls a provider registration.
func (r *resolver) callsProvider(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if ci, ok := instr.(ssa.CallInstruction); ok && r.providerCall(ci) {
				return true
			}
		}
	}
	return false
}

// providerCall reports whether ci is a static call of a provider
// registration (models.Index.IsProvider).
func (r *resolver) providerCall(ci ssa.CallInstruction) bool {
	callee := ci.Common().StaticCallee()
	if callee == nil {
		return false
	}
	obj, _ := callee.Object().(*types.Func)
	return obj != nil && r.ix.IsProvider(obj)
}

// constructors are the functions a provider call's arguments hand the
// container: each argument and each element of a variadic slice, a
// function or a function wrapped by a call whose first argument is one
// (fx.Annotate(NewStore, …)).
func constructors(args []ssa.Value) []*ssa.Function {
	var out []*ssa.Function
	var add func(v ssa.Value, depth int)
	add = func(v ssa.Value, depth int) {
		if depth > 3 {
			return
		}
		v = ssavalue.Unconvert(v)
		if mi, ok := v.(*ssa.MakeInterface); ok {
			v = ssavalue.Unconvert(mi.X)
		}
		switch x := v.(type) {
		case *ssa.Function:
			out = append(out, x)
		case *ssa.MakeClosure:
			if f, ok := x.Fn.(*ssa.Function); ok {
				out = append(out, f)
			}
		case *ssa.Call:
			if len(x.Call.Args) > 0 && x.Call.StaticCallee() != nil {
				add(x.Call.Args[0], depth+1)
			}
		}
	}
	for _, a := range args {
		if _, ok := a.Type().Underlying().(*types.Slice); ok {
			for _, el := range ssavalue.SliceElems(a) {
				add(el, 0)
			}
			continue
		}
		add(a, 0)
	}
	return out
}

// returnedConcrete is the set of concrete types fn returns as its i-th
// result; ok is false when a returned value is not traced to one (a
// parameter, a field, an interface call's result).
func returnedConcrete(fn *ssa.Function, i, depth int, seen map[*ssa.Function]bool) (out []types.Type, ok bool) {
	if depth > 4 || seen[fn] || len(fn.Blocks) == 0 {
		return nil, false
	}
	seen[fn] = true
	defer delete(seen, fn)
	for _, b := range fn.Blocks {
		ret, isRet := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !isRet || i >= len(ret.Results) {
			continue
		}
		ts, good := concreteOf(ret.Results[i], depth, seen, map[ssa.Value]bool{})
		if !good {
			return nil, false
		}
		out = appendTypes(out, ts)
	}
	return out, true
}

// concreteOf traces a value of interface type to the concrete types
// converted to it.
func concreteOf(v ssa.Value, depth int, seen map[*ssa.Function]bool, visiting map[ssa.Value]bool) ([]types.Type, bool) {
	if visiting[v] {
		return nil, true
	}
	visiting[v] = true
	switch x := v.(type) {
	case *ssa.MakeInterface:
		if types.IsInterface(x.X.Type()) {
			return concreteOf(x.X, depth, seen, visiting)
		}
		return []types.Type{x.X.Type()}, true
	case *ssa.ChangeInterface:
		return concreteOf(x.X, depth, seen, visiting)
	case *ssa.Const:
		return nil, x.IsNil() // a nil returned with an error
	case *ssa.Phi:
		var out []types.Type
		for _, e := range x.Edges {
			ts, ok := concreteOf(e, depth, seen, visiting)
			if !ok {
				return nil, false
			}
			out = appendTypes(out, ts)
		}
		return out, true
	case *ssa.Call:
		if g := x.Call.StaticCallee(); g != nil && g.Signature.Results().Len() == 1 {
			return returnedConcrete(g, 0, depth+1, seen)
		}
	case *ssa.Extract:
		if c, ok := x.Tuple.(*ssa.Call); ok {
			if g := c.Call.StaticCallee(); g != nil {
				return returnedConcrete(g, x.Index, depth+1, seen)
			}
		}
	}
	return nil, false
}

func appendTypes(out, ts []types.Type) []types.Type {
	for _, t := range ts {
		dup := false
		for _, o := range out {
			if types.Identical(o, t) {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, t)
		}
	}
	return out
}

func isErrorType(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

// provideCallees gives each interface call of the slice that the call
// graph leaves without a callee, on an interface type the container
// provides, the methods of the provided concrete types (added to the
// graph's index as its own edges are). It returns how many sites it
// resolved.
func (r *resolver) provideCallees(prog *ssa.Program, provided *typeutil.Map, slice map[*ssa.Function]bool) int {
	if provided == nil || provided.Len() == 0 {
		return 0
	}
	n := 0
	for _, fn := range sortedFuncs(slice) {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				ci, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				c := ci.Common()
				if !c.IsInvoke() || len(r.bySite[ci]) > 0 || !ci.Pos().IsValid() {
					continue
				}
				concs, _ := provided.At(c.Value.Type()).([]types.Type)
				var callees []*ssa.Function
				for _, t := range concs {
					sel := prog.MethodSets.MethodSet(t).Lookup(c.Method.Pkg(), c.Method.Name())
					if sel == nil {
						continue
					}
					if g := prog.MethodValue(sel); g != nil {
						callees = append(callees, g)
					}
				}
				if len(callees) == 0 {
					continue
				}
				sortByName(callees)
				pos := summary.PosString(r.fset, ci.Pos())
				r.sites[pos] = append(r.sites[pos], ci)
				r.bySite[ci] = callees
				r.callees[pos] = uniqueFuncs(append(r.callees[pos], callees...))
				if node := r.cg.Nodes[fn]; node != nil {
					for _, g := range callees {
						callgraph.AddEdge(node, ci, r.cg.CreateNode(g))
					}
				}
				n++
			}
		}
	}
	return n
}
