package wholeprogram

import (
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/guard"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
	"github.com/jobeffects/jobeffects/analyzer/summary"
)

// Callbacks handed through a dynamic call. A summary records the
// func-typed parameters its function calls (CallsParams) instead of an
// effect, because their effects are the caller's argument's: a store's
// WithTransaction(ctx, fn) runs fn. A static call site substitutes its
// argument when the package is summarised; a call through an interface
// (s.store.WithTransaction(ctx, s.cleanup())) is resolved only here, so
// here the argument the site passes is what the implementation runs.
// Without this the callback's effects were dropped: the handler came out
// with no effect at all. The argument is resolved at the call site (a
// function, a closure, the closure a function returns); failing that,
// to what the call graph says the implementation's call of its parameter
// reaches (every caller's callbacks merged); failing that, it is an
// unknown effect, never none.

// argCallbackEffects returns the effects of the callbacks a dynamic call's
// resolved callee fn (with summary s) calls.
func (r *resolver) argCallbackEffects(e effect.Effect, fn *ssa.Function, s *summary.Summary, prefix []effect.Hop, depth int, seen map[string]bool, pits *[]guard.Pitfall) []effect.Effect {
	if len(s.CallsParams) == 0 && len(s.CallsParamFields) == 0 {
		return nil
	}
	var out []effect.Effect
	// A callback in a field of an argument struct (summary/paramfields.go):
	// what every site's literal stores there, in place of the unknown
	// effect the implementation's summary keeps for it (fieldResolved).
	for _, c := range s.CallsParamFields {
		if funcs := r.fieldCallbacks(e, fn, c); funcs != nil {
			out = append(out, r.fieldCallbackEffects(e, funcs, prefix, depth, seen, pits)...)
		}
	}
	for _, k := range s.CallsParams {
		var funcs []*ssa.Function
		known := len(r.sites[e.Evidence()]) > 0
		for _, ci := range r.sites[e.Evidence()] {
			arg := callbackArg(ci.Common(), fn, k)
			if arg == nil {
				known = false
				continue
			}
			fs := r.argFuncs(arg, 0, map[ssa.Value]bool{})
			if fs == nil {
				fs = r.outerArgFuncs(e, ci, arg)
			}
			if fs == nil {
				// A helper's parameter handed on (forwardcb.go).
				fs = r.forwardedFuncs(e, ci, arg)
			}
			if fs == nil {
				known = false
				continue
			}
			funcs = append(funcs, fs...)
		}
		if !known {
			// What the call graph says the implementation's call of its
			// parameter reaches: every caller's callbacks, merged.
			pc := r.paramCallees(fn, k)
			if k >= len(fn.Params) && !r.allInert(pc) {
				// A captured function (a middleware's next): the graph
				// merges what every closure captured, so it decides only
				// when none of them has an effect.
				pc = nil
			}
			funcs = append(funcs, pc...)
		}
		funcs = uniqueFuncs(funcs)
		if len(funcs) == 0 && known {
			continue // every site passes no function (an absent variadic slice)
		}
		if len(funcs) == 0 {
			u := e
			u.Detail = strings.TrimSuffix(e.Detail, ".") + "; it reaches " + summary.SSAName(fn) + ", which calls a callback that is not known here"
			out = append(out, u)
			continue
		}
		for _, g := range funcs {
			gs := r.sums[summary.Key(r.fset, g)]
			last := prefix[len(prefix)-1]
			hop := effect.Hop{Pos: last.Pos, Func: last.Func + " (callback → " + summary.SSAName(g) + ")", ErrOut: last.ErrOut, ErrDropped: last.ErrDropped, DupTaken: last.DupTaken, AckWithheld: last.AckWithheld, AckAfter: last.AckAfter, DoneChecks: last.DoneChecks, FailsLast: last.FailsLast}
			p := append(append([]effect.Hop(nil), prefix[:len(prefix)-1]...), hop)
			if gs == nil && r.inertCallback(g) {
				continue // another module's option that only sets a field
			}
			if gs == nil {
				u := e
				u.Detail = strings.TrimSuffix(e.Detail, ".") + "; it calls back " + summary.SSAName(g) + ", whose summary is not available"
				out = append(out, u)
				continue
			}
			*pits = append(*pits, gs.Pitfalls...)
			cb := r.inline(e, p, gs, false, true, depth, seen, pits)
			if gc := s.GuardedCall(k); gc != nil {
				// The implementation runs the callback only when its
				// claim is new (summary/claimcb.go).
				*pits = append(*pits, summary.GuardCallback(&e, gc, cb)...)
			}
			out = append(out, cb...)
		}
	}
	return out
}

