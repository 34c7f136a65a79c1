package guard

import (
	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/models"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// completions: a framework completion in a transaction guards the
// database effects of that transaction. Explicit ones are calls (River
// JobCompleteTx, JobCancelTx of the job being worked, ResumableSetStepTx
// for the effects of its step); implicit ones are transactions the
// framework commits with the job's completion when the handler returns
// nil (gue's j.Tx(), watermill-sql's TxFromContext), which hold only if
// no failing return follows the effect.
func (a *analysis) completions() {
	a.recheckOnSuccess()
	for _, c := range a.sites {
		if c.Effect.Op != effect.OpComplete || c.Exec == nil {
			continue
		}
		// A step's completion covers the step's function, where the call
		// is, not the caller that runs the step among others.
		if c.Effect.Target == effect.CompleteStep && !c.Direct {
			continue
		}
		for _, s := range a.sites {
			e := s.Effect
			if s == c || !a.needsCompletion(e) {
				continue
			}
			if sameExec(s.Exec, c.Exec) || boundTo(s.Exec, c.Exec) {
				e.Guard = &effect.Guard{Kind: effect.GuardCompletion, Pos: c.Effect.Evidence(), SameTx: true}
			}
		}
		a.txGuards(c)
	}
	a.jobTransactions()
}

func (a *analysis) needsCompletion(e *effect.Effect) bool {
	return e.Risk.NonIdempotent() && e.Guard == nil && e.Issue == "" && e.Kind == effect.KindDBWrite
}

// boundTo reports whether executor v is built around transaction tx by a
// call given it (sqlc's q.WithTx(tx), a repository's NewRepo(tx)): such a
// wrapper (a pointer) runs its statements in tx. A handle switched to it
// behind a condition (q := db.New(pool); if tx != nil { q = q.WithTx(tx)
// }) is a phi with such an edge: where it is not tx, there is no tx
// whose completion could be missing the effect.
func boundTo(v, tx ssa.Value) bool {
	if phi, ok := v.(*ssa.Phi); ok {
		for _, e := range phi.Edges {
			if e = ssavalue.Unconvert(e); sameExec(e, tx) || boundToCall(e, tx) {
				return true
			}
		}
		return false
	}
	return boundToCall(v, tx)
}

func boundToCall(v, tx ssa.Value) bool {
	call, ok := v.(*ssa.Call)
	if !ok || tx == nil {
		return false
	}
	if !ssavalue.HandleType(call.Type()) {
		return false
	}
	for _, arg := range call.Call.Args {
		if sameExec(ssavalue.Unconvert(arg), tx) {
			return true
		}
	}
	return false
}

// jobTransactions guards the DB effects on a transaction the framework
// commits with the job's completion when the handler returns nil:
//
//   - gue v5 (worker.go WorkOne, job.go): the job is locked in j.Tx();
//     on a nil return the worker deletes the job in it (j.Delete) and
//     commits (j.Done), so the effects commit exactly once with the
//     deletion. On an error (or a panic) j.Error updates the job's
//     error count and run_at in the same transaction and commits it:
//     the effects made before the failing return are committed and the
//     job runs again.
//   - watermill-sql v4 (subscriber.go query/processMessage/sendMessage,
//     context.go): the subscriber reads the message, puts its
//     transaction in the message's context (TxFromContext), and on an
//     ack stores the consumer group's offset in it and commits. On a
//     nack (a failing return) it sends the message again within the same
//     transaction, not rolled back: the first attempt's effects stay and
//     the second adds them again.
//
// So an effect is guarded only if every return after it gives nil, or the
// error of the effect itself (a failed statement wrote nothing), or, on
// PostgreSQL (AbortsOnError), of any statement on that transaction.
func (a *analysis) jobTransactions() {
	for _, s := range a.sites {
		e := s.Effect
		if !a.needsCompletion(e) {
			continue
		}
		src, m := a.jobTx(s.Exec)
		if src == nil {
			continue
		}
		g := &effect.Guard{Kind: effect.GuardCompletion, Pos: a.pos(src.Pos()), SameTx: true, OnSuccess: true, TxErrorAborts: m.AbortsOnError}
		if !a.failsAfter(s, g) {
			e.Guard = g
		}
	}
}

// recheckOnSuccess drops the guards of callees' effects that hold only if
// the handler returns nil after them, when this function can return an
// error after the call.
func (a *analysis) recheckOnSuccess() {
	for _, s := range a.sites {
		if g := s.Effect.Guard; g != nil && g.OnSuccess && a.failsAfter(s, g) {
			s.Effect.Guard = nil
		}
	}
}

// jobTx returns the call that made executor v, when its model says it is
// the job's transaction (JobTx), and that model.
func (a *analysis) jobTx(v ssa.Value) (*ssa.Call, *models.Model) {
	if ex, ok := v.(*ssa.Extract); ok && ex.Index == 0 {
		v = ex.Tuple
	}
	call, ok := v.(*ssa.Call)
	if !ok || a.env.Index == nil {
		return nil, nil
	}
	obj, _ := ssavalue.Callee(call.Common())
	if obj == nil {
		return nil, nil
	}
	if m := a.env.Index.Lookup(obj); m != nil && m.JobTx {
		return call, m
	}
	return nil, nil
}

// failsAfter reports whether fn can return a non-nil error after site s
// that is not the failure of a statement (see jobTransactions).
func (a *analysis) failsAfter(s *Site, g *effect.Guard) bool {
	res := a.fn.Signature.Results()
	if res.Len() == 0 || !isError(res.At(res.Len()-1).Type()) || s.Instr == nil {
		return false
	}
	own := map[ssa.Value]bool{}
	if v, ok := s.Instr.(ssa.Value); ok {
		own[v] = true
	}
	if g.TxErrorAborts {
		for _, t := range a.sites {
			if v, ok := t.Instr.(ssa.Value); ok && a.onJobTx(t) {
				own[v] = true
			}
		}
	}
	return returnsErrorAfter(s.Instr, own)
}

// returnsErrorAfter reports whether a return reachable after instr gives
// an error other than the failure of a statement in own (see
// statementError): the walk both failsAfter and failsAfterSite share.
func returnsErrorAfter(instr ssa.Instruction, own map[ssa.Value]bool) bool {
	start := instr.Block()
	if start == nil {
		return false
	}
	seen := map[*ssa.BasicBlock]bool{}
	var walk func(b *ssa.BasicBlock, from int) bool
	walk = func(b *ssa.BasicBlock, from int) bool {
		for _, in := range b.Instrs[from:] {
			if r, ok := in.(*ssa.Return); ok && !statementError(r.Results[len(r.Results)-1], own, map[ssa.Value]bool{}) {
				return true
			}
		}
		for _, succ := range b.Succs {
			if !seen[succ] {
				seen[succ] = true
				if walk(succ, 0) {
					return true
				}
			}
		}
		return false
	}
	for i, in := range start.Instrs {
		if in == instr {
			return walk(start, i+1)
		}
	}
	return false
}

// onJobTx reports whether site t runs on a job's transaction: its
// executor is one, or its guard says so (a callee's effect on it).
func (a *analysis) onJobTx(t *Site) bool {
	if src, _ := a.jobTx(t.Exec); src != nil {
		return true
	}
	return t.Effect.Guard != nil && t.Effect.Guard.OnSuccess
}

// statementError reports whether returned error v is nil or comes from
// one of the calls own (through phis, interface conversions and
// fmt.Errorf-style wrapping calls given it).
func statementError(v ssa.Value, own, seen map[ssa.Value]bool) bool {
	if seen[v] {
		return true
	}
	seen[v] = true
	v = ssavalue.Unconvert(v)
	switch x := v.(type) {
	case *ssa.Const:
		return x.IsNil()
	case *ssa.Extract:
		return own[x.Tuple]
	case *ssa.Call:
		if own[x] {
			return true
		}
		// A wrapping call (fmt.Errorf("…: %w", err)): an error of its own
		// only if nothing it is given is one.
		for _, arg := range x.Call.Args {
			for _, el := range append(ssavalue.SliceElems(arg), arg) {
				if el = ssavalue.Unconvert(el); isError(el.Type()) && statementError(el, own, seen) {
					return true
				}
			}
		}
		return false
	case *ssa.Phi:
		for _, e := range x.Edges {
			if !statementError(e, own, seen) {
				return false
			}
		}
		return true
	}
	return false
}
