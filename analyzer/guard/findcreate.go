package guard

import (
	"github.com/jobeffects/jobeffects/analyzer/effect"
)

// createdFills guards the fill of a collection made only for a row this
// run created, in the find-or-create form on PostgreSQL:
//
//	wr := findWebResource(tx, url)           // loads its WebArticle
//	if wr.WebArticle != nil { return nil }   // found: done before
//	createWebArticle(tx, wa)                 // violation taken as success
//	js.AddJobs(jobs, wa.ID)                  // the fill; pushed after commit
//
// The create takes a unique-key violation as success, so the fill runs on
// both of its outcomes and no claim's first-time edge decides it
// (collected.go). A reviewer still finds it guarded: a redelivery after
// the commit finds the row and returns before the fill; an overlapping
// one finds none too, but its insert meets the unique key, and the
// violation, recognised only as PostgreSQL's (Guard.DupAbortsTx), aborts
// the transaction the lookup and the insert share: the success taken
// cannot commit, so what runs after the commit (the push of the
// collection) never runs on it. That holds only on a transaction, which
// the handle here may not be known to be (a *gorm.DB parameter): the
// fill names the insert's handle (Site.Exec) and the guard NeedsTx, which
// the caller that passes a transaction settles (Effect.Tx,
// summary/collected.go), and only for what runs after that transaction's
// commit or inside it (an enqueue inside the callback runs before the
// abort matters). The look-up may run on any handle: it only has to see
// the committed row of an earlier delivery. A check whose found branch
// goes on, an insert whose violation is another database's (or not
// tested: no claim), a table whose key does not hold the reference
// (RepeatsPerParent), or a fill with no check before it stay unguarded.
func (a *analysis) createdFills() {
	// foundSkips per insert: the fills of one function share its inserts.
	skips := map[*Site]bool{}
	found := func(c *Site) bool {
		v, ok := skips[c]
		if !ok {
			v = a.foundSkips(c)
			skips[c] = v
		}
		return v
	}
	for _, s := range a.sites {
		e := s.Effect
		if e.Kind != effect.KindMemory || e.Guard != nil || e.Issue != "" || s.Instr == nil {
			continue
		}
		for _, c := range a.sites {
			ce := c.Effect
			if ce.Kind != effect.KindDBWrite || ce.Op != effect.OpInsert || ce.Target == "" || ce.Guard == nil ||
				ce.Guard.Kind != effect.GuardClaim || !ce.Guard.DupAbortsTx || c.Exec == nil || c.Instr == nil ||
				c.Instr == s.Instr || !after(c.Instr, s.Instr) || !found(c) {
				continue
			}
			e.Guard = &effect.Guard{Kind: effect.GuardClaim, Expr: "unique key of " + ce.Target, Pos: ce.Evidence(), SameTx: true, NeedsTx: true,
				Note: "made only after a look-up of " + ce.Target + " found no row and its insert at " + ce.Evidence() +
					" created one: a redelivery finds the row, and an overlapping one's violation aborts the transaction"}
			s.Exec = c.Exec
			break
		}
	}
}

// foundSkips reports whether the insert c runs only on the branch where a
// read of its table found nothing, and the other
// branch returns success (skipsAsDone): the row found is the work done.
func (a *analysis) foundSkips(c *Site) bool {
	for _, r := range a.sites {
		re := r.Effect
		// An association no unique key holds to its parent
		// (RepeatsPerParent) is no find-or-create: the violation the
		// insert tests for never comes.
		if re.Kind != effect.KindDBRead || re.Target != c.Effect.Target || re.RepeatsPerParent || r.Instr == nil {
			continue
		}
		for _, ifi := range a.readTests(r) {
			b := ifi.Block()
			for i, succ := range b.Succs {
				if len(succ.Preds) != 1 || !a.missingSide(r, ifi, i) || !succ.Dominates(c.Instr.Block()) {
					continue
				}
				if a.skipsAsDone(b.Succs[1-i], succ) {
					return true
				}
			}
		}
	}
	return false
}
