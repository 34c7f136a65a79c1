package discovery

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// Registration lists: an application builds lists of handlers
// ([]interface{}{acts.Charge, acts.Refund, OrderWorkflow}) per queue,
// often in one function that returns them in a struct, appends to them,
// and registers each element in a loop in another
// (for _, a := range cfg.Activities { svc.RegisterActivity(q, a) }).
// The element registered is then no slice literal of the registering
// function; listElems follows the slice back, within the package, to the
// literals its elements come from.

// listElems returns the values a slice may hold: the elements of the
// literals it is made of, followed through append, phis, struct fields,
// the package's calls of a function whose parameter it is, and the
// results of the package's functions that return it. nil when it is made
// of nothing the package shows.
func (f *finder) listElems(v ssa.Value) []ssa.Value {
	return f.elems(v, map[ssa.Value]bool{}, 0)
}

func (f *finder) elems(v ssa.Value, seen map[ssa.Value]bool, depth int) []ssa.Value {
	v = ssavalue.Unconvert(v)
	if v == nil || depth > 12 || seen[v] {
		return nil
	}
	seen[v] = true
	switch x := v.(type) {
	case *ssa.Slice:
		if es := ssavalue.SliceElems(x); es != nil {
			return es
		}
		if _, isAlloc := x.X.(*ssa.Alloc); isAlloc {
			return nil // an empty literal
		}
		return f.elems(x.X, seen, depth+1)
	case *ssa.Call:
		if b, ok := x.Call.Value.(*ssa.Builtin); ok {
			if b.Name() != "append" {
				return nil
			}
			var out []ssa.Value
			for _, a := range x.Call.Args {
				out = append(out, f.elems(a, seen, depth+1)...)
			}
			return out
		}
	case *ssa.Phi:
		var out []ssa.Value
		for _, e := range x.Edges {
			out = append(out, f.elems(e, seen, depth+1)...)
		}
		return out
	}
	var out []ssa.Value
	for _, s := range f.sources(v, seen, depth) {
		out = append(out, f.elems(s, seen, depth+1)...)
	}
	return out
}

// sources are the values v is, one step back: a parameter of a package
// function is its arguments at the package's calls, a call of a package
// function its returned values, a struct field the values stored in it
// (a composite literal's), a variable's load the values stored to it.
func (f *finder) sources(v ssa.Value, seen map[ssa.Value]bool, depth int) []ssa.Value {
	if depth > 12 {
		return nil
	}
	switch x := v.(type) {
	case *ssa.Parameter:
		fn := x.Parent()
		if fn.Parent() != nil || fn.Pkg != f.env.Pkg {
			return nil
		}
		k := -1
		for i, p := range fn.Params {
			if p == x {
				k = i
			}
		}
		var out []ssa.Value
		for _, c := range f.callsOf(fn) {
			if k >= 0 && k < len(c.Args) {
				out = append(out, c.Args[k])
			}
		}
		return out
	case *ssa.Call:
		return f.returned(x, 0)
	case *ssa.Extract:
		if c, ok := x.Tuple.(*ssa.Call); ok {
			return f.returned(c, x.Index)
		}
	case *ssa.Field:
		var out []ssa.Value
		for _, s := range f.structs(x.X, seen, depth+1) {
			out = append(out, f.fieldStores(s, x.Field, seen, depth+1)...)
		}
		return out
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return nil
		}
		switch p := x.X.(type) {
		case *ssa.FieldAddr:
			var out []ssa.Value
			for _, s := range f.pointers(p.X, seen, depth+1) {
				out = append(out, f.fieldStores(s, p.Field, seen, depth+1)...)
			}
			return out
		case *ssa.Alloc:
			return ssavalue.Stores(p)
		case *ssa.FreeVar:
			if b := ssavalue.Binding(p); b != nil {
				if a, ok := b.(*ssa.Alloc); ok {
					return ssavalue.Stores(a)
				}
			}
		}
	case *ssa.FreeVar:
		if b := ssavalue.Binding(x); b != nil {
			return []ssa.Value{b}
		}
	}
	return nil
}

