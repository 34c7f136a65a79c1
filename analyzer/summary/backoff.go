package summary

import (
	"go/constant"
	"go/token"
	"go/types"
	"path/filepath"
	"strconv"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// Retry bookkeeping. A counter on long-lived state that is raised only
// where the code is failing and reset to zero where it succeeds — a
// consumer's backoff exponent (`s.backoff++` before it sleeps and returns
// the error, `s.backoff = 0` once the send went through) — is an increment
// in form, but a redelivery repeats no business effect through it: the
// failed attempts raise it (as the first delivery's failures would), and
// the delivery that succeeds sets it back to zero, so what it holds after
// a success does not depend on how many times the job came. It is a
// memory_write effect still, rated safe, with the reason and the reset's
// position.
//
// A variable or field (never a map entry) is taken for retry bookkeeping
// when, in its package:
//   - some function stores the constant 0 into it, and every return
//     reachable after each such store gives a nil error (a function with
//     no error result decides nothing: the store is no success path);
//   - it is incremented, and every return reachable after each increment
//     gives an error that is not nil: a fmt.Errorf or errors.New, a
//     package-level sentinel (not stored after the package is
//     initialised), a concrete error made an interface, an error
//     tested non-nil on the way, or the function's own error parameter
//     when the function is unexported, never used as a value, and every
//     call of it in the package passes such an error.
// A counter raised on a success path (a tally of what was sent), one
// never reset, and one reset where the function may still fail stay
// increments that accumulate.

// backoffReset records where a retry-bookkeeping counter is reset.
type backoffReset struct {
	pos token.Pos
}

// collectBackoffs records the package's retry-bookkeeping counters.
func (p *Package) collectBackoffs(funcs []*ssa.Function) {
	p.backoffs = map[string]backoffReset{}
	if p.env.Dependency {
		return // memory.go reports no dependency's memory
	}
	resets := map[string][]*ssa.Store{}
	raises := map[string][]*ssa.Store{}
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if call, ok := instr.(*ssa.Call); ok {
					if n, _ := atomicAdd(call.Common()); n != "" {
						raises[n] = append(raises[n], nil) // an atomic raise: not followed
					}
					continue
				}
				st, ok := instr.(*ssa.Store)
				if !ok {
					continue
				}
				n := locationName(st.Addr)
				if n == "" {
					continue
				}
				if isZeroInt(st.Val) {
					resets[n] = append(resets[n], st)
				} else if isArithOn(st.Val, func(v ssa.Value) bool { return loadsFrom(v, st.Addr) }) {
					raises[n] = append(raises[n], st)
				}
			}
		}
	}
	if len(resets) == 0 {
		return
	}
	calls := callsOf(funcs)
	for n, rs := range resets {
		incs := raises[n]
		if len(incs) == 0 {
			continue
		}
		ok := true
		for _, st := range rs {
			if !returnsAfter(st, func(r *ssa.Return, v ssa.Value) bool { return isNilConst(v) }) {
				ok = false
				break
			}
		}
		for _, st := range incs {
			if !ok {
				break
			}
			ok = st != nil && returnsAfter(st, func(r *ssa.Return, v ssa.Value) bool { return failing(v, r.Block(), calls, 0) })
		}
		if ok {
			p.backoffs[n] = backoffReset{pos: rs[0].Pos()}
		}
	}
}

// backoffNote is the reason a retry-bookkeeping counter's increment is
// safe.
func (p *Package) backoffNote(target string) (string, bool) {
	r, ok := p.backoffs[target]
	if !ok {
		return "", false
	}
	at := ""
	if r.pos.IsValid() {
		pos := p.env.Fset.Position(r.pos)
		at = " at " + filepath.Base(pos.Filename) + ":" + strconv.Itoa(pos.Line)
	}
	return "retry bookkeeping: raised only on a path that returns an error, reset to 0 on the success path" + at +
		": a redelivery leaves it as one delivery would", true
}

// isZeroInt reports whether v is the integer constant 0 (through conversions).
func isZeroInt(v ssa.Value) bool {
	c, ok := ssavalue.Unconvert(v).(*ssa.Const)
	return ok && c.Value != nil && c.Value.Kind() == constant.Int && constant.Sign(c.Value) == 0
}

func isNilConst(v ssa.Value) bool {
	c, ok := ssavalue.Unconvert(v).(*ssa.Const)
	return ok && c.IsNil()
}

// returnsAfter reports whether the function of st has an error last
// result, at least one return is reachable after st, and each gives a
// last result ok accepts. A panic returns nothing and is no return.
func returnsAfter(st *ssa.Store, ok func(*ssa.Return, ssa.Value) bool) bool {
	fn := st.Parent()
	res := fn.Signature.Results()
	if res.Len() == 0 || !isError(res.At(res.Len()-1).Type()) {
		return false
	}
	start := st.Block()
	seen := map[*ssa.BasicBlock]bool{}
	found := false
	var walk func(b *ssa.BasicBlock, from int) bool
	walk = func(b *ssa.BasicBlock, from int) bool {
		for _, in := range b.Instrs[from:] {
			if r, isRet := in.(*ssa.Return); isRet {
				if len(r.Results) == 0 || !ok(r, resultStored(r, r.Results[len(r.Results)-1])) {
					return false
				}
				found = true
			}
		}
		for _, s := range b.Succs {
			if !seen[s] {
				seen[s] = true
				if !walk(s, 0) {
					return false
				}
			}
		}
		return true
	}
	for i, in := range start.Instrs {
		if in == st {
			return walk(start, i+1) && found
		}
	}
	return false
}

