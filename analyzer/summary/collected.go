package summary

import (
	"go/constant"
	"go/token"
	"go/types"
	"sort"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/guard"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// Work collected in memory and flushed later. An outbox helper appends to
// its lists (js.AddJob(…): js.jobs = append(js.jobs, job)) and flushes
// them after the transaction (js.PushJobs(ctx): if len(js.jobs) == 0 {
// return nil }; for _, job := range js.jobs { push(job) }). The push runs
// only over the collection (Effect.Over, found where the range or the
// length test is, and handed up through the parameters it is read off).
// In the function that made the collection (a constructor's result, a
// composite), the appends arrive as memory writes held by it (memory.go),
// each with the guard of the claim whose first-time edge it runs on, in
// the callee that made the claim or here. When every fill of the
// collection runs only after a claim, a second delivery, whose claim
// fails, fills nothing and the push runs over an empty collection: the
// push is guarded by that claim. A fill before the claim or on both of
// its edges, a push outside the loop and the length test, or a
// collection handed where fills cannot be seen (an interface, a library,
// memory) leave it unguarded.

// collected is a collection a function made that an effect runs over.
type collected struct {
	root   ssa.Value
	target string
}

// fillSite is a write to a field of a value the function made: here
// (at a store) or in a callee (at the call, with the guard the callee's
// claim gave the write; nil when none).
type fillSite struct {
	root   ssa.Value
	target string
	at     ssa.Instruction
	guard  *effect.Guard
	// commit: the guard holds because the violation aborts the
	// transaction the call at ran and committed (Guard.NeedsTx): it
	// covers an effect after that call, or a write of that call made in
	// the transaction, which the abort rolls back; not one the call
	// makes outside it (an enqueue inside the callback).
	commit bool
}

// firstTime is a claim's first-time edges in the function and the guard
// they give (guard.Env.FirstTime).
type firstTime struct {
	firsts []*ssa.BasicBlock
	g      effect.Guard
}

// freshValue reports whether v is a value the function made: a
// composite or local it allocated, or what a constructor returns with
// its collections empty (Summary.EmptyResult).
func (w *walker) freshValue(v ssa.Value) bool {
	switch x := v.(type) {
	case *ssa.Alloc:
		if st := onlyStore(x); st != nil {
			// A variable a closure captures: what its one store puts
			// there.
			return w.freshValue(ssavalue.Unconvert(st.Val))
		}
		return true
	case *ssa.Call:
		callee := x.Call.StaticCallee()
		if callee == nil {
			return false
		}
		if w.p.set[callee] {
			s := w.p.sums[callee]
			return s != nil && s.EmptyResult
		}
		obj, _ := callee.Object().(*types.Func)
		if obj == nil {
			return false
		}
		s, ok := w.p.env.Import(obj)
		return ok && s != nil && s.EmptyResult
	}
	return false
}

// emptyResult reports whether fn returns, as its only result, a struct
// it allocates and hands nowhere, with no store into a slice or map
// field of it (Summary.EmptyResult).
func emptyResult(fn *ssa.Function) bool {
	if fn.Signature.Results().Len() != 1 {
		return false
	}
	p, ok := fn.Signature.Results().At(0).Type().Underlying().(*types.Pointer)
	if !ok {
		return false
	}
	if _, ok := p.Elem().Underlying().(*types.Struct); !ok {
		return false
	}
	rets, ok := ssavalue.ReturnedValues(fn, 0)
	if !ok || len(rets) == 0 {
		return false
	}
	for _, r := range rets {
		a, ok := r.Value.(*ssa.Alloc)
		if !ok {
			return false
		}
		for _, ref := range ssavalue.Referrers(a) {
			switch x := ref.(type) {
			case *ssa.Return, *ssa.DebugRef:
			case *ssa.FieldAddr:
				switch x.Type().Underlying().(*types.Pointer).Elem().Underlying().(type) {
				case *types.Slice, *types.Map:
					return false // filled here, or handed on
				}
			default:
				return false
			}
		}
	}
	return true
}

// cellRoot is the variable v is loaded from when v reads a captured
// variable (a closure's cell, allocated here and stored into once),
// else v: the loads of it stand for one value.
func cellRoot(v ssa.Value) ssa.Value {
	ld, ok := v.(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return v
	}
	a, ok := ld.X.(*ssa.Alloc)
	if !ok || onlyStore(a) == nil {
		return v
	}
	return a
}

// onlyStore is the one store into a that holds a pointer to a struct
// (a captured variable set once), or nil.
func onlyStore(a *ssa.Alloc) *ssa.Store {
	p, ok := a.Type().Underlying().(*types.Pointer)
	if !ok {
		return nil
	}
	if _, ptr := p.Elem().Underlying().(*types.Pointer); !ptr {
		return nil
	}
	var only *ssa.Store
	for _, r := range ssavalue.Referrers(a) {
		if st, ok := r.(*ssa.Store); ok && st.Addr == a {
			if only != nil {
				return nil
			}
			only = st
		}
	}
	return only
}

// upOver hands an included effect's Over to this function: its own
// parameter there keeps it, a value it made decides it after the guard
// analysis (resolveOver), anything else drops it.
func (w *walker) upOver(e *effect.Effect, args, bindings []ssa.Value) {
	if e.Over == nil {
		return
	}
	o := *e.Over
	e.Over = nil
	a := pick(o.Param, args, bindings)
	if a == nil {
		return
	}
	a = cellRoot(ssavalue.Unconvert(a))
	if ld, ok := a.(*ssa.UnOp); ok && ld.Op == token.MUL {
		if _, fv := ld.X.(*ssa.FreeVar); fv {
			a = ld.X // a captured variable: its cell is the free variable
		}
	}
	if k := w.execIndex(a); k != effect.NoExec {
		e.Over = &effect.Over{Param: k, Target: o.Target}
		return
	}
	if w.freshValue(a) {
		w.noteOverLocal(e, collected{root: a, target: o.Target})
	}
}

func (w *walker) noteOverLocal(e *effect.Effect, c collected) {
	if w.overLocal == nil {
		w.overLocal = map[*effect.Effect]collected{}
	}
	w.overLocal[e] = c
}

// calleeFill notes a callee's memory write that lands in a value this
// function made (holderAt drops it as transient): a fill of that value's
// field, made after the claim the write's guard names.
func (w *walker) calleeFill(e *effect.Effect, ci ssa.CallInstruction, args, bindings []ssa.Value) {
	if e.Kind != effect.KindMemory || e.Holder == 0 || e.Target == "" {
		return
	}
	v := pick(e.Holder-1, args, bindings)
	if v == nil {
		return
	}
	v = cellRoot(ssavalue.Unconvert(v))
	if !w.freshValue(v) {
		return
	}
	var g *effect.Guard
	if e.Guard != nil && e.Issue == "" && e.Guard.Kind == effect.GuardClaim && (!e.Guard.NeedsTx || e.Tx) {
		// A guard that needs the transaction (guard/findcreate.go) holds
		// where a callee ran the fill in one: that call returned after its
		// commit (fillSite.commit).
		g = e.Guard
	}
	w.fills = append(w.fills, fillSite{root: v, target: e.Target, at: ci, guard: g, commit: g != nil && g.NeedsTx})
}

// ownFill notes a store into a field of a value the function made.
func (w *walker) ownFill(st *ssa.Store) {
	fa, ok := st.Addr.(*ssa.FieldAddr)
	if !ok {
		return
	}
	root := cellRoot(ssavalue.Unconvert(fa.X))
	if !w.freshValue(root) {
		return
	}
	w.fills = append(w.fills, fillSite{root: root, target: locationName(fa), at: st})
}

// ownOver gives the function's sites that run only over a collection
// in a field (a range over it, a length test before them) their Over: a
// parameter's field, handed up; a field of a value made here, decided
// after the guard analysis.
func (w *walker) ownOver() {
	for _, s := range w.sites {
		e := s.Effect
		if e.Over != nil || s.Instr == nil || e.Kind == effect.KindMemory || !e.Risk.NonIdempotent() {
			continue
		}
		if _, ok := w.overLocal[e]; ok {
			continue
		}
		b := s.Instr.Block()
		if b == nil {
			continue
		}
		root, target, ok := nonEmptyAt(b)
		if !ok {
			continue
		}
		if k := w.execIndex(root); k != effect.NoExec {
			e.Over = &effect.Over{Param: k, Target: target}
		} else if w.freshValue(root) {
			w.noteOverLocal(e, collected{root: root, target: target})
		}
	}
}

// nonEmptyAt is the field collection a branch dominating b says is not
// empty: a length test's edge (len(x.f) > 0, != 0; the false edge of ==
// 0), or a range loop's body over it.
func nonEmptyAt(b *ssa.BasicBlock) (ssa.Value, string, bool) {
	for d := b.Idom(); d != nil; d = d.Idom() {
		ifi, ok := d.Instrs[len(d.Instrs)-1].(*ssa.If)
		if !ok || len(d.Succs) != 2 || d.Succs[0] == d.Succs[1] {
			continue
		}
		for i, s := range d.Succs {
			if len(s.Preds) != 1 || !s.Dominates(b) {
				continue
			}
			if root, target, ok := nonEmptyTest(ifi.Cond, i == 0); ok {
				return root, target, true
			}
		}
	}
	return nil, "", false
}

// nonEmptyTest says which field collection cond being truth shows is
// not empty.
func nonEmptyTest(cond ssa.Value, truth bool) (ssa.Value, string, bool) {
	bin, ok := cond.(*ssa.BinOp)
	if !ok {
		return nil, "", false
	}
	op, x, y := bin.Op, bin.X, bin.Y
	coll, lenLeft := lenOfField(x)
	if !lenLeft {
		var right bool
		if coll, right = lenOfField(y); !right {
			return nil, "", false
		}
		// Flip to len(s) OP other.
		x, y = y, x
		switch op {
		case token.LSS:
			op = token.GTR
		case token.GTR:
			op = token.LSS
		case token.LEQ:
			op = token.GEQ
		case token.GEQ:
			op = token.LEQ
		}
	}
	var nonEmpty bool
	switch {
	case isIntConst(y, 0) && (op == token.NEQ || op == token.GTR):
		nonEmpty = truth
	case isIntConst(y, 0) && (op == token.EQL || op == token.LEQ):
		nonEmpty = !truth
	case isIntConst(y, 1) && op == token.LSS:
		nonEmpty = !truth
	case isIntConst(y, 1) && op == token.GEQ:
		nonEmpty = truth
	case op == token.GTR && rangeIndex(y):
		// for _, v := range s: the body runs on len(s) > index+1-1.
		nonEmpty = truth
	}
	if !nonEmpty {
		return nil, "", false
	}
	fa := coll.(*ssa.FieldAddr)
	return cellRoot(ssavalue.Unconvert(fa.X)), locationName(fa), true
}

// lenOfField reports whether v is len(*(&x.f)), and returns &x.f.
func lenOfField(v ssa.Value) (ssa.Value, bool) {
	c, ok := v.(*ssa.Call)
	if !ok {
		return nil, false
	}
	b, ok := c.Call.Value.(*ssa.Builtin)
	if !ok || b.Name() != "len" || len(c.Call.Args) != 1 {
		return nil, false
	}
	ld, ok := c.Call.Args[0].(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return nil, false
	}
	fa, ok := ld.X.(*ssa.FieldAddr)
	if !ok {
		return nil, false
	}
	return fa, true
}

// rangeIndex reports whether v is a range loop's index: phi + 1 where
// the phi starts at -1.
func rangeIndex(v ssa.Value) bool {
	add, ok := v.(*ssa.BinOp)
	if !ok || add.Op != token.ADD || !isIntConst(add.Y, 1) {
		return false
	}
	phi, ok := add.X.(*ssa.Phi)
	if !ok {
		return false
	}
	for _, e := range phi.Edges {
		if isIntConst(e, -1) {
			return true
		}
	}
	return false
}

func isIntConst(v ssa.Value, n int64) bool {
	c, ok := v.(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.Int {
		return false
	}
	m, exact := constant.Int64Val(c.Value)
	return exact && m == n
}

// resolveOver guards the sites that run only over a collection the
// function made whose every fill runs after a claim (after
// guard.Analyze, which told firstTimes).
func (w *walker) resolveOver() {
	if len(w.overLocal) == 0 {
		return
	}
	type key struct {
		c    collected
		at   ssa.Instruction
		inTx bool
	}
	memo := map[key]*effect.Guard{}
	for _, s := range w.sites {
		e := s.Effect
		c, ok := w.overLocal[e]
		if !ok || e.Guard != nil || e.Issue != "" {
			continue
		}
		var at ssa.Instruction
		if s.Instr != nil {
			at = s.Instr
		}
		k := key{c, at, e.Kind == effect.KindDBWrite && e.Tx}
		g, done := memo[k]
		if !done {
			g = w.onlyClaimedFills(c, at, k.inTx)
			memo[k] = g
		}
		if g != nil {
			cp := *g
			cp.Note = "runs only over " + c.target + ", which only the claim's first-time edge fills: a second delivery finds it empty"
			e.Guard = &cp
		}
	}
}

// onlyClaimedFills is the guard of the claims every fill of c runs
// after, or nil: no fill, one with no claim before it, or a use of the
// collection's value where fills cannot be seen. at is the effect run
// over c, inTx whether it is a database write made in a transaction: a
// fill whose guard rests on the commit (fillSite.commit) covers it only
// after the fill's call, or within that call's transaction.
func (w *walker) onlyClaimedFills(c collected, at ssa.Instruction, inTx bool) *effect.Guard {
	if !w.usesSeen(c.root) {
		return nil
	}
	var gs []effect.Guard
	for _, f := range w.fills {
		if f.root != c.root || f.target != c.target {
			continue
		}
		g := f.guard
		if f.commit && (at == nil || !(at != f.at && guard.Dominates(f.at, at) || at == f.at && inTx)) {
			g = nil
		}
		if g == nil {
			g = w.claimAt(f.at)
		}
		if g == nil {
			return nil
		}
		gs = append(gs, *g)
	}
	if len(gs) == 0 {
		return nil
	}
	sort.Slice(gs, func(i, j int) bool { return effect.ComparePos(gs[i].Pos, gs[j].Pos) < 0 })
	return &gs[0]
}

// claimAt is the guard of a claim of this function whose first-time
// edge dominates instr, or nil.
func (w *walker) claimAt(instr ssa.Instruction) *effect.Guard {
	for _, ft := range w.firstTimes {
		for _, f := range ft.firsts {
			if f.Dominates(instr.Block()) {
				g := ft.g
				return &g
			}
		}
	}
	return nil
}

// usesSeen reports whether every use of root is one whose fills arrive
// here: a field's address or value, a static call of a summarised
// function, a closure of this package.
func (w *walker) usesSeen(root ssa.Value) bool {
	if a, ok := root.(*ssa.Alloc); ok && onlyStore(a) != nil {
		// A captured variable: its one store, its loads (each used as
		// the value is), the closures it is bound to.
		for _, r := range ssavalue.Referrers(a) {
			switch x := r.(type) {
			case *ssa.Store:
				if x.Addr != a {
					return false
				}
			case *ssa.UnOp:
				if x.Op != token.MUL || !w.valueUsesSeen(x) {
					return false
				}
			case *ssa.MakeClosure:
				fn, ok := x.Fn.(*ssa.Function)
				if !ok || !w.p.set[fn] {
					return false
				}
			case *ssa.DebugRef:
			default:
				return false
			}
		}
		return true
	}
	return w.valueUsesSeen(root)
}

// valueUsesSeen is usesSeen for a value (not a captured variable).
func (w *walker) valueUsesSeen(root ssa.Value) bool {
	refs := root.Referrers()
	if refs == nil {
		return false
	}
	for _, r := range *refs {
		switch x := r.(type) {
		case *ssa.FieldAddr, *ssa.Field, *ssa.DebugRef:
		case *ssa.MakeClosure:
			fn, ok := x.Fn.(*ssa.Function)
			if !ok || !w.p.set[fn] {
				return false
			}
		case ssa.CallInstruction:
			if !w.summarised(x.Common()) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// summarised reports whether a call's callee is a function whose
// summary this pass has (its memory writes arrive with it).
func (w *walker) summarised(c *ssa.CallCommon) bool {
	callee := c.StaticCallee()
	if callee == nil {
		return false
	}
	if w.p.set[callee] {
		return true
	}
	obj, _ := callee.Object().(*types.Func)
	if obj == nil || obj.Pkg() == nil {
		return false
	}
	ix := w.p.env.Index
	if ix.Lookup(obj) != nil || ix.Modeled(obj.Pkg()) {
		return false
	}
	if w.p.env.ThirdParty != nil && w.p.env.ThirdParty(obj.Pkg()) {
		return false // another module's memory writes do not come up (includeFrom)
	}
	_, ok := w.p.env.Import(obj)
	return ok
}
