package wholeprogram

import (
	"go/token"
	"go/types"
	"slices"
	"sort"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/result"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
	"github.com/jobeffects/jobeffects/analyzer/summary"
)

// A closure registered under several tasks (result.Handler.PerRegistration)
// is one handler per registration, and each registration binds its own
// values into it: convoy's ProcessEventCreation(ch *DefaultEventChannel, …)
// returns ProcessEventCreationByChannel(ch, …), a closure calling
// channel.CreateEvent through the EventChannel interface, and the
// broadcast and dynamic registrations bind other channels. Here the
// registration's call is found by its position, its handler argument is
// followed through the static calls that make the closure (their
// parameters standing for the caller's arguments) to the MakeClosure, and a
// bound value whose type is concrete there (the factory's parameter of
// type *DefaultEventChannel, a value boxed into the interface) decides the
// closure's interface calls on that captured variable: their callees are
// that type's method, for this handler only (resolver.override). A bound
// value of interface type the trace cannot see through keeps the call
// graph's callees (every implementation), as does a call in another
// function the closure passes the value to.

// maxBoundDepth bounds the factories followed from a registration's argument.
const maxBoundDepth = 4

// boundCallees are, by handler (registration position and full name), the
// callees of the closure's interface calls on the values its registration
// binds. all holds the program's functions, bodies not yet released.
func (r *resolver) boundCallees(prog *ssa.Program, all map[*ssa.Function]bool, results []*result.Result) map[string]map[string][]*ssa.Function {
	want := map[string][]*result.Handler{} // by registration position
	files := map[string]bool{}
	for _, res := range results {
		for _, h := range res.Handlers {
			if !h.PerRegistration || h.Registered == "" {
				continue
			}
			want[h.Registered] = append(want[h.Registered], h)
			files[posFile(h.Registered)] = true
		}
	}
	if len(want) == 0 {
		return nil
	}
	sites := map[string][]ssa.CallInstruction{}
	fns := make([]*ssa.Function, 0, len(all))
	for fn := range all {
		if fn.Blocks != nil && fn.Pos().IsValid() && files[r.fset.Position(fn.Pos()).Filename] {
			fns = append(fns, fn)
		}
	}
	sort.Slice(fns, func(i, j int) bool { return fns[i].Pos() < fns[j].Pos() })
	for _, fn := range fns {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				ci, ok := instr.(ssa.CallInstruction)
				if !ok || !ci.Pos().IsValid() {
					continue
				}
				if pos := summary.PosString(r.fset, ci.Pos()); want[pos] != nil {
					sites[pos] = append(sites[pos], ci)
				}
			}
		}
	}
	out := map[string]map[string][]*ssa.Function{}
	for pos, hs := range want {
		for _, h := range hs {
			var found *boundClosure
			ambiguous := false
			for _, ci := range sites[pos] {
				for _, a := range ci.Common().Args {
					b := closureOf(a, h.FullName, nil, 0)
					if b == nil {
						continue
					}
					if found != nil {
						ambiguous = true // the closure twice at one call: which is the handler is not known
					}
					found = b
				}
			}
			if found == nil || ambiguous {
				continue
			}
			if o := invokesOnBound(prog, r.fset, found); len(o) > 0 {
				out[h.Registered+"|"+h.FullName] = o
			}
		}
	}
	return out
}

// boundClosure is a closure a registration's argument makes and the concrete
// types of the values it binds (by free variable; nil: not known).
type boundClosure struct {
	fn    *ssa.Function
	types []types.Type
}

// closureOf follows v (in a function whose parameters stand for args, when
// args is not nil) to the closure named name it makes, through static calls
// of functions returning it on every path.
func closureOf(v ssa.Value, name string, args []ssa.Value, depth int) *boundClosure {
	if depth > maxBoundDepth || v == nil {
		return nil
	}
	// A func value is boxed or retyped, never Converted: Unconvert peels
	// all it can be wrapped in.
	switch x := ssavalue.Unconvert(v).(type) {
	case *ssa.MakeClosure:
		fn, ok := x.Fn.(*ssa.Function)
		if !ok || summary.FullName(fn) != name {
			return nil
		}
		b := &boundClosure{fn: fn, types: make([]types.Type, len(x.Bindings))}
		for i, bv := range x.Bindings {
			b.types[i] = concreteType(bv, args)
		}
		return b
	case *ssa.Call:
		callee := x.Call.StaticCallee()
		if callee == nil || callee.Blocks == nil || len(callee.Params) != len(x.Call.Args) {
			return nil
		}
		// The callee's parameters stand for this call's arguments,
		// themselves the outer caller's when they are its parameters.
		inner := make([]ssa.Value, len(x.Call.Args))
		for i, a := range x.Call.Args {
			inner[i] = substitute(a, args)
		}
		var out *boundClosure
		for _, blk := range callee.Blocks {
			ret, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.Return)
			if !ok {
				continue
			}
			if len(ret.Results) != 1 {
				return nil
			}
			b := closureOf(ret.Results[0], name, inner, depth+1)
			if b == nil {
				return nil // a path that returns something else
			}
			if out == nil {
				out = b
				continue
			}
			if out.fn != b.fn || len(out.types) != len(b.types) {
				return nil
			}
			for i := range out.types {
				if out.types[i] == nil || b.types[i] == nil || !types.Identical(out.types[i], b.types[i]) {
					out.types[i] = nil
				}
			}
		}
		return out
	}
	return nil
}