// inertCallback reports whether a callback without a summary (a
// function of another module's package: the closure llms.WithMaxTokens(n)
// returns, which sets a field of the options it is given) reaches no
// effect over the whole program (reachesNoEffect, as at a library
// boundary), memoized per function.
func (r *resolver) inertCallback(g *ssa.Function) bool {
	if v, ok := r.inertCbs[g]; ok {
		return v
	}
	if r.inertCbs == nil {
		r.inertCbs = map[*ssa.Function]bool{}
	}
	v := r.cg != nil && r.reachesNoEffect(g)
	r.inertCbs[g] = v
	return v
}

// outerArgFuncs resolves a callback that the function making the dynamic
// call e passes on from its own parameter (a monitoring wrapper's
// WithTx(ctx, fn) calling c.client.WithTx(ctx, fn)) to what the call one
// hop up e's path, a dynamic call into that function, passes there. The
// call graph merges every caller's callbacks at the parameter (every
// WithTx of the program: a customer's creation came out debiting a
// wallet); the path says which caller this is. nil when the parameter is
// not the site's function's, the hop above is not a dynamic call into it,
// or what it passes is not resolved.
func (r *resolver) outerArgFuncs(e effect.Effect, ci ssa.CallInstruction, arg ssa.Value) []*ssa.Function {
	p, ok := ssavalue.Unconvert(arg).(*ssa.Parameter)
	if !ok || p.Parent() != ci.Parent() || len(e.Path) < 2 {
		return nil
	}
	fn := p.Parent()
	k := -1
	for i, q := range fn.Params {
		if q == p {
			k = i
		}
	}
	outer := r.sites[e.Path[len(e.Path)-2].Pos]
	if k < 0 || len(outer) == 0 {
		return nil
	}
	var out []*ssa.Function
	resolved := false
	for _, oci := range outer {
		into := false
		for _, g := range r.bySite[oci] {
			if ssavalue.Declared(g) == ssavalue.Declared(fn) {
				into = true
			}
		}
		if !into {
			continue
		}
		oarg := callbackArg(oci.Common(), fn, k)
		if oarg == nil {
			return nil
		}
		fs := r.argFuncs(oarg, 0, map[ssa.Value]bool{})
		if fs == nil {
			return nil
		}
		resolved = true
		out = append(out, fs...)
	}
	if resolved && out == nil {
		return []*ssa.Function{} // only absent slices: nothing is called
	}
	return out
}

// fieldCallbacks are the functions every site of the dynamic call e
// stores in the field c of the argument its resolved callee fn calls; nil
// when a site stores none there or one that is not resolved.
func (r *resolver) fieldCallbacks(e effect.Effect, fn *ssa.Function, c summary.ParamFieldCall) []*ssa.Function {
	var funcs []*ssa.Function
	sites := r.sites[e.Evidence()]
	if len(sites) == 0 {
		return nil
	}
	for _, ci := range sites {
		arg := callbackArg(ci.Common(), fn, c.Param)
		if arg == nil {
			return nil
		}
		vals := summary.FieldFuncValues(arg, c.Field)
		if len(vals) == 0 {
			return nil
		}
		for _, v := range vals {
			fs := r.argFuncs(v, 0, map[ssa.Value]bool{})
			if fs == nil {
				return nil
			}
			funcs = append(funcs, fs...)
		}
	}
	return uniqueFuncs(funcs)
}

// withoutResolvedFields is s without the unknown effects of the field
// calls that every site of e resolves (fieldCallbacks): the callbacks'
// effects stand for them.
func (r *resolver) withoutResolvedFields(e effect.Effect, fn *ssa.Function, s *summary.Summary) *summary.Summary {
	drop := map[string]bool{}
	for _, c := range s.CallsParamFields {
		if c.Pos != "" && r.fieldCallbacks(e, fn, c) != nil {
			drop[c.Pos] = true
		}
	}
	if len(drop) == 0 {
		return s
	}
	cp := *s
	cp.Effects = nil
	for _, x := range s.Effects {
		if x.Kind == effect.KindDynamic && drop[x.Evidence()] {
			continue
		}
		cp.Effects = append(cp.Effects, x)
	}
	return &cp
}

