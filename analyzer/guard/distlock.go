package guard

import (
	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
)

// distLockedChecks: a status check made while a distributed lock is held
// (a Redis mutex: redsync's LockContext, a SETNX the function deletes
// again), whose result decides a branch that leaves without the work
// (returns success), with a write of the checked table on the work's
// branch before the lock is released:
//
//	unlock, err := locker.Lock(ctx, "sync:"+id)   -- the lock, one try
//	if err != nil { return err }
//	defer unlock()
//	link, err := repo.Get(ctx, id)                 -- the check
//	if link.Status == Ready { return nil }
//	… the effects …
//	repo.Update(ctx, id, Ready)                    -- the record
//
// is the advisory lock of lockcheck.go held in another store: a
// concurrent delivery does not get the lock (or waits for it) and a later
// one reads the record and leaves at the check. The work's effects are
// guarded by it, database writes and external calls alike (a crash
// between an effect and the record still repeats it: Window), and a call
// guarded for what its reading will make it keeps that reading
// (OnReading: a Lark request's risk). A lock
// alone, with no check under it or no record of the checked table on the
// work's branch, keeps only concurrent deliveries apart: a delivery after
// the first finished takes the lock again and repeats the work, so that
// stays as it was (unguarded, or check-then-act). A lock released before
// the record (a release call, not deferred, on the path to it) holds
// nothing either.
func (a *analysis) distLockedChecks() {
	for _, r := range a.sites {
		if r.Effect.Kind != effect.KindDBRead || r.Effect.Target == "" || r.Instr == nil {
			continue
		}
		l := a.distLock(r)
		if l == nil {
			continue
		}
		for _, ifi := range a.readTests(r) {
			if errTest(ifi) {
				continue
			}
			b := ifi.Block()
			for i, work := range b.Succs {
				if len(work.Preds) != 1 || !a.leavesDone(b.Succs[1-i], work) {
					continue
				}
				if rec := a.distRecord(r, l, work); rec != nil {
					a.distClaim(r, l, rec, work)
				}
			}
		}
	}
}

// distLock is a distributed lock taken before r on every path and held
// there: its call's outcome is tested, and r is reached only on one of
// the test's branches (err == nil, or ok). A lock call with no result
// waits for the lock.
func (a *analysis) distLock(r *Site) *Site {
	for _, l := range a.sites {
		e := l.Effect
		if l == r || l.Instr == nil || !(e.DistLock || e.Kind == effect.KindKVWrite && e.Op == effect.OpLock) ||
			l.Instr == r.Instr || !after(l.Instr, r.Instr) {
			continue
		}
		if a.lockHeldAt(l, r.Instr) {
			return l
		}
	}
	return nil
}

// lockHeldAt reports whether in is reached only on the branch of a test of
// the lock call's outcome: the branch where the lock was taken (the other
// one does not reach in).
func (a *analysis) lockHeldAt(l *Site, in ssa.Instruction) bool {
	call := l.Instr.Value()
	if call == nil {
		return false // go or defer: not held before what follows
	}
	if call.Call.Signature().Results().Len() == 0 {
		return true
	}
	blk := unwrap(in).Block()
	for _, b := range a.fn.Blocks {
		n := len(b.Instrs)
		if n == 0 {
			continue
		}
		ifi, ok := b.Instrs[n-1].(*ssa.If)
		if !ok || !after(l.Instr, ifi) || !influenced(ifi.Cond, call, 0) {
			continue
		}
		for _, succ := range b.Succs {
			if len(succ.Preds) == 1 && succ.Dominates(blk) {
				return true
			}
		}
	}
	return false
}

// distRecord is the first write of r's table on the work's branch made
// while the lock is held (no release of it, other than a deferred one,
// runs before the write), or nil.
func (a *analysis) distRecord(r, l *Site, work *ssa.BasicBlock) *Site {
	for _, w := range a.sites {
		if w.Effect.Kind != effect.KindDBWrite || w.Effect.Target != r.Effect.Target || w.Instr == nil ||
			!work.Dominates(unwrap(w.Instr).Block()) || a.releasedBefore(l, w) {
			continue
		}
		return w
	}
	return nil
}

// releasedBefore reports whether a release of the lock (a delete of its
// key or target) that is not deferred runs on every path before w.
func (a *analysis) releasedBefore(l, w *Site) bool {
	for _, d := range a.sites {
		e := d.Effect
		if d.Instr == nil || e.Kind != effect.KindKVWrite || e.Op != effect.OpDelete || e.Target != l.Effect.Target {
			continue
		}
		if _, deferred := d.Instr.(*ssa.Defer); deferred {
			continue
		}
		if after(l.Instr, d.Instr) && after(d.Instr, w.Instr) {
			return true
		}
	}
	return false
}

// distClaim guards the effects of the work's branch that a second
// delivery would repeat.
func (a *analysis) distClaim(r, l, rec *Site, work *ssa.BasicBlock) {
	for _, s := range a.sites {
		e := s.Effect
		// A write that runs registered callbacks (gorm's Update, Runs)
		// hands its guard to what they do when the whole program joins
		// them, whatever the write itself is.
		callbacks := e.Kind == effect.KindDBWrite && len(e.Runs) > 0
		if s.Instr == nil || s == l || !work.Dominates(unwrap(s.Instr).Block()) || !needsGuard(e) && !callbacks || e.Guard != nil || e.Issue != "" {
			continue
		}
		e.Guard = &effect.Guard{Kind: effect.GuardClaim, Expr: "distributed lock held over the check of " + r.Effect.Target,
			Pos: l.Effect.Evidence(), Window: e.Kind != effect.KindDBWrite, OnReading: !e.NeedsGuard(),
			Note: "the status is written at " + effect.Relative(rec.Effect.Evidence(), "") + " before the lock is released: a later delivery leaves at the check"}
		e.CallerLock = nil
	}
}
