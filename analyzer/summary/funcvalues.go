package summary

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/guard"
	"github.com/jobeffects/jobeffects/analyzer/models"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// callValue handles a call of (or a callback run through) a function value:
// resolved functions contribute their effects; the function's own func
// parameters are recorded for callers to substitute; anything else is an
// unknown effect. tx, if non-nil, is the transaction the callee hands the
// callback (a library's transaction callback, an application helper that
// runs its callback in a transaction).
func (w *walker) callValue(ci ssa.CallInstruction, v ssa.Value, tx *txArg) {
	refs := w.p.resolveFuncs(v)
	if len(refs) == 0 {
		if k := w.execIndex(normalize(v)); k != effect.NoExec {
			w.calls = append(w.calls, k)
			w.recordParamArgs(ci, v, k) // cond.go
			w.paramCalls = append(w.paramCalls, &guard.ParamCall{Instr: ci, Param: k})
			w.recordTxCall(ci, v, k, tx)
			return
		}
		// An element of a func-slice parameter: functional options
		// (for _, o := range opts { o(m) }). Callers pass the slice.
		if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
			if ia, ok := load.X.(*ssa.IndexAddr); ok {
				if k := w.execIndex(normalize(ia.X)); k != effect.NoExec {
					w.calls = append(w.calls, k)
					return
				}
			}
		}
		if w.p.env.Index.InertFunc(v.Type()) {
			return // context.CancelFunc and the like
		}
		if stdFuncResult(v) {
			return // an iterator the standard library made (maps.Keys(m)): it calls only the caller's yield
		}
		if sum, ok := w.returnedSummary(v); ok {
			// The closure a function returns (a functional option
			// qo.WithSlug(s), a factory's handler): its effects (none
			// yet when it is not summarised yet: its round adds them).
			if sum != nil {
				w.include(ci, sum, nil, nil)
			}
			return
		}
		w.unknown(ci, describeValue(v), "calls "+funcValueText(v)+", which is not known here")
		w.sites[len(w.sites)-1].Effect.Via = w.via(v) // not a parameter: those are in CallsParams
		if more := w.nilCallCond(v); len(more) > 0 {
			// Nothing runs where the value is nil (nilfunc.go).
			e := w.sites[len(w.sites)-1].Effect
			e.When = effect.AddConds(e.When, more)
		}
		// A field of a parameter: a caller that passes the struct's
		// literal resolves it (paramfields.go).
		w.paramFieldCall(v, w.sites[len(w.sites)-1].Effect.Evidence())
		w.withReading(readValue(v))
		return
	}
	for _, r := range refs {
		if w.receivesOwn(r.fn) {
			continue
		}
		w.callRefOnce(ci, r, tx)
	}
}

// receivesOwn reports whether fn, a function value handed to be run (an
// actor's Act, a scheduler's callback), is a pull loop of its own: its
// body receives from a broker (a catalogued receive: NATS Fetch, SQS
// ReceiveMessage) and it returns nothing to the code that scheduled it.
// What it does then is done per message it receives, other deliveries
// with their own ack (discovery lists it as a handler of its own), not an
// effect of the delivery that scheduled it: a push subscriber that starts
// a per-room actor pulling the room's messages (dendrite's roomserver
// input) does not process those messages itself.
func (w *walker) receivesOwn(fn *ssa.Function) bool {
	if fn == nil || fn.Signature.Results().Len() > 0 || len(fn.Blocks) == 0 {
		return false
	}
	ix := w.p.env.Index
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			var obj *types.Func
			if call.Call.IsInvoke() {
				obj = call.Call.Method
			} else if callee := call.Call.StaticCallee(); callee != nil {
				obj, _ = callee.Object().(*types.Func)
			}
			if obj == nil {
				continue
			}
			if m := ix.Lookup(obj); m != nil && m.Receive != "" {
				return true
			}
		}
	}
	return false
}

// callRefOnce is callRef unless the walker is already adding r's function
// further up: a model's callbacks or hooks can lead back to the function
// value being called (a closure that calls itself through its own
// variable, a hook method whose model names hooks).
func (w *walker) callRefOnce(ci ssa.CallInstruction, r funcRef, tx *txArg) {
	callee := r.fn
	if w.active[callee] {
		return
	}
	if w.active == nil {
		w.active = map[*ssa.Function]bool{}
	}
	w.active[callee] = true
	w.callRef(ci, r, tx)
	delete(w.active, callee)
}