// structs are the addresses of the composite literals a struct value was
// loaded from (*t of an Alloc the literal's fields are stored in).
func (f *finder) structs(v ssa.Value, seen map[ssa.Value]bool, depth int) []*ssa.Alloc {
	v = ssavalue.Unconvert(v)
	if v == nil || depth > 12 || seen[v] {
		return nil
	}
	seen[v] = true
	if u, ok := v.(*ssa.UnOp); ok && u.Op == token.MUL {
		return f.pointers(u.X, seen, depth+1)
	}
	if p, ok := v.(*ssa.Phi); ok {
		var out []*ssa.Alloc
		for _, e := range p.Edges {
			out = append(out, f.structs(e, seen, depth+1)...)
		}
		return out
	}
	var out []*ssa.Alloc
	for _, s := range f.sources(v, seen, depth) {
		out = append(out, f.structs(s, seen, depth+1)...)
	}
	return out
}

// pointers are the Allocs a struct pointer may point to.
func (f *finder) pointers(v ssa.Value, seen map[ssa.Value]bool, depth int) []*ssa.Alloc {
	v = ssavalue.Unconvert(v)
	if v == nil || depth > 12 {
		return nil
	}
	if a, ok := v.(*ssa.Alloc); ok {
		return []*ssa.Alloc{a}
	}
	if seen[v] {
		return nil
	}
	seen[v] = true
	if p, ok := v.(*ssa.Phi); ok {
		var out []*ssa.Alloc
		for _, e := range p.Edges {
			out = append(out, f.pointers(e, seen, depth+1)...)
		}
		return out
	}
	var out []*ssa.Alloc
	for _, s := range f.sources(v, seen, depth) {
		out = append(out, f.pointers(s, seen, depth+1)...)
	}
	return out
}

// fieldStores are the values stored in field i of the struct at a: to
// the field, or in a whole struct stored there (a parameter the function
// keeps in a variable).
func (f *finder) fieldStores(a *ssa.Alloc, i int, seen map[ssa.Value]bool, depth int) []ssa.Value {
	var out []ssa.Value
	for _, whole := range ssavalue.Stores(a) {
		for _, s := range f.structs(whole, seen, depth+1) {
			out = append(out, f.fieldStores(s, i, seen, depth+1)...)
		}
	}
	for _, r := range ssavalue.Referrers(a) {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok || fa.Field != i {
			continue
		}
		for _, rr := range ssavalue.Referrers(fa) {
			if st, ok := rr.(*ssa.Store); ok && st.Addr == fa {
				out = append(out, st.Val)
			}
		}
	}
	return out
}

// returned are the values a call of a package function returns as its
// k-th result.
func (f *finder) returned(c *ssa.Call, k int) []ssa.Value {
	callee := c.Call.StaticCallee()
	if callee == nil || callee.Pkg != f.env.Pkg || callee.Blocks == nil {
		return nil
	}
	var out []ssa.Value
	for _, b := range callee.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && k < len(ret.Results) {
			out = append(out, ret.Results[k])
		}
	}
	return out
}

// callsOf are the package's static calls of fn.
func (f *finder) callsOf(fn *ssa.Function) []*ssa.CallCommon {
	if f.calls == nil {
		f.calls = map[*ssa.Function][]*ssa.CallCommon{}
		done := map[*ssa.Function]bool{}
		for _, top := range f.env.Funcs {
			for _, g := range withClosures(top) {
				if done[g] {
					continue
				}
				done[g] = true
				for _, b := range g.Blocks {
					for _, instr := range b.Instrs {
						ci, ok := instr.(ssa.CallInstruction)
						if !ok {
							continue
						}
						if callee := ci.Common().StaticCallee(); callee != nil {
							f.calls[callee] = append(f.calls[callee], ci.Common())
						}
					}
				}
			}
		}
	}
	return f.calls[fn]
}

// listParam is the parameter of a declared function whose elements a
// registered value is, ranged over (for _, a := range acts), or nil.
func listParam(v ssa.Value) (*ssa.Function, int) {
	u, ok := ssavalue.Unconvert(v).(*ssa.UnOp)
	if !ok || u.Op != token.MUL {
		return nil, -1
	}
	ia, ok := u.X.(*ssa.IndexAddr)
	if !ok {
		return nil, -1
	}
	if _, isSlice := ia.X.Type().Underlying().(*types.Slice); !isSlice {
		return nil, -1
	}
	return ssavalue.ParamOf(ia.X)
}