// fieldCallbackEffects are the effects of the callbacks funcs that a dynamic
// call's implementation runs, each reached through the call (prefix).
func (r *resolver) fieldCallbackEffects(e effect.Effect, funcs []*ssa.Function, prefix []effect.Hop, depth int, seen map[string]bool, pits *[]guard.Pitfall) []effect.Effect {
	var out []effect.Effect
	for _, g := range funcs {
		gs := r.sums[summary.Key(r.fset, g)]
		last := prefix[len(prefix)-1]
		hop := effect.Hop{Pos: last.Pos, Func: last.Func + " (callback → " + summary.SSAName(g) + ")", ErrOut: last.ErrOut, ErrDropped: last.ErrDropped, AckWithheld: last.AckWithheld, AckAfter: last.AckAfter, DoneChecks: last.DoneChecks, FailsLast: last.FailsLast}
		p := append(append([]effect.Hop(nil), prefix[:len(prefix)-1]...), hop)
		if gs == nil {
			u := e
			u.Detail = strings.TrimSuffix(e.Detail, ".") + "; it calls back " + summary.SSAName(g) + ", whose summary is not available"
			out = append(out, u)
			continue
		}
		*pits = append(*pits, gs.Pitfalls...)
		out = append(out, r.inline(e, p, gs, false, true, depth, seen, pits)...)
	}
	return out
}

// callbackArg is the argument a call passes as fn's parameter k (the
// receiver first, as CallsParams counts): for an interface method call
// the receiver is the interface value, for a function value call the
// arguments are the parameters.
func callbackArg(c *ssa.CallCommon, fn *ssa.Function, k int) ssa.Value {
	j := k
	if fn.Signature.Recv() != nil {
		j-- // neither an invoke's Args nor a bound method value's hold the receiver
	}
	if j < 0 || j >= len(c.Args) {
		return nil
	}
	return c.Args[j]
}

// argFuncs resolves a function value at its call site: a function, a
// closure, a bound method value, either of a phi's edges, the closures a
// function returns (s.cleanup() returning func(ctx) error), or what the
// program's packages store in the struct field it reads (s.purge, set
// where the service is wired). nil when it cannot.
func (r *resolver) argFuncs(v ssa.Value, depth int, seen map[ssa.Value]bool) []*ssa.Function {
	v = ssavalue.Unconvert(v)
	if v == nil || depth > 6 || seen[v] {
		return nil
	}
	seen[v] = true
	if _, isSlice := v.Type().Underlying().(*types.Slice); isSlice {
		return r.sliceFuncs(v, depth, seen)
	}
	switch x := v.(type) {
	case *ssa.Function:
		return []*ssa.Function{x}
	case *ssa.MakeClosure:
		fn, _ := x.Fn.(*ssa.Function)
		if fn == nil {
			return nil
		}
		if fn.Synthetic != "" && fn.Parent() == nil {
			if obj, ok := fn.Object().(*types.Func); ok && obj != nil {
				if real := fn.Prog.FuncValue(obj); real != nil {
					return []*ssa.Function{real}
				}
			}
		}
		return []*ssa.Function{fn}
	case *ssa.Phi:
		var out []*ssa.Function
		for _, e := range x.Edges {
			fs := r.argFuncs(e, depth+1, seen)
			if fs == nil {
				return nil
			}
			out = append(out, fs...)
		}
		return out
	case *ssa.Call:
		g := x.Call.StaticCallee()
		if g == nil || len(g.Blocks) == 0 || g.Signature.Results().Len() != 1 {
			return nil
		}
		var out []*ssa.Function
		for _, b := range g.Blocks {
			if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && len(ret.Results) == 1 {
				fs := r.argFuncs(ret.Results[0], depth+1, seen)
				if fs == nil {
					return nil
				}
				out = append(out, fs...)
			}
		}
		return out
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
			return r.fieldFuncs(fa.X.Type(), fa.Field, depth, seen)
		}
	case *ssa.Field:
		return r.fieldFuncs(x.X.Type(), x.Field, depth, seen)
	}
	return nil
}