// callRef adds the effects of one resolved function value called at ci.
func (w *walker) callRef(ci ssa.CallInstruction, r funcRef, tx *txArg) {
	callee := r.fn
	var sum *Summary
	switch {
	case w.p.set[callee]:
		if sum = w.p.sums[callee]; sum == nil {
			return // not summarised yet: its own round adds it
		}
	default:
		obj, _ := callee.Object().(*types.Func)
		if obj == nil {
			w.unknown(ci, callee.String(), "calls "+callee.String()+", which was not analysed")
			return
		}
		if m := w.p.env.Index.Lookup(obj); m != nil || w.p.env.Index.Modeled(obj.Pkg()) {
			if m != nil {
				w.applyModel(ci, obj, m, r.recv, nil)
			} else if w.p.env.Index.Unmodeled(obj) {
				w.unmodeled(ci, obj)
			}
			return
		}
		var ok bool
		if sum, ok = w.p.env.Import(obj); !ok {
			w.unknown(ci, FuncName(obj), "calls "+FuncName(obj)+", whose package was not analysed")
			w.withReading(readFunc(obj, r.recv))
			return
		}
	}
	args := make([]ssa.Value, len(callee.Params))
	if r.recv != nil && len(args) > 0 {
		args[0] = r.recv
	}
	condArgs := w.condArgs(ci, r, len(args))
	saved := w.valueArgs
	w.valueArgs = nil // the callee's own calls of parameters set their own
	defer func() { w.valueArgs = saved }()
	hop := w.hop(ci)
	for i := range sum.Effects {
		e := sum.Effects[i].Prepend(hop)
		if e.BufferedArg > 0 && !w.resolveBuffered(&e, args, r.bindings) {
			continue // a bufio.Writer over a buffer or a file (bufiowrap.go)
		}
		if !w.resolveWhen(&e, ci, condArgs, r.bindings) {
			continue // a branch the constants it is called with rule out (cond.go)
		}
		w.upCondArgs(&e, ci, condArgs, r.bindings)
		w.upOver(&e, args, r.bindings)   // collected.go
		w.upRowsOf(&e, args, r.bindings) // rowsof.go
		if !w.holderAt(&e, args, r.bindings) {
			w.calleeFill(&e, ci, args, r.bindings)
			continue // a write to a value this function made for itself (memory.go)
		}
		w.resolveKey(ci, &e, args, r.bindings)
		if e.SavedRowArg > 0 {
			w.resolveSavedRow(&e, ci, args, r.bindings) // savedrow.go
		}
		if e.MethodArg > 0 || e.RequestArg > 0 || e.URLArg > 0 || e.RPCMethodArg > 0 || e.TextBodyArg > 0 || e.TokenGrantArg > 0 {
			w.resolveHTTP(&e, args, r.bindings)
		}
		w.resolveRequestFields(&e, args, r.bindings)
		if e.StmtArg > 0 && w.resolveStmt(ci, &e, args, r.bindings) {
			continue
		}
		var exec ssa.Value
		switch {
		case e.Exec == effect.NoExec:
		case tx != nil && e.Exec == tx.arg && r.recv == nil:
			exec = tx.v
			e.Tx = true
			if tx.locked && e.CallerLock != nil {
				// The callee locks the transaction before it runs the
				// callback: the callback's check is held.
				if e.Guard == nil && guard.HeldCheck(&e) {
					e.Guard, e.Issue, e.IssuePos = e.CallerLock, "", ""
				}
				e.CallerLock = nil
			}
		default:
			exec = pick(e.Exec, args, r.bindings)
		}
		if e.CallerTx != nil {
			w.resolveCallerTx(&e, exec)
		}
		if sum.ClaimReturn != nil && e.Op == effect.OpClaim && e.Guard == nil && w.returning == ci {
			// The call returns the function's results: its claim's
			// outcome is the call's (CachedConn.ExecCtx(ctx, exec)).
			w.addSite(&e, ci, exec, true)
			w.sites[len(w.sites)-1].ClaimReturn = sum.ClaimReturn
			continue
		}
		w.addSite(&e, ci, exec, false)
	}
	for _, k := range sum.CallsParams {
		if a := pick(k, args, r.bindings); a != nil {
			from := len(w.sites)
			w.callArgTx(ci, a, sum.txArgOf(ci, k, a))
			if gc := sum.guardedCall(k); gc != nil {
				w.applyGuardedCall(ci, gc, from, args, r.bindings)
			}
		} else {
			w.unknown(ci, SSAName(callee), SSAName(callee)+" calls a function value it is given")
		}
	}
	w.callParamFields(ci, sum, args, r.bindings)
	for _, p := range sum.Pitfalls {
		p.TxParam = 0 // the callee's handle is not resolved here: the pitfall stands
		if p.LockParam > 0 && tx != nil && tx.locked && r.recv == nil && p.LockParam-1 == tx.arg {
			continue // run in a transaction the callee locked: the check is held
		}
		p.LockParam = 0
		w.pitfalls = append(w.pitfalls, p)
	}
}

// callArg handles an argument the callee calls: a function value, or a
// slice of them (functional options), whose elements are each called; an
// absent variadic slice calls nothing.
func (w *walker) callArg(ci ssa.CallInstruction, a ssa.Value) { w.callArgTx(ci, a, nil) }

// callArgTx is callArg for a callee that runs the function in a
// transaction it hands it (tx).
func (w *walker) callArgTx(ci ssa.CallInstruction, a ssa.Value, tx *txArg) {
	if _, isSlice := a.Type().Underlying().(*types.Slice); !isSlice {
		w.callValue(ci, a, tx)
		return
	}
	if c, ok := a.(*ssa.Const); ok && c.IsNil() {
		return
	}
	params, elems, ok := w.sliceSources(a)
	if !ok {
		w.unknown(ci, describeValue(a), "calls the function values in "+theValue(a)+", which are not known here")
		return
	}
	// This function's own slice parameter passed on (opts... to a
	// constructor that applies them): its callers pass the slice.
	w.calls = append(w.calls, params...)
	for _, e := range elems {
		w.callValue(ci, e, nil)
	}
}

