package guard

import (
	"fmt"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/rules"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// claims: a claim guards the effects its result decides (they run only on
// the "first time" branch of the test of its result) and, for database
// effects, that run on the same transaction handle; it returns how fn's
// results carry a claim's outcome when fn is a claim helper.
func (a *analysis) claims() *ClaimReturn {
	var claimReturn *ClaimReturn
	type walk struct {
		tests    []test
		returned bool
		ret      *ClaimReturn
	}
	walks := map[*Site]walk{}
	var eligible []*Site
	for _, c := range a.sites {
		if !c.Direct || (c.Effect.Op != effect.OpClaim && !c.Effect.ReportsChange) {
			continue
		}
		if a.underLock[c] {
			continue // a duplicate leaves at the locked check before it (lockcheck.go)
		}
		tests, returned, ret := dupTests(c, a.env.Index)
		if ret == nil && len(tests) > 0 {
			ret = a.constOutcome(tests) // outcome.go
		}
		walks[c] = walk{tests, returned, ret}
		eligible = append(eligible, c)
	}
	// Tests several claims decide together (joint.go).
	joint := a.jointTests(eligible)
	// Claims whose result decides whether effects run.
	for _, c := range eligible {
		w := walks[c]
		tests, returned, ret := w.tests, w.returned, w.ret
		jt := joint[c]
		jointOnly := len(tests) == 0 && len(jt) > 0
		if jointOnly {
			// Only tested together with other claims: guarded by those
			// tests, with no duplicate path of its own to read.
			tests, jt = jt, nil
		}
		if from := c.Effect.ClaimFrom; from != "" && c.ClaimReturn != nil && len(tests) == 0 && !returned && ret == nil {
			// A helper returned a delete's or an upsert's "nothing
			// changed" (sqlc :execrows) and this caller drops it:
			// the statement as written, not a claim left unchecked.
			c.Effect.Op, c.Effect.Detail, c.Effect.ClaimFrom, c.Effect.ClaimFromDetail = from, c.Effect.ClaimFromDetail, "", ""
			continue
		}
		if c.Effect.Op != effect.OpClaim {
			// A delete, or an upsert that updates only on a change: a
			// claim where its "nothing changed" is tested or handed to
			// the caller to test; otherwise just what it is.
			if len(tests) == 0 && ret == nil {
				continue
			}
			if len(tests) == 0 {
				// Only handed to the caller: whether it is a claim
				// is the caller's test.
				c.Effect.ClaimFrom, c.Effect.ClaimFromDetail = c.Effect.Op, c.Effect.Detail
			}
			c.Effect.Op = effect.OpClaim
			c.Effect.Detail = effect.JoinDetail(c.Effect.Detail, "tested for no row changed: a compare-and-set claim")
		}
		if len(tests) > 0 {
			c.Effect.ClaimFrom, c.Effect.ClaimFromDetail = "", "" // tested here: a claim
		}
		if ret != nil && claimReturn == nil {
			claimReturn = ret
		}
		if len(tests) == 0 {
			// A claim whose result is passed back to the caller is a claim
			// helper: the caller tests it. Otherwise it guards nothing.
			// With nothing after it to guard, an untested
			// insert … on conflict do nothing is an idempotent insert
			// (sqlc's :exec upserts), not a claim someone forgot to test.
			var exposed []*Site
			for _, s := range a.sites {
				if s != c && s.Effect.NeedsGuard() && s.Effect.Issue == "" && after(c.Instr, s.Instr) {
					exposed = append(exposed, s)
				}
			}
			if !returned && len(exposed) > 0 && !a.externalOnly {
				a.pitfalls = append(a.pitfalls, Pitfall{Rule: rules.ClaimUnchecked, Pos: c.Effect.Evidence(), Message: fmt.Sprintf(
					"the result of this claim on %s is never tested, so it guards nothing: the effects after it run on every delivery; skip them when the claim finds the key taken",
					orTable(c.Effect.Target))})
				for _, s := range exposed {
					s.Effect.Issue, s.Effect.IssuePos = rules.ClaimUnchecked, c.Effect.Evidence()
				}
			} else if !returned && ret == nil && c.Effect.CompareAndSet && c.ClaimReturn == nil {
				// A compare-and-set update whose "no row changed"
				// nothing tests or hands back (a sqlc :exec, an Exec
				// whose result is dropped) claims nothing: it is the
				// update as written, a state transition (a second run
				// finds the rows moved and changes none), and no
				// caller can take it for a guard.
				// A MongoDB transition keeps the operation it is
				// as written in ClaimFrom (summary's document).
				c.Effect.Op = "update-set"
				if c.Effect.ClaimFrom != "" {
					c.Effect.Op = c.Effect.ClaimFrom
				}
				c.Effect.ClaimFrom, c.Effect.ClaimFromDetail = "", ""
				c.Effect.CompareAndSet, c.Effect.Optimistic = false, false
				c.Effect.Detail = effect.JoinDetail(c.Effect.Detail, "but nothing tests or returns whether rows changed, so it claims nothing: a state transition (a second run finds the rows moved and changes none)")
			}
			continue
		}
		if jointOnly {
			a.guardFirstTime(c, tests, c.Effect.ClaimKey)
			continue
		}
		if a.handsUpNoRows(c, tests) {
			// A claim helper that tests the error only to wrap it for
			// its caller (handup.go): the caller decides.
			if claimReturn == nil {
				claimReturn = &ClaimReturn{Index: a.fn.Signature.Results().Len() - 1, Kind: returnKinds[noRowsErr]}
			}
			continue
		}
		if claimReturn == nil && a.dupSentinel(tests) {
			// A helper that maps the duplicate to its package's error
			// (if n == 0 { return ErrNoRowsUpdate }; return nil): its
			// callers test that error, and what they run only when it is
			// nil runs only the first time.
			claimReturn = &ClaimReturn{Index: a.fn.Signature.Results().Len() - 1, Kind: returnKinds[noRowsErr], Decided: true}
		}
		held, fresh := true, false
		if c.Effect.Optimistic {
			held, fresh = a.optimisticHeld(c)
		}
		if held {
			// An optimistic lock on the version this delivery read
			// guards nothing by itself: a later delivery reads the row
			// the first one moved and wins the lock again.
			a.guardFirstTime(c, append(tests[:len(tests):len(tests)], jt...), c.Effect.ClaimKey)
		}
		if fresh && c.ClaimReturn != nil {
			// The helper's "no row changed" is a race lost to an
			// overlapping delivery that moved the row since this one
			// read it: the retry reads the row again. A redelivery
			// after the first finished reads the row as it left it.
			c.LostRace = true
		}
		if c.ClaimReturn != nil && c.ClaimReturn.Decided {
			continue // the helper decided the duplicate, and reported it
		}
		a.pitfalls = append(a.pitfalls, keyedPitfalls(c.Effect, duplicateAsError(a.fn, tests, a.pos, a.env.Index))...)
	}
	return claimReturn
}

// dupSentinel reports whether the claim's tests hand the duplicate up as
// an error of the helper's own: every return a duplicate reaches gives a
// package-level error (also wrapped with %w) or one made there
// (fmt.Errorf("can't lock, no records found"), errors.New: no other
// operation's failure, otherFailure), and a first delivery can return
// nil. Its callers cannot tell a made error from other failures, but
// their nil-error edge is still taken only by the delivery that won the
// claim (a lock table's "can't lock" before the mail it guards), and an
// optimistic lock on the version the caller read hands up a lost race
// (optimisticHeld), not a duplicate.
func (a *analysis) dupSentinel(tests []test) bool {
	res := a.fn.Signature.Results()
	if res.Len() == 0 || !isError(res.At(res.Len()-1).Type()) {
		return false
	}
	dupEdge := map[*ssa.BasicBlock]*ssa.BasicBlock{}
	for _, t := range tests {
		dupEdge[t.ifi.Block()] = t.dup
	}
	sentinel, firstNil := false, false
	for _, t := range tests {
		for _, ret := range returnsFromEdges(t.dup, t.first, dupEdge) {
			errv := returned(ret, len(ret.Results)-1)
			if Sentinel(errv) == "" && (isNil(errv) || t.nilOnDup[errv] || otherFailure(errv, t.dupErrs, a.env.Index, map[ssa.Value]bool{})) {
				return false
			}
			sentinel = true
		}
		for _, ret := range returnsFrom(t.first, t.dup) {
			if c, ok := returned(ret, len(ret.Results)-1).(*ssa.Const); ok && c.IsNil() {
				firstNil = true
			}
		}
	}
	return sentinel && firstNil
}

// guardFirstTime guards the effects that run only on the first-time edges
// of the tests of claim c's outcome: database effects on c's transaction,
// external ones with a crash window; database effects on another handle
// are guard-separate-tx, money is never guarded by a DB claim.
func (a *analysis) guardFirstTime(c *Site, tests []test, key string) {
	var firsts []*ssa.BasicBlock
	for _, t := range tests {
		if len(t.first.Preds) == 1 {
			firsts = append(firsts, t.first)
		}
	}
	guarded := func(b *ssa.BasicBlock) bool {
		for _, f := range firsts {
			if f.Dominates(b) {
				return true
			}
		}
		return false
	}
	claimPos := c.Effect.Evidence()
	if c.Effect.ConstraintState != "none" && a.env.FirstTime != nil && len(firsts) > 0 {
		a.env.FirstTime(firsts, effect.Guard{Kind: effect.GuardClaim, Expr: key, Pos: claimPos, Window: true})
	}
	if c.Effect.ConstraintState != "none" {
		// The callbacks the function runs only when the claim is new
		// (summary.GuardedCall): their effects are decided where the
		// callback is known, at the caller.
		for _, pc := range a.paramCalls {
			if pc.Guard == nil && guarded(pc.Instr.Block()) {
				pc.Guard = &effect.Guard{Kind: effect.GuardClaim, Expr: key, Pos: claimPos, Window: true, Released: a.releasedAfter(pc.Instr)}
				pc.Claim = c
			}
		}
		// The closures a hook factory makes from a result only the
		// first-time edge fills (hookgate.go).
		a.hookGates(c, guarded, effect.Guard{Kind: effect.GuardClaim, Expr: key, Pos: claimPos, SameTx: c.Exec != nil && c.Effect.Tx})
	}
	separate, unbacked := false, false
	sepParam := 0
	for _, s := range a.sites {
		e := s.Effect
		if s == c || e.Guard != nil || !guarded(s.Instr.Block()) {
			continue
		}
		if a.randomKeyUnderClaim(c, e, key) {
			continue
		}
		if e.Issue != "" {
			continue
		}
		if !e.Risk.NonIdempotent() {
			if e.Kind == effect.KindDynamic && e.ClaimGate == nil && !a.externalOnly && c.Effect.ConstraintState != "none" {
				// What only the whole program finds behind the call is
				// decided there as if made here (wholeprogram claimgate.go).
				e.ClaimGate = a.claimGate(c, s, key)
			}
			if readsExternal(e) {
				// A call nothing decided yet whose reading makes it an
				// external effect (a mail sender in another module,
				// read from its name): guarded, with the window, for
				// what it is read as, as a claim helper's callback is
				// (summary.guardByClaim).
				e.Guard = &effect.Guard{Kind: effect.GuardClaim, Expr: key, Pos: claimPos, Window: true, OnReading: true}
			}
			continue
		}
		helperSame := false
		if a.externalOnly && e.Kind == effect.KindDBWrite {
			same, known := a.helperTx(c, s)
			if !known || c.Effect.ConstraintState == "none" {
				continue
			}
			helperSame = same
		}
		if c.Effect.ConstraintState == "none" {
			// No unique key backs the claim (the migrations say so): the
			// second delivery inserts its row too and runs the effect.
			e.Issue, e.IssuePos = rules.ClaimWithoutConstraint, claimPos
			if !unbacked {
				unbacked = true
				a.pitfalls = append(a.pitfalls, Pitfall{Rule: rules.ClaimWithoutConstraint, Pos: claimPos, Message: fmt.Sprintf(
					"the claim on %s is backed by no unique key, so a second delivery inserts its row too and runs the %s at %s again: %s; add the key the claim relies on in a migration",
					orTable(c.Effect.Target), e.Describe(), effect.Relative(e.Evidence(), ""), c.Effect.Constraint)})
			}
			continue
		}
		g := &effect.Guard{Kind: effect.GuardClaim, Expr: key, Pos: claimPos}
		switch {
		case e.Kind == effect.KindDBWrite:
			if helperSame || (!a.externalOnly && ((c.Exec != nil && c.Effect.Tx && sameHandle(s.Exec, c.Exec)) || a.sameSession(s, c))) {
				g.SameTx = true
				e.Guard = g
				continue
			}
			e.Issue, e.IssuePos = rules.SeparateTx, claimPos
			txParam := 0
			if c.Exec != nil && sameHandle(s.Exec, c.Exec) && !a.externalOnly {
				// Same handle, caller decides: on a parameter, the claim
				// and the effect commit together when the caller passes
				// a transaction there.
				if i := paramIndex(a.fn, handleBase(c.Exec, 0)); i >= 0 {
					txParam = i + 1
					cg := *g
					cg.SameTx = true
					e.CallerTx = &cg
				}
			}
			if !separate || (txParam == 0 && sepParam != 0) {
				separate = true
				sepParam = txParam
				a.pitfalls = append(a.pitfalls, Pitfall{Rule: rules.SeparateTx, Pos: claimPos, TxParam: txParam, Message: fmt.Sprintf(
					"the claim on %s commits separately from the %s at %s: a crash between them loses the effect (the key is taken) or, if the claim rolls back alone, repeats it; run the claim and the effect in one transaction",
					orTable(c.Effect.Target), e.Describe(), effect.Relative(e.Evidence(), ""))})
			}
		case e.Risk == effect.Critical:
			e.Detail = effect.JoinDetail(e.Detail, "a DB claim does not protect money: a crash between the call and the commit repeats it; pass a stable idempotency key")
		default:
			g.Window = true
			e.Guard = g
		}
	}
}

// randomKeyUnderClaim guards e, an external call whose idempotency key
// is new on every delivery (random-key), when it runs only on the
// first-time edge of claim c: the claim keeps a second delivery from
// reaching it, so its key deduplicates nothing that could repeat (a
// Step Functions execution named after the clock, started only by the
// delivery that took the trigger lock). Not money (a DB claim leaves a
// crash window around a charge: the key is needed), nor a claim that is
// itself unsound. The pitfall at the key is given back (Env.KeyGuarded).
func (a *analysis) randomKeyUnderClaim(c *Site, e *effect.Effect, key string) bool {
	if e.Issue != rules.RandomKey || e.Kind == effect.KindDBWrite || e.Risk == effect.Critical || c.Effect.Issue != "" || c.Effect.ConstraintState == "none" {
		return false
	}
	pos := e.IssuePos
	e.Issue, e.IssuePos = "", ""
	e.Guard = &effect.Guard{Kind: effect.GuardClaim, Expr: key, Pos: c.Effect.Evidence(), Window: true}
	e.Detail = effect.JoinDetail(e.Detail, "its key is new on every delivery, but only the delivery that took the claim makes the call")
	for _, o := range a.sites {
		if o.Effect.Issue == rules.RandomKey && o.Effect.IssuePos == pos {
			return true // the key still repeats another call
		}
	}
	a.pitfalls = slices.DeleteFunc(a.pitfalls, func(p Pitfall) bool { return p.Rule == rules.RandomKey && p.Pos == pos })
	if a.env.KeyGuarded != nil {
		a.env.KeyGuarded(pos)
	}
	return true
}

// claimGate is claim c's guard for the dynamic call of site s after its
// first-time edge: which of the call's arguments (or its receiver) is the
// transaction c runs on, read only where s is the call itself.
func (a *analysis) claimGate(c, s *Site, key string) *effect.ClaimGate {
	g := &effect.ClaimGate{TxArg: -1, Target: c.Effect.Target, Guard: effect.Guard{Kind: effect.GuardClaim, Expr: key, Pos: c.Effect.Evidence()}}
	if c.Exec == nil || !c.Effect.Tx {
		g.Alone = true // the claim commits by itself: any write is separate
		return g
	}
	if len(s.Effect.Path) != 1 || s.Instr == nil {
		return g
	}
	g.TxKnown = true
	cc := s.Instr.Common()
	if cc.IsInvoke() && sameHandle(cc.Value, c.Exec) {
		g.RecvTx = true
	}
	for j, x := range cc.Args {
		if sameHandle(x, c.Exec) || (a.env.SameTx != nil && a.env.SameTx(x, c.Exec)) {
			g.TxArg = j
			break
		}
	}
	return g
}

// sameHandle reports whether two executors run on one handle: the same
// value, or queriers built around it (sqlc's dbgen.New(tx) and
// q.WithTx(tx), whose receiver is not the handle they run on).
func sameHandle(a, b ssa.Value) bool {
	if a == nil || b == nil {
		return false
	}
	return sameExec(a, b) || sameExec(handleBase(a, 0), handleBase(b, 0))
}

// handleBase is the handle v is built around: for a call returning a
// handle (dbgen.New(tx), q.WithTx(tx)) with exactly one handle argument
// besides its receiver and a context, that argument's base; otherwise v.
func handleBase(v ssa.Value, depth int) ssa.Value {
	v = ssavalue.Unconvert(v)
	call, ok := v.(*ssa.Call)
	if !ok || depth > 3 || !ssavalue.HandleType(call.Type()) {
		return v
	}
	args := call.Call.Args
	if call.Call.IsInvoke() {
		return v
	}
	if callee := call.Call.StaticCallee(); callee != nil && callee.Signature.Recv() != nil && len(args) > 0 {
		args = args[1:] // q.WithTx(tx): the receiver is replaced, not run on
	}
	var base ssa.Value
	for _, arg := range args {
		arg = ssavalue.Unconvert(arg)
		if !ssavalue.HandleType(arg.Type()) || isContext(arg.Type()) {
			continue
		}
		if base != nil {
			return v
		}
		base = arg
	}
	if base == nil {
		return v
	}
	return handleBase(base, depth+1)
}

func isContext(t types.Type) bool {
	n, ok := t.(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "context" && n.Obj().Name() == "Context"
}

// paramIndex is the index of the parameter v is in fn, -1 when v is not
// one of fn's parameters.
func paramIndex(fn *ssa.Function, v ssa.Value) int {
	if p, ok := v.(*ssa.Parameter); ok {
		for i, q := range fn.Params {
			if q == p {
				return i
			}
		}
	}
	return -1
}

func orTable(s string) string {
	if s == "" {
		return "the key table"
	}
	return s
}

// sameSession reports whether two calls get the same transaction context
// (a Mongo SessionContext inside WithTransaction): they commit together
// whatever collection they write.
func (a *analysis) sameSession(s, c *Site) bool {
	sv, cv := a.sessionArg(s.Instr), a.sessionArg(c.Instr)
	return sv != nil && sameExec(sv, cv)
}

func (a *analysis) sessionArg(ci ssa.CallInstruction) ssa.Value {
	for _, v := range ci.Common().Args {
		v = ssavalue.Unconvert(v) // passed as a context.Context
		if a.env.Index.IsTransaction(v.Type()) && types.IsInterface(v.Type()) {
			return v
		}
	}
	return nil
}

// optimisticHeld reports whether an optimistic lock keeps a later
// delivery out, and whether it locks a version this function read. When what the call is given was read from the locked
// table by this function (the order read, then UpdateWithVersion(o)),
// the lock holds the version the read saw, which a later delivery reads
// anew: the lock then keeps out only overlapping deliveries, and a later
// one must leave at a test of what it read that returns success (the
// order already paid: a state check the lock makes atomic). A value not
// read here (the version the job carries) is the claim as written.
func (a *analysis) optimisticHeld(c *Site) (held, fresh bool) {
	args := c.Instr.Common().Args
	var reads []ssa.Value
	for _, r := range a.sites {
		e := r.Effect
		if e.Kind != effect.KindDBRead || e.Target != c.Effect.Target || !after(r.Instr, c.Instr) {
			continue
		}
		v := r.Instr.Value()
		if v == nil {
			continue
		}
		for _, arg := range args {
			if influenced(arg, v, 0) {
				reads = append(reads, v)
				break
			}
		}
	}
	if len(reads) == 0 {
		return true, false
	}
	for _, b := range a.fn.Blocks {
		n := len(b.Instrs)
		if n == 0 {
			continue
		}
		ifi, ok := b.Instrs[n-1].(*ssa.If)
		if !ok || !b.Dominates(c.Instr.Block()) {
			continue
		}
		for _, read := range reads {
			if !influenced(ifi.Cond, read, 0) {
				continue
			}
			for i, work := range b.Succs {
				if len(work.Preds) == 1 && work.Dominates(c.Instr.Block()) && a.skipsAsDone(b.Succs[1-i], work) {
					return true, true
				}
			}
		}
	}
	return false, true
}

// readsExternal reports whether e is a call nothing decided whose
// pending reading makes it an external non-idempotent effect short of
// money and of a database write (summary.claimReadable).
func readsExternal(e *effect.Effect) bool {
	if e.Risk != effect.Unknown {
		return false
	}
	r := e.PendingReading()
	return r != nil && r.Risk.NonIdempotent() && r.Risk != effect.Critical && r.Kind != effect.KindDBWrite
}