// sliceFuncs resolves the function values in a slice of them handed on
// (functional options, opts... through an interface), each element as a
// single value is: a literal's elements, through phis and the builtin
// append (a default option appended to the caller's), what a call
// returns. An absent slice (nil) holds none: an empty, non-nil result.
// nil when some element or source is not resolved.
func (r *resolver) sliceFuncs(v ssa.Value, depth int, seen map[ssa.Value]bool) []*ssa.Function {
	if c, ok := v.(*ssa.Const); ok && c.IsNil() {
		return []*ssa.Function{}
	}
	if elems := ssavalue.SliceElems(v); elems != nil {
		out := []*ssa.Function{}
		for _, e := range elems {
			fs := r.argFuncs(e, depth+1, seen)
			if fs == nil {
				return nil
			}
			out = append(out, fs...)
		}
		return out
	}
	switch x := v.(type) {
	case *ssa.Phi:
		out := []*ssa.Function{}
		for _, e := range x.Edges {
			fs := r.argFuncs(e, depth+1, seen)
			if fs == nil {
				return nil
			}
			out = append(out, fs...)
		}
		return out
	case *ssa.Call:
		if b, ok := x.Call.Value.(*ssa.Builtin); ok && b.Name() == "append" && len(x.Call.Args) == 2 {
			a := r.argFuncs(x.Call.Args[0], depth+1, seen)
			if a == nil {
				return nil
			}
			b := r.argFuncs(x.Call.Args[1], depth+1, seen)
			if b == nil {
				return nil
			}
			return append(a, b...)
		}
	}
	return nil
}

// fieldFuncs resolves the function values the root packages store in
// field i of a struct type (a literal's field, an assignment): nil when
// none is stored there or one of them cannot be resolved.
func (r *resolver) fieldFuncs(t types.Type, i int, depth int, seen map[ssa.Value]bool) []*ssa.Function {
	if r.fieldStores == nil {
		r.fieldStores = ssavalue.IndexFields(r.roots, func(v ssa.Value) bool {
			_, isFunc := v.Type().Underlying().(*types.Signature)
			return isFunc
		})
	}
	stored := r.fieldStores.Of(t, i)
	if len(stored) == 0 {
		return nil
	}
	var out []*ssa.Function
	for _, v := range stored {
		fs := r.argFuncs(v, depth+1, seen)
		if fs == nil {
			return nil
		}
		out = append(out, fs...)
	}
	return out
}

// paramCallees are the functions the call graph says fn's calls of its
// parameter k (the receiver first) reach.
func (r *resolver) paramCallees(fn *ssa.Function, k int) []*ssa.Function {
	var p ssa.Value
	switch {
	case k >= 0 && k < len(fn.Params):
		p = fn.Params[k]
	case k >= len(fn.Params) && k-len(fn.Params) < len(fn.FreeVars):
		// A closure's captured function (settingsGate's enabled, called by
		// the closure it returns): free variables follow the parameters.
		p = fn.FreeVars[k-len(fn.Params)]
	default:
		return nil
	}
	var out []*ssa.Function
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			ci, ok := instr.(ssa.CallInstruction)
			if !ok || ci.Common().IsInvoke() {
				continue
			}
			v := ssavalue.Unconvert(ci.Common().Value)
			if u, ok := v.(*ssa.UnOp); ok && u.Op == token.MUL {
				v = u.X // a captured variable's cell (*enabled)
			}
			if v != p {
				continue
			}
			out = append(out, r.bySite[ci]...)
		}
	}
	return out
}

func uniqueFuncs(fns []*ssa.Function) []*ssa.Function {
	sortByName(fns)
	out := fns[:0]
	for i, f := range fns {
		if i == 0 || f != fns[i-1] {
			out = append(out, f)
		}
	}
	return out
}

// allInert reports whether every function has a summary without effects
// or callbacks.
func (r *resolver) allInert(fns []*ssa.Function) bool {
	for _, g := range fns {
		gs := r.sums[summary.Key(r.fset, g)]
		if gs == nil || len(gs.Effects) > 0 || len(gs.CallsParams) > 0 {
			return false
		}
	}
	return true
}
