package summary

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"sort"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/models"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// Keys that hold only while the first message is kept (models key_lasts).
// asynq refuses a second task with the same TaskID only while the first
// task is still in Redis: it deletes the ID when the task succeeds
// (v0.26.0 rdb.go Done), so a redelivery that enqueues again after the
// first task ran enqueues a second one. A stable TaskID is therefore a key
// only where the same enqueue keeps the task there: a delay (ProcessIn) or
// a retention (Retention) whose value is proven non-zero, a non-zero
// constant or a variable the code sets to one when it is zero
// (if d == 0 { d = def }). The key value and the duration are often fields
// of a job struct an application's queue helper receives
// (func (q *Queue) Write(name string, job *Job) { ... TaskID(job.ID),
// ProcessIn(job.Delay) }): both are then left to the callers (Key.Field,
// Key.Lasts), each of which must store a stable ID and a proven non-zero
// duration into the struct it builds; one that cannot drops the key.

// taskOptions are the option arguments of the call that built the value
// the call sends (task_options: asynq.NewTask(type, payload, opts...)).
func (c *modelCall) taskOptions() []ssa.Value {
	to := c.m.TaskOptions
	if to == nil {
		return nil
	}
	v := c.arg(&to.Arg)
	for _, fn := range to.Built {
		if built := builtBy(v, fn); built != nil && to.From < len(built.Args) {
			return built.Args[to.From:]
		}
	}
	return nil
}

// optionArgs are the option calls among the (variadic) args whose function
// is one of names, with the function's key.
func optionCalls(args []ssa.Value, names []string) []*ssa.Call {
	var out []*ssa.Call
	for _, a := range args {
		vals := ssavalue.SliceElems(a)
		if vals == nil {
			vals = []ssa.Value{a}
		}
		for _, v := range vals {
			call, ok := normalize(v).(*ssa.Call)
			if !ok || len(call.Call.Args) == 0 {
				continue
			}
			callee := call.Call.StaticCallee()
			if callee == nil || callee.Object() == nil {
				continue
			}
			if slices.Contains(names, models.FuncKey(callee.Object().(*types.Func))) {
				out = append(out, call)
			}
		}
	}
	return out
}

// lastingKey is key k of an option in args (key_option) once one of the
// options lasts proves it holds: nil when none can, k with Lasts when
// the callers decide.
func (w *walker) lastingKey(k *effect.Key, args []ssa.Value, keyOpts, lasts []string) *effect.Key {
	if k.Random != "" {
		return k // new on every delivery, whatever keeps it
	}
	nk := *k
	if ids := optionCalls(args, keyOpts); len(ids) > 0 && nk.Param != 0 {
		if p, f := w.paramField(ids[0].Call.Args[0]); f != "" {
			nk.Param, nk.Field = p+1, f
		}
	}
	var left *effect.KeyLasts
	for _, call := range optionCalls(args, lasts) {
		name := call.Call.StaticCallee().Object().(*types.Func)
		opt := name.Pkg().Name() + "." + name.Name()
		d := call.Call.Args[0]
		if w.nonZero(d, 0) {
			left = &effect.KeyLasts{Option: opt}
			break
		}
		if left != nil {
			continue
		}
		if p, f := w.paramField(d); f != "" {
			left = &effect.KeyLasts{Option: opt, Param: p + 1, Field: f}
		}
	}
	if left == nil {
		return nil
	}
	nk.Lasts = left
	return settleLasts(&nk)
}

// settleLasts drops Lasts from a key whose duration is decided non-zero
// and whose value is no longer a parameter's field.
func settleLasts(k *effect.Key) *effect.Key {
	if k.Lasts != nil && k.Lasts.Param == 0 && k.Field == "" {
		k.Lasts = nil
	}
	return k
}

// lastsNote says why an enqueue's ID is no key.
func lastsNote(k *effect.Key) string {
	return fmt.Sprintf("its task ID %s is no key: it refuses a second enqueue only while the first task is still queued, and no delay or retention proven non-zero keeps it there", orExpr(k.Expr))
}

// dropLasting removes a key whose Lasts a caller cannot prove.
func dropLasting(e *effect.Effect) {
	k := e.Key
	e.Key = nil
	if e.Guard != nil && e.Guard.Kind == effect.GuardKey {
		e.Guard = nil
	}
	e.Detail = effect.JoinDetail(e.Detail, lastsNote(k))
}

// keyGuard makes a key whose Lasts are settled the effect's guard, as
// guard.keys does for a key found at the call.
func keyGuard(e *effect.Effect) {
	k := e.Key
	if k.Lasts != nil || k.Random != "" || e.Guard != nil || e.Issue != "" {
		return
	}
	e.Guard = &effect.Guard{Kind: effect.GuardKey, Expr: k.Expr, Pos: k.Pos, Note: k.Note}
}

