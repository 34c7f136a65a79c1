package wholeprogram

import (
	"go/token"

	"golang.org/x/tools/go/callgraph"
	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// A callback forwarded by a helper to a dynamic call: a cache's
// remember(ctx, key, fn) whose body hands fn on to an interface method
// (s.cache.Remember(ctx, key, fn)), directly or from a closure that
// captures it (singleflight's Do(key, func() { … Remember(…, fn) })). At
// the interface call the argument is the helper's parameter (or the
// closure's free variable bound to it), which the call site does not
// resolve; the call graph merges, at the implementation's call of its
// parameter, every closure the program passes to the method anywhere, so
// each caller of the helper came out with every other caller's effects
// (a cached read calling back a SOAP query of another package). The path
// the effect was reached by says which call of the helper this is: the
// argument that call passes is the callback, context-sensitive by the
// forwarding hops. Only a parameter or a free variable bound to one is
// followed; a callback stored in a field and called later is left to the
// call graph (argFuncs, paramCallees), conservatively.

// maxForward bounds the forwarding hops followed (a parameter handed on
// through closures and helpers).
const maxForward = 4

// forwardedFuncs resolves the callback arg that the dynamic call ci
// passes from a parameter of its function (or of the function a closure
// is made in) to what the call of that function on e's path passes there;
// when no call on the path reaches it, to what every call of it in the
// program passes (all of them resolved). nil when it cannot.
func (r *resolver) forwardedFuncs(e effect.Effect, ci ssa.CallInstruction, arg ssa.Value) []*ssa.Function {
	v := ssavalue.Unconvert(arg)
	fn := ci.Parent()
	h := len(e.Path) - 1 // the hop in fn (the dynamic call's)
	for step := 0; step < maxForward && fn != nil; step++ {
		switch x := v.(type) {
		case *ssa.UnOp:
			// A captured parameter is read from its cell (*fn): the cell
			// the closure is made with holds what the parent stored
			// there, followed when it stored one value only.
			fv, ok := x.X.(*ssa.FreeVar)
			if !ok || x.Op != token.MUL {
				return nil
			}
			b := r.closureBinding(fn, fv)
			if b == nil {
				return nil
			}
			cell, ok := b.(*ssa.Alloc)
			if !ok {
				return nil
			}
			stored := onlyStore(cell)
			if stored == nil {
				return nil
			}
			v, fn = ssavalue.Unconvert(stored), fn.Parent()
			continue
		case *ssa.FreeVar:
			b := r.closureBinding(fn, x)
			if b == nil {
				return nil
			}
			v, fn = ssavalue.Unconvert(b), fn.Parent()
			continue
		case *ssa.Parameter:
			k := paramIndex(fn, x)
			if k < 0 {
				return nil
			}
			calls, at := r.callOnPath(e, h, fn)
			if calls == nil {
				return r.everyCallerFuncs(fn, k)
			}
			var out []*ssa.Function
			var next ssa.Value
			for _, c := range calls {
				a := paramArg(c, fn, k)
				if a == nil {
					return nil
				}
				if fs := r.argFuncs(a, 0, map[ssa.Value]bool{}); fs != nil {
					out = append(out, fs...)
					continue
				}
				if len(calls) > 1 {
					return nil
				}
				next = a
			}
			if next == nil {
				return out
			}
			// The caller hands on its own parameter in turn.
			v, fn, h = ssavalue.Unconvert(next), calls[0].Parent(), at
			continue
		}
		return nil
	}
	return nil
}

// onlyStore is the value stored in the cell, nil unless exactly one
// store writes it (a parameter spilled for a closure and never
// reassigned).
func onlyStore(cell *ssa.Alloc) ssa.Value {
	var val ssa.Value
	n := 0
	for _, ref := range *cell.Referrers() {
		if st, ok := ref.(*ssa.Store); ok && st.Addr == cell {
			val = st.Val
			n++
		}
	}
	if n != 1 {
		return nil
	}
	return val
}

// closureBinding is the value the only closure made of fn binds to its
// free variable fv, memoized; nil when fn is made more than once or not
// found in its parent.
func (r *resolver) closureBinding(fn *ssa.Function, fv *ssa.FreeVar) ssa.Value {
	idx := freeVarIndex(fv)
	if idx < 0 || fv.Parent() != fn || fn.Parent() == nil {
		return nil
	}
	mc, ok := r.madeIn[fn]
	if !ok {
		if r.madeIn == nil {
			r.madeIn = map[*ssa.Function]*ssa.MakeClosure{}
		}
		n := 0
		for _, b := range fn.Parent().Blocks {
			for _, instr := range b.Instrs {
				if m, isMC := instr.(*ssa.MakeClosure); isMC && m.Fn == fn {
					mc = m
					n++
				}
			}
		}
		if n != 1 {
			mc = nil
		}
		r.madeIn[fn] = mc
	}
	if mc == nil || idx >= len(mc.Bindings) {
		return nil
	}
	return mc.Bindings[idx]
}

// callOnPath finds, above hop h of e's path, the nearest hop whose call
// reaches fn (a static call, or a dynamic one VTA resolves there): its
// instructions and its index; nil when none does.
func (r *resolver) callOnPath(e effect.Effect, h int, fn *ssa.Function) ([]ssa.CallInstruction, int) {
	want := ssavalue.Declared(fn)
	static := r.staticSites()
	for j := h - 1; j >= 0; j-- {
		pos := e.Path[j].Pos
		var calls []ssa.CallInstruction
		for _, c := range static[pos] {
			if g := c.Common().StaticCallee(); g != nil && ssavalue.Declared(g) == want {
				calls = append(calls, c)
			}
		}
		for _, c := range r.sites[pos] {
			for _, g := range r.bySite[c] {
				if ssavalue.Declared(g) == want {
					calls = append(calls, c)
					break
				}
			}
		}
		if len(calls) > 0 {
			return calls, j
		}
	}
	return nil, -1
}

// everyCallerFuncs is what every call of fn in the call graph passes as
// its parameter k, memoized; nil when fn has no caller there or one
// passes a callback that is not resolved at its site.
func (r *resolver) everyCallerFuncs(fn *ssa.Function, k int) []*ssa.Function {
	key := callerKey{fn, k}
	if fs, ok := r.callerFuncs[key]; ok {
		return fs
	}
	if r.callerFuncs == nil {
		r.callerFuncs = map[callerKey][]*ssa.Function{}
	}
	var out []*ssa.Function
	if node := r.cgNode(fn); node != nil && len(node.In) > 0 {
		out = []*ssa.Function{}
		for _, in := range node.In {
			if in.Site == nil {
				out = nil
				break
			}
			a := paramArg(in.Site, fn, k)
			fs := r.argFuncs(a, 0, map[ssa.Value]bool{})
			if a == nil || fs == nil {
				out = nil
				break
			}
			out = append(out, fs...)
		}
	}
	if out != nil {
		out = uniqueFuncs(out)
	}
	r.callerFuncs[key] = out
	return out
}

// callerKey is a function's parameter (everyCallerFuncs).
type callerKey struct {
	fn *ssa.Function
	k  int
}

// paramArg is the argument call c passes as fn's parameter k (the
// receiver first, as fn.Params counts): a static call of a method passes
// the receiver among its arguments, an interface call or a bound method
// value's call does not.
func paramArg(c ssa.CallInstruction, fn *ssa.Function, k int) ssa.Value {
	cc := c.Common()
	if g := cc.StaticCallee(); g != nil && ssavalue.Declared(g) == ssavalue.Declared(fn) {
		if k < 0 || k >= len(cc.Args) {
			return nil
		}
		return cc.Args[k]
	}
	return callbackArg(cc, fn, k)
}

// paramIndex is p's index among fn's parameters, -1 when it is not one.
func paramIndex(fn *ssa.Function, p *ssa.Parameter) int {
	for i, q := range fn.Params {
		if q == p {
			return i
		}
	}
	return -1
}

// cgNode is fn's node in the call graph, nil without one.
func (r *resolver) cgNode(fn *ssa.Function) *callgraph.Node {
	if r.cg == nil {
		return nil
	}
	return r.cg.Nodes[fn]
}