// substitute is the value a parameter stands for (args by parameter
// index), v itself for any other value.
func substitute(v ssa.Value, args []ssa.Value) ssa.Value {
	if p, ok := v.(*ssa.Parameter); ok && args != nil {
		for i, q := range p.Parent().Params {
			if q == p && i < len(args) {
				return args[i]
			}
		}
	}
	return v
}

// concreteType is the one dynamic type a bound value has: its own type
// when that is not an interface (a pointer to a named struct, a named
// type), the boxed value's for a conversion to an interface, followed
// through the parameters args stand for; nil when not known.
func concreteType(v ssa.Value, args []ssa.Value) types.Type {
	for n := 0; n <= maxBoundDepth && v != nil; n++ {
		if a, ok := v.(*ssa.Alloc); ok {
			// A captured variable's cell: the one value stored into it.
			v = storedOnce(a)
			if v == nil {
				return nil
			}
		}
		if mi, ok := v.(*ssa.MakeInterface); ok {
			v = mi.X
		}
		t := v.Type()
		if !types.IsInterface(t) {
			switch u := types.Unalias(t).(type) {
			case *types.Named:
				return t
			case *types.Pointer:
				if named, ok := types.Unalias(u.Elem()).(*types.Named); ok && !types.IsInterface(named) {
					return t
				}
			}
			return nil // a captured variable's cell, a func value, …
		}
		p, ok := v.(*ssa.Parameter)
		if !ok || args == nil {
			return nil
		}
		next := substitute(p, args)
		if next == v {
			return nil
		}
		v = next
		args = nil // args are already the outermost values
	}
	return nil
}

// invokesOnBound are the callees, by position, of the closure's interface
// calls on a free variable whose bound type is known: that type's method.
func invokesOnBound(prog *ssa.Program, fset *token.FileSet, b *boundClosure) map[string][]*ssa.Function {
	out := map[string][]*ssa.Function{}
	for _, blk := range b.fn.Blocks {
		for _, instr := range blk.Instrs {
			ci, ok := instr.(ssa.CallInstruction)
			if !ok || !ci.Common().IsInvoke() || !ci.Pos().IsValid() {
				continue
			}
			c := ci.Common()
			recv := ssavalue.Unconvert(c.Value)
			if u, ok := recv.(*ssa.UnOp); ok && u.Op == token.MUL {
				recv = u.X // a captured variable's cell
			}
			fv, ok := recv.(*ssa.FreeVar)
			if !ok || !onlyLoaded(fv) {
				continue
			}
			k := slices.Index(b.fn.FreeVars, fv)
			if k < 0 || k >= len(b.types) || b.types[k] == nil {
				continue
			}
			sel := prog.MethodSets.MethodSet(b.types[k]).Lookup(c.Method.Pkg(), c.Method.Name())
			if sel == nil {
				continue
			}
			if g := prog.MethodValue(sel); g != nil {
				out[summary.PosString(fset, ci.Pos())] = []*ssa.Function{g}
			}
		}
	}
	return out
}

// storedOnce is the value stored into a cell when its function stores one
// value there and nothing else writes it (the closures it is captured by
// only read it: onlyLoaded), else nil.
func storedOnce(a *ssa.Alloc) ssa.Value {
	var val ssa.Value
	for _, ref := range *a.Referrers() {
		switch x := ref.(type) {
		case *ssa.Store:
			if x.Addr != a || val != nil {
				return nil
			}
			val = x.Val
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return nil
			}
		case *ssa.MakeClosure:
			fn, ok := x.Fn.(*ssa.Function)
			if !ok {
				return nil
			}
			for i, b := range x.Bindings {
				if b == ssa.Value(a) && (i >= len(fn.FreeVars) || !onlyLoaded(fn.FreeVars[i])) {
					return nil
				}
			}
		default:
			return nil // its address taken otherwise
		}
	}
	return val
}

// onlyLoaded reports whether a closure only reads the captured variable fv.
func onlyLoaded(fv *ssa.FreeVar) bool {
	if _, cell := fv.Type().Underlying().(*types.Pointer); !cell {
		return true
	}
	for _, ref := range *fv.Referrers() {
		if u, ok := ref.(*ssa.UnOp); !ok || u.Op != token.MUL {
			return false
		}
	}
	return true
}