// resolveKeyLasts decides, at a static call, a key with Lasts: the
// fields of the struct passed for its parameters (a literal built here:
// the values stored; this function's own parameter: its callers').
func (w *walker) resolveKeyLasts(e *effect.Effect, args, bindings []ssa.Value) {
	k := e.Key
	if k == nil || k.Lasts == nil {
		return
	}
	nk := *k
	nl := *k.Lasts
	nk.Lasts = &nl
	if nk.Field != "" {
		v, p, f, ok := w.passedField(pick(nk.Param-1, args, bindings), nk.Field)
		switch {
		case !ok:
			dropLasting(e)
			return
		case v != nil:
			o := w.keyOrigin(v)
			if o.random != "" {
				dropLasting(e)
				return
			}
			nk.Field, nk.Param, nk.Identity = "", o.param, o.identity
		default:
			nk.Param, nk.Field = p, f
		}
	}
	if nl.Param != 0 {
		v, p, f, ok := w.passedField(pick(nl.Param-1, args, bindings), nl.Field)
		switch {
		case !ok:
			dropLasting(e)
			return
		case v != nil:
			if !w.nonZero(v, 0) {
				dropLasting(e)
				return
			}
			nl.Param, nl.Field = 0, ""
		default:
			nl.Param, nl.Field = p, f
		}
	}
	e.Key = settleLasts(&nk)
	keyGuard(e)
}

// passedField is the value a caller stores into field f of the struct
// it passes as v: v (nil when v is a parameter of this function, whose
// index p (1-based) and field f then pass the question on); ok is false
// when neither is known (a struct from elsewhere, a field not set).
func (w *walker) passedField(v ssa.Value, f string) (val ssa.Value, p int, field string, ok bool) {
	if v == nil {
		return nil, 0, "", false
	}
	if loc := ssavalue.LocalOf(normalize(v)); loc != nil {
		stores := ssavalue.FieldStores(loc, f)
		if len(stores) != 1 {
			return nil, 0, "", false
		}
		return stores[0].Val, 0, "", true
	}
	if i := w.execIndex(spilledParam(normalize(v))); i != effect.NoExec {
		return nil, i + 1, f, true
	}
	return nil, 0, "", false
}

// nonZeroFields are the fields of struct arguments built here whose
// value is proven non-zero (Effect.NonZero), "index.Field".
func (w *walker) nonZeroFields(args []ssa.Value) []string {
	var out []string
	for i, a := range args {
		loc := ssavalue.LocalOf(normalize(a))
		if loc == nil {
			continue
		}
		st, ok := loc.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Struct)
		if !ok {
			continue
		}
		for j := 0; j < st.NumFields(); j++ {
			stores := ssavalue.FieldStores(loc, st.Field(j).Name())
			if len(stores) == 1 && w.nonZero(stores[0].Val, 0) {
				out = append(out, fmt.Sprintf("%d.%s", i+2, st.Field(j).Name()))
			}
		}
	}
	sort.Strings(out)
	return out
}

// ResolveKeyLasts is resolveKeyLasts where the whole-program phase
// resolves a call through an interface (call) to an implementation's
// effect e: the call's ArgKeys say what it stores into the key's field,
// its NonZero which durations are proven non-zero; a key that is not
// both stable and kept is dropped.
func ResolveKeyLasts(call, e *effect.Effect, method bool) {
	k := e.Key
	if k == nil || k.Lasts == nil {
		return
	}
	if !method {
		dropLasting(e)
		return
	}
	nk := *k
	if nk.Field != "" {
		i := slices.IndexFunc(call.ArgKeys, func(a effect.ArgKey) bool { return a.Index == nk.Param && a.Field == nk.Field })
		if i < 0 || call.ArgKeys[i].Random != "" {
			dropLasting(e)
			return
		}
		// Stable here, or derived from the calling function's
		// parameter: the job the handler was given.
		nk.Param, nk.Field = 0, ""
	}
	if l := nk.Lasts; l.Param != 0 && !slices.Contains(call.NonZero, fmt.Sprintf("%d.%s", l.Param, l.Field)) {
		dropLasting(e)
		return
	}
	nk.Lasts = nil
	e.Key = &nk
	keyGuard(e)
}

// nonZero reports whether v is proven non-zero: a non-zero constant, a
// product of such, or a variable read where every path to the read
// leaves a non-zero value in it (a store of one, or a test that it is
// not zero: if d == 0 { d = def }).
func (w *walker) nonZero(v ssa.Value, depth int) bool {
	if depth > 8 {
		return false
	}
	switch x := ssavalue.Unconvert(v).(type) {
	case *ssa.Const:
		if x.Value == nil {
			return false
		}
		switch x.Value.Kind() {
		case constant.Int, constant.Float:
			return constant.Sign(x.Value) != 0
		}
		return false
	case *ssa.BinOp:
		return x.Op == token.MUL && w.nonZero(x.X, depth+1) && w.nonZero(x.Y, depth+1)
	case *ssa.Phi:
		for i, e := range x.Edges {
			if !w.nonZero(e, depth+1) && !testedNonZero(e, x.Block().Preds[i], x.Block()) {
				return false
			}
		}
		return len(x.Edges) > 0
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return false
		}
		switch a := x.X.(type) {
		case *ssa.Alloc, *ssa.FreeVar:
		case *ssa.Global:
			// An unexported variable only its declaration assigns
			// (var defaultDelay = 10 * time.Second).
			v := w.p.globalNumber(a)
			return v != nil && w.nonZero(v, depth+1)
		default:
			return false
		}
		b := x.Block()
		i := slices.Index(b.Instrs, ssa.Instruction(x))
		return i >= 0 && w.nonZeroBefore(x.X, b, i, nil, depth+1, map[*ssa.BasicBlock]bool{})
	}
	return false
}

