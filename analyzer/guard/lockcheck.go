package guard

import (
	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/models"
	"github.com/jobeffects/jobeffects/analyzer/rules"
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
//
// An exclusive transaction-level advisory lock taken and waited for on
// the same transaction before the read (select pg_advisory_xact_lock(…),
// also through a helper or sqlc's dbgen.New(tx)) holds the check the
// same way, and then also a lookup that finds no row: the second
// delivery waits for the lock until the first commits and then finds the
// row the first inserted ("not found → insert", the found branch leaving).
// The lock's key is not compared with the row's: deliveries of one job
// compute it alike, and a key new on every delivery would be a lock no
// one writes.
//
// A check on a transaction the function is given (a parameter), with no
// lock of its own, is held if its caller locks that transaction first:
// the work's writes carry the guard as Effect.CallerLock, which the
// caller's analysis (or the helper that locks the transaction and runs
// the callback, summary.TxCall.Locked) makes their guard.
func (a *analysis) lockedChecks() {
	a.callerLocks()
	for _, r := range a.sites {
		if r.Effect.Kind != effect.KindDBRead || r.Effect.Target == "" || r.Exec == nil {
			continue
		}
		// The row lock holds a check of what was found; an advisory lock
		// (here, or pending on a transaction parameter) also "not found".
		adv := a.advisoryLock(r)
		pending := adv == nil && a.txParam(r.Exec)
		locked := r.Effect.RowLock || a.noWaitLock(r)
		if !locked && adv == nil && !pending {
			continue
		}
		if locked {
			a.lockedRows(r)
		}
		for _, ifi := range a.readTests(r) {
			b := ifi.Block()
			rowHeld := locked && !errTest(ifi)
			if !rowHeld && adv == nil && !pending {
				continue
			}
			for i, work := range b.Succs {
				if len(work.Preds) != 1 || !a.leavesDone(b.Succs[1-i], work) {
					continue
				}
				// A loop's own condition over the rows is no test of
				// one row: its exit is no "done" (lockedRows).
				held := rowHeld && loopBody(ifi) == nil && (r.Effect.RowLock || a.foundOnly(r, ifi, i, work))
				if held || adv != nil {
					a.lockClaim(r, adv, work, nil)
					continue
				}
				if pending {
					a.pendingLockClaim(r, work)
				}
			}
		}
	}
}

// callerLocks makes guards of the caller-lock guards of the sites this
// function takes an advisory transaction lock for before them.
func (a *analysis) callerLocks() {
	for _, s := range a.sites {
		e := s.Effect
		if e.CallerLock == nil || s.Exec == nil {
			continue
		}
		if e.Guard != nil || !HeldCheck(e) {
			e.CallerLock = nil
			continue
		}
		if l := a.advisoryLock(s); l != nil {
			g := *e.CallerLock
			g.Pos = l.Effect.Evidence()
			e.Guard, e.CallerLock, e.Issue, e.IssuePos = &g, nil, "", ""
		}
	}
}

// HeldCheck reports whether e's issue, if any, is the check-then-act of
// the check its caller-lock guard holds: the lock clears it.
func HeldCheck(e *effect.Effect) bool {
	return e.Issue == "" || e.Issue == rules.CheckThenAct && e.CallerLock != nil && e.IssuePos == e.CallerLock.Pos
}

// txParam reports whether an executor runs on a transaction the function
// is given: a parameter of a transaction type, or a handle built around
// one (dbgen.New(tx)).
func (a *analysis) txParam(exec ssa.Value) bool {
	root := a.txRoot(exec)
	_, ok := root.(*ssa.Parameter)
	return ok && a.env.Index.IsTransaction(root.Type())
}

// lockedWork is the test of a site on r's transaction in the work's
// branch, and whether one of those writes the table r checked (the record
// a locked check is worth holding for; records, when not nil, says which
// writes of it are one).
func (a *analysis) lockedWork(r *Site, work *ssa.BasicBlock, records func(check, w *effect.Effect) bool) (on func(*Site) bool, record bool) {
	on = func(s *Site) bool {
		return s != r && s.Exec != nil && sameExec(a.txRoot(s.Exec), a.txRoot(r.Exec)) && work.Dominates(s.Instr.Block())
	}
	for _, w := range a.sites {
		if on(w) && w.Effect.Kind == effect.KindDBWrite && w.Effect.Target == r.Effect.Target && (records == nil || records(r.Effect, w.Effect)) {
			return on, true
		}
	}
	return on, false
}

// pendingLockClaim is lockClaim for a check on a transaction parameter
// with no lock here: the work's writes on it carry the guard for the
// caller that holds the lock (Effect.CallerLock).
func (a *analysis) pendingLockClaim(r *Site, work *ssa.BasicBlock) {
	on, record := a.lockedWork(r, work, nil)
	if !record {
		return
	}
	for _, s := range a.sites {
		e := s.Effect
		if on(s) && e.Kind == effect.KindDBWrite && e.Risk.NonIdempotent() && e.Guard == nil && e.Issue == "" && e.CallerLock == nil {
			e.CallerLock = &effect.Guard{Kind: effect.GuardClaim, Expr: "advisory lock held over the check of " + r.Effect.Target, Pos: r.Effect.Evidence(), SameTx: true}
		}
	}
}

// advisoryLock is the advisory transaction lock taken on r's transaction
// on every path before the read r, or nil.
func (a *analysis) advisoryLock(r *Site) *Site {
	for _, l := range a.sites {
		if l == r || !l.Effect.AdvisoryLock || l.Exec == nil || !after(l.Instr, r.Instr) || l.Instr == r.Instr {
			continue
		}
		if sameExec(a.txRoot(l.Exec), a.txRoot(r.Exec)) && a.env.Index.IsTransaction(a.txRoot(r.Exec).Type()) {
			return l
		}
	}
	return nil
}

// lockClaim guards the work's branch of a locked check when it writes the
// checked table on the locked transaction (records: which writes are the
// record; nil, any).
func (a *analysis) lockClaim(r, adv *Site, work *ssa.BasicBlock, records func(check, w *effect.Effect) bool) {
	on, record := a.lockedWork(r, work, records)
	if !record {
		if records == nil {
			a.liveClaim(r, adv, on)
		}
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
			g := &effect.Guard{Kind: effect.GuardClaim, Expr: "row lock on " + r.Effect.Target, Pos: r.Effect.Evidence(), SameTx: true}
			if adv != nil {
				g.Expr, g.Pos = "advisory lock held over the check of "+r.Effect.Target, adv.Effect.Evidence()
			}
			e.Guard, e.CallerLock = g, nil
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
func (a *analysis) txRoot(v ssa.Value) ssa.Value { return TxRoot(a.env.Index, v) }

// TxRoot is analysis.txRoot for a given models index.
func TxRoot(ix *models.Index, v ssa.Value) ssa.Value {
	for i := 0; i < 4; i++ {
		c, ok := ssavalue.Unconvert(v).(*ssa.Call)
		if !ok || c.Call.IsInvoke() || c.Call.StaticCallee() == nil || c.Call.Signature().Results().Len() != 1 {
			break
		}
		var tx ssa.Value
		for _, arg := range c.Call.Args {
			if u := ssavalue.Unconvert(arg); ix.IsTransaction(u.Type()) {
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

// liveClaim is lockClaim for a work's branch that records nothing in the
// checked table itself but enqueues a job on the locked transaction with
// options that keep it unique by its arguments while it is live (River's
// UniqueOpts.ByArgs), where another function of the package writes the
// checked table:
//
//	lock(ctx, tx, key)                                  -- the advisory lock
//	st, err := q.GetState(ctx, key)                     -- the check
//	if st.Generation <= st.Completed { return nil }
//	client.InsertTx(ctx, tx, args, uniqueOpts)          -- the enqueue
//	return tx.Commit(ctx)
//
// A second delivery waits for the lock. While the job the first enqueued
// is live, its insert is skipped as a duplicate; once that job has run,
// the table's writer (the job's completion, under the same lock) has
// cleared the condition and the second delivery leaves at the check. The
// record is made later, by the work the enqueue starts, and the unique
// insert covers the time until then. Only the unique enqueues are
// guarded so: another write on the branch repeats. With no writer of the
// checked table besides this function nothing clears the condition, and
// a delivery after the job finished enqueues it again (unguarded).
func (a *analysis) liveClaim(r, adv *Site, on func(*Site) bool) {
	if a.env.UniqueEnqueue == nil || a.env.Writers == nil || r.Effect.Target == "" {
		return
	}
	writer := "" // the first by name: the guard's text is the same on every run
	for _, fn := range a.env.Writers(r.Effect.Target) {
		if fn != a.fn && (writer == "" || fn.Name() < writer) {
			writer = fn.Name()
		}
	}
	if writer == "" {
		return
	}
	for _, s := range a.sites {
		e := s.Effect
		if !on(s) || e.Kind != effect.KindDBWrite || !e.Risk.NonIdempotent() || e.Guard != nil || e.Issue != "" || !a.env.UniqueEnqueue(s.Instr) {
			continue
		}
		lock := "row lock on " + r.Effect.Target
		pos := r.Effect.Evidence()
		if adv != nil {
			lock, pos = "advisory lock held over the check of "+r.Effect.Target, adv.Effect.Evidence()
		}
		e.Guard = &effect.Guard{Kind: effect.GuardClaim, Expr: lock + " that " + writer + " clears, and an enqueue unique by its args while the job is live", Pos: pos, SameTx: true}
		e.CallerLock = nil
	}
}
