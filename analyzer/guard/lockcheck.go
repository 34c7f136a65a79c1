package guard

import (
	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// lockedChecks: a row read under a waiting update lock in a transaction
// (select … for update), whose result decides a branch that leaves
// without the work (returns success, or the transaction's commit), and a
// write of the same table on the same transaction on the work's branch:
//
//	cur, err := q.GetCursorForUpdate(ctx, key)      -- the lock and the check
//	if cur.Page != args.Page { return tx.Commit(ctx) }
//	… the effects on tx …
//	q.AdvanceCursor(ctx, next, args.Page)           -- the record, same tx
//	return tx.Commit(ctx)
//
// Two deliveries take turns on the row: the second waits for the first to
// commit and then reads the record it wrote, so it leaves at the check.
// That is a claim held by the lock: the database effects on that
// transaction on the work's branch are guarded by it (same transaction),
// and the claims made there (a compare-and-set of the checked row, an
// insert … on conflict do nothing) are not what tells a duplicate: it
// never reaches them, so their untested or error-returned outcome is no
// pitfall. Without the record the second delivery reads the same row and
// acts again: that stays as it was (check-then-act, unguarded).
func (a *analysis) lockedChecks() {
	for _, r := range a.sites {
		if r.Effect.Kind != effect.KindDBRead || !r.Effect.RowLock || r.Effect.Target == "" || r.Exec == nil {
			continue
		}
		read := r.Instr.Value()
		if read == nil {
			continue
		}
		for _, b := range a.fn.Blocks {
			n := len(b.Instrs)
			if n == 0 {
				continue
			}
			ifi, ok := b.Instrs[n-1].(*ssa.If)
			if !ok || !after(r.Instr, ifi) || errTest(ifi) || !influenced(ifi.Cond, read, 0) {
				continue
			}
			for i, work := range b.Succs {
				if len(work.Preds) != 1 || !a.leavesDone(b.Succs[1-i], work) {
					continue
				}
				a.lockClaim(r, work)
			}
		}
	}
}

// lockClaim guards the work's branch of a locked check when it writes the
// checked table on the locked transaction.
func (a *analysis) lockClaim(r *Site, work *ssa.BasicBlock) {
	on := func(s *Site) bool {
		return s != r && s.Exec != nil && sameExec(a.txRoot(s.Exec), a.txRoot(r.Exec)) && work.Dominates(s.Instr.Block())
	}
	record := false
	for _, w := range a.sites {
		if on(w) && w.Effect.Kind == effect.KindDBWrite && w.Effect.Target == r.Effect.Target {
			record = true
			break
		}
	}
	if !record {
		return
	}
	for _, s := range a.sites {
		if !on(s) || s.Effect.Kind != effect.KindDBWrite {
			continue
		}
		e := s.Effect
		if e.Op == effect.OpClaim || e.ReportsChange {
			if a.underLock == nil {
				a.underLock = map[*Site]bool{}
			}
			a.underLock[s] = true
		}
		if e.Risk.NonIdempotent() && e.Guard == nil && e.Issue == "" {
			e.Guard = &effect.Guard{Kind: effect.GuardClaim, Expr: "row lock on " + r.Effect.Target, Pos: r.Effect.Evidence(), SameTx: true}
		}
	}
}

// leavesDone reports whether the other branch of a check returns without
// the work and without an error of its own: success, or the outcome of
// committing a transaction (return tx.Commit(ctx): it fails only when the
// commit does), or the failure of a statement that branch runs (the found
// row touched: if _, err := q.Touch(ctx, id); err != nil { return err },
// also wrapped with fmt.Errorf's %w): a duplicate that takes the branch
// fails only when that statement does, and a retry takes it again. An
// error the branch makes itself (errors.New("already done")) is no such
// failure.
func (a *analysis) leavesDone(other, work *ssa.BasicBlock) bool {
	rets := returnsFrom(other, work)
	if len(rets) == 0 {
		return false
	}
	res := a.fn.Signature.Results()
	if res.Len() == 0 || !isError(res.At(res.Len()-1).Type()) {
		return true
	}
	var own map[ssa.Value]bool
	for _, ret := range rets {
		v := returned(ret, len(ret.Results)-1)
		if isNil(v) || a.commit(v) {
			continue
		}
		if own == nil {
			own = map[ssa.Value]bool{}
			for _, s := range a.sites {
				if call := s.Instr.Value(); call != nil && other.Dominates(s.Instr.Block()) {
					own[call] = true
				}
			}
		}
		if !statementError(v, own, map[ssa.Value]bool{}) {
			return false
		}
	}
	return true
}

// commit reports whether v is the result of a transaction's Commit.
func (a *analysis) commit(v ssa.Value) bool {
	c, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	var recv ssa.Value
	switch callee := c.Call.StaticCallee(); {
	case c.Call.Method != nil && c.Call.Method.Name() == "Commit":
		recv = c.Call.Value
	case callee != nil && callee.Name() == "Commit" && callee.Signature.Recv() != nil && len(c.Call.Args) > 0:
		recv = c.Call.Args[0]
	default:
		return false
	}
	return a.env.Index.IsTransaction(ssavalue.Unconvert(recv).Type())
}

// txRoot is the transaction an executor was made from: sqlc's
// dbgen.New(tx) and q.WithTx(tx) run their queries on tx, as does tx
// itself, so a read locked through one and a write made through the other
// are in the same transaction. A call of a function given exactly one
// transaction (with any interface conversion) is taken to wrap it.
func (a *analysis) txRoot(v ssa.Value) ssa.Value {
	for i := 0; i < 4; i++ {
		c, ok := ssavalue.Unconvert(v).(*ssa.Call)
		if !ok || c.Call.IsInvoke() || c.Call.StaticCallee() == nil || c.Call.Signature().Results().Len() != 1 {
			break
		}
		var tx ssa.Value
		for _, arg := range c.Call.Args {
			if u := ssavalue.Unconvert(arg); a.env.Index.IsTransaction(u.Type()) {
				if tx != nil {
					return v // two transactions: which one is not told
				}
				tx = u
			}
		}
		if tx == nil {
			break
		}
		v = tx
	}
	return ssavalue.Unconvert(v)
}