// nonZeroBefore reports whether the variable at addr holds a non-zero
// value before instruction i of block b on every path there. from is
// the block the path continues into (nil: b itself is where it is read).
func (w *walker) nonZeroBefore(addr ssa.Value, b *ssa.BasicBlock, i int, from *ssa.BasicBlock, depth int, seen map[*ssa.BasicBlock]bool) bool {
	if depth > 16 {
		return false
	}
	if from != nil {
		// The test that ends b may prove it on the edge into from.
		if ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); ok {
			if cmp, ok := ifi.Cond.(*ssa.BinOp); ok && (cmp.Op == token.EQL || cmp.Op == token.NEQ) {
				load, zero := cmp.X, cmp.Y
				if _, isConst := load.(*ssa.Const); isConst {
					load, zero = zero, load
				}
				ld, isLoad := load.(*ssa.UnOp)
				c, isConst := zero.(*ssa.Const)
				notZeroEdge := b.Succs[1]
				if cmp.Op == token.NEQ {
					notZeroEdge = b.Succs[0]
				}
				if isLoad && ld.Op == token.MUL && ld.X == addr && isConst && isZero(c) && notZeroEdge == from && ld.Block() == b {
					j := slices.Index(b.Instrs, ssa.Instruction(ld))
					if quietAfter(addr, b, j) {
						return true
					}
				}
			}
		}
	}
	for j := i - 1; j >= 0; j-- {
		switch in := b.Instrs[j].(type) {
		case *ssa.Store:
			if in.Addr == addr {
				return w.nonZero(in.Val, depth+1)
			}
		case ssa.CallInstruction:
			if !quietCall(addr, in) {
				return false
			}
		}
	}
	if seen[b] || len(b.Preds) == 0 {
		return false
	}
	seen[b] = true
	defer delete(seen, b)
	for _, p := range b.Preds {
		if !w.nonZeroBefore(addr, p, len(p.Instrs), b, depth+1, seen) {
			return false
		}
	}
	return true
}

// quietAfter reports whether nothing after instruction j of b may write
// the variable at addr.
func quietAfter(addr ssa.Value, b *ssa.BasicBlock, j int) bool {
	for _, in := range b.Instrs[j+1:] {
		switch in := in.(type) {
		case *ssa.Store:
			if in.Addr == addr {
				return false
			}
		case ssa.CallInstruction:
			if !quietCall(addr, in) {
				return false
			}
		}
	}
	return true
}

// quietCall reports whether a call cannot write the variable at addr: a
// builtin, or a static call of a declared function (not a closure, which
// may have captured it) that is not given the variable's address.
func quietCall(addr ssa.Value, ci ssa.CallInstruction) bool {
	c := ci.Common()
	if _, ok := c.Value.(*ssa.Builtin); ok {
		return true
	}
	callee := c.StaticCallee()
	if callee == nil || callee.Parent() != nil {
		return false
	}
	for _, a := range c.Args {
		if a == addr {
			return false
		}
		if _, ok := a.(*ssa.MakeClosure); ok {
			return false
		}
	}
	return true
}

// isZero reports whether c is the numeric constant zero.
func isZero(c *ssa.Const) bool {
	if c.Value == nil {
		return false
	}
	switch c.Value.Kind() {
	case constant.Int, constant.Float:
		return constant.Sign(c.Value) == 0
	}
	return false
}

// testedNonZero reports whether the edge from block p into b is taken
// only when v is not zero: p ends in a test of v against zero
// (if d == 0 { d = def }, with d a local: the phi's other edge).
func testedNonZero(v ssa.Value, p, b *ssa.BasicBlock) bool {
	ifi, ok := p.Instrs[len(p.Instrs)-1].(*ssa.If)
	if !ok {
		return false
	}
	cmp, ok := ifi.Cond.(*ssa.BinOp)
	if !ok || cmp.Op != token.EQL && cmp.Op != token.NEQ {
		return false
	}
	x, y := cmp.X, cmp.Y
	if _, isConst := x.(*ssa.Const); isConst {
		x, y = y, x
	}
	c, isConst := y.(*ssa.Const)
	if x != v || !isConst || !isZero(c) {
		return false
	}
	notZeroEdge := p.Succs[1]
	if cmp.Op == token.NEQ {
		notZeroEdge = p.Succs[0]
	}
	return notZeroEdge == b && p.Succs[0] != p.Succs[1]
}