// resultStored is what a function with deferred calls returns: its
// results are kept in a local slot, stored before the deferred calls run
// (*t0 = err; rundefers; return *t0); the last store into the slot in the
// return's block. A slot a closure captures (a named result a deferred
// function may change) and anything else is v itself.
func resultStored(r *ssa.Return, v ssa.Value) ssa.Value {
	u, ok := v.(*ssa.UnOp)
	if !ok || u.Op != token.MUL {
		return v
	}
	slot, ok := u.X.(*ssa.Alloc)
	if !ok || slot.Heap {
		return v
	}
	instrs := r.Block().Instrs
	for i := len(instrs) - 1; i >= 0; i-- {
		if st, ok := instrs[i].(*ssa.Store); ok && st.Addr == slot {
			return st.Val
		}
	}
	return v
}

// pkgCalls are the static calls of each of the package's functions, and
// the functions used otherwise than called (a method value, a func value,
// an interface method of the same name).
type pkgCalls struct {
	sites   map[*ssa.Function][]*ssa.Call
	escaped map[types.Object]bool
	invoked map[string]bool
	// stored are the package-level variables stored outside the package
	// initializer: no sentinel (var lastErr error may hold nil).
	stored map[*ssa.Global]bool
}

func callsOf(funcs []*ssa.Function) *pkgCalls {
	c := &pkgCalls{sites: map[*ssa.Function][]*ssa.Call{}, escaped: map[types.Object]bool{}, invoked: map[string]bool{}, stored: map[*ssa.Global]bool{}}
	for _, fn := range funcs {
		initFn := fn.Name() == "init" && fn.Parent() == nil
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if st, ok := instr.(*ssa.Store); ok && !initFn {
					if g, ok := st.Addr.(*ssa.Global); ok {
						c.stored[g] = true
					}
				}
				var rands []*ssa.Value
				if call, ok := instr.(*ssa.Call); ok {
					if call.Call.IsInvoke() {
						c.invoked[call.Call.Method.Name()] = true
					} else if callee, ok := call.Call.Value.(*ssa.Function); ok {
						c.sites[callee] = append(c.sites[callee], call)
						rands = call.Operands(nil)[1:] // the callee itself is no use as a value
						for _, r := range rands {
							c.escape(*r)
						}
						continue
					}
				}
				for _, r := range instr.Operands(rands) {
					if r != nil {
						c.escape(*r)
					}
				}
			}
		}
	}
	return c
}

func (c *pkgCalls) escape(v ssa.Value) {
	if f, ok := v.(*ssa.Function); ok && f.Object() != nil {
		c.escaped[f.Object()] = true // a bound method's or thunk's wrapper names its method
	}
}

// callersOnly reports whether fn's callers are all static calls in the
// package: unexported, never used as a value, not the method an interface
// call of its name may reach.
func (c *pkgCalls) callersOnly(fn *ssa.Function) bool {
	obj := fn.Object()
	if obj == nil || obj.Exported() || c.escaped[obj] || len(c.sites[fn]) == 0 {
		return false
	}
	return fn.Signature.Recv() == nil || !c.invoked[fn.Name()]
}

// failing reports whether error v, returned in block b, is not nil.
func failing(v ssa.Value, b *ssa.BasicBlock, calls *pkgCalls, depth int) bool {
	if depth > 4 {
		return false
	}
	if ssavalue.NonNilBefore(v, b) {
		return true
	}
	switch x := v.(type) {
	case *ssa.MakeInterface:
		return true // an interface holding a concrete value is not nil
	case *ssa.ChangeInterface:
		return failing(x.X, b, calls, depth+1)
	case *ssa.UnOp:
		// A package-level sentinel (ErrClosed): not stored after the
		// package is initialised.
		g, ok := x.X.(*ssa.Global)
		return ok && x.Op == token.MUL && !calls.stored[g]
	case *ssa.Call:
		callee := x.Call.StaticCallee()
		if callee == nil || callee.Pkg == nil {
			return false
		}
		switch callee.Pkg.Pkg.Path() + "." + callee.Name() {
		case "fmt.Errorf", "errors.New":
			return true
		}
		return false
	case *ssa.Phi:
		for i, e := range x.Edges {
			if !failing(e, x.Block().Preds[i], calls, depth+1) {
				return false
			}
		}
		return len(x.Edges) > 0
	case *ssa.Parameter:
		fn := x.Parent()
		if !calls.callersOnly(fn) {
			return false
		}
		k := -1
		for i, p := range fn.Params {
			if p == x {
				k = i
			}
		}
		if k < 0 {
			return false
		}
		// A static call's Args hold a method's receiver first, as Params do.
		for _, site := range calls.sites[fn] {
			if k >= len(site.Call.Args) || !failing(site.Call.Args[k], site.Block(), calls, depth+1) {
				return false
			}
		}
		return true
	}
	return false
}