// sliceSources is where the elements of a slice of function values come
// from, each followed as a single value would be: a literal's elements, a
// parameter of this function (its callers pass the slice), and through
// phis and the builtin append both (a default option appended to the
// options a caller passed: if len(opts) == 0 { opts = append(opts,
// WithTemperature(t)) }). ok is false when any source is something else
// (a field, a call's result, a slice indexed or sliced at run time): its
// elements are not known here.
func (w *walker) sliceSources(a ssa.Value) (params []int, elems []ssa.Value, ok bool) {
	seen := map[ssa.Value]bool{}
	var walk func(v ssa.Value) bool
	walk = func(v ssa.Value) bool {
		if seen[v] {
			return true
		}
		seen[v] = true
		if c, isConst := v.(*ssa.Const); isConst && c.IsNil() {
			return true // an absent variadic slice calls nothing
		}
		if es := ssavalue.SliceElems(v); es != nil {
			elems = append(elems, es...)
			return true
		}
		if k := w.execIndex(normalize(v)); k != effect.NoExec {
			params = append(params, k)
			return true
		}
		switch x := ssavalue.Unconvert(v).(type) {
		case *ssa.Phi:
			for _, e := range x.Edges {
				if !walk(e) {
					return false
				}
			}
			return true
		case *ssa.Call:
			if b, isBuiltin := x.Call.Value.(*ssa.Builtin); isBuiltin && b.Name() == "append" && len(x.Call.Args) == 2 {
				return walk(x.Call.Args[0]) && walk(x.Call.Args[1])
			}
		}
		return false
	}
	if !walk(a) {
		return nil, nil, false
	}
	return params, elems, true
}
func isFunc(v ssa.Value) bool {
	_, ok := v.Type().Underlying().(*types.Signature)
	return ok
}

// stdFuncResult reports whether a function value is the result of a call
// of a standard library function given no function value: such a result
// (maps.Keys(m), slices.Values(s), strings.SplitSeq(s, ",")) can only
// call the functions it is called with, which are the caller's own (the
// yield slices.Sorted passes it). One given a function (sync.OnceFunc(f))
// may call that function, and is resolved or unknown as any other.
func stdFuncResult(v ssa.Value) bool {
	c, ok := normalize(v).(*ssa.Call)
	if !ok {
		return false
	}
	callee := c.Call.StaticCallee()
	if callee == nil {
		return false
	}
	if o := callee.Origin(); o != nil {
		callee = o // an instance of a generic function (maps.Keys[map[string]int64])
	}
	if callee.Pkg == nil || !models.IsStandard(callee.Pkg.Pkg.Path()) {
		return false
	}
	for _, a := range c.Call.Args {
		if _, isFunc := a.Type().Underlying().(*types.Signature); isFunc {
			return false
		}
	}
	return true
}

// returnedSummary is the summary of the one function value a called
// function returns: a function of this package whose every return is the
// same closure or function, or one of another package with a returns
// fact. ok is false when v is none of these; the summary is nil (and ok
// true) when the returned function is not summarised yet.
func (w *walker) returnedSummary(v ssa.Value) (sum *Summary, ok bool) {
	c, isCall := normalize(v).(*ssa.Call)
	if !isCall {
		return nil, false
	}
	g := c.Call.StaticCallee()
	if g == nil || g.Signature.Results().Len() != 1 {
		return nil, false
	}
	if w.p.set[g] {
		ret := returnedFunc(g, 0)
		if ret == nil || !w.p.set[ret] {
			return nil, false
		}
		return w.p.sums[ret], true
	}
	obj, _ := g.Object().(*types.Func)
	if obj == nil || w.p.env.Returned == nil {
		return nil, false
	}
	sum = w.p.env.Returned(obj)
	return sum, sum != nil
}

// returnedFunc is the one function value g returns on every path: a
// closure or function, or what a function of its package whose result it
// returns returns (WithSlug(s) returning WithCriteria(FilterSlug, s)).
func returnedFunc(g *ssa.Function, depth int) *ssa.Function {
	if depth > 4 || g.Signature.Results().Len() != 1 {
		return nil
	}
	var ret *ssa.Function
	for _, b := range g.Blocks {
		r, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		var fn *ssa.Function
		if c, ok := normalize(r.Results[0]).(*ssa.Call); ok {
			if h := c.Call.StaticCallee(); h != nil && h.Pkg == g.Pkg && h != g && len(h.Blocks) > 0 {
				fn = returnedFunc(h, depth+1)
			}
		} else if refs := resolveFuncs(r.Results[0]); len(refs) == 1 {
			fn = refs[0].fn
		}
		if fn == nil || (ret != nil && fn != ret) {
			return nil
		}
		ret = fn
	}
	return ret
}
