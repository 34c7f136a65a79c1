package guard

import (
	"fmt"
	"go/token"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/rules"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// checkThenAct finds the seed pitfall of checking the guard without
// holding it:
//
//	select exists(select 1 from processed_jobs where key = $1)  -- the check
//	if done { return nil }
//	… the effects …
//	insert into processed_jobs (key) values ($1)               -- the record
//
// Two deliveries at once (a redelivery while the first still runs, or a
// crash between the effects and the record) both see "not done" and both
// run the effects. A read of a table whose result decides a branch, with
// effects and then a write into the same table on that branch, is
// check-then-act, reported at the check; the effects in between carry it
// as their issue instead of plain unguarded.
//
// The status form is the same mechanism: read a row's status (into a
// variable or a struct's field, directly or through a repository
// method), skip when it says done, act, then write the new status into
// the same table (directly or through a method). The record is the first
// write of that table on the branch: one made before the act leaves
// nothing exposed when it creates the row (an insert a unique key turns
// away, as a claim would be); a plain update marking the status before the
// act (isMark) exposes every effect of the branch to overlapping
// deliveries.
func (a *analysis) checkThenAct() {
	reported := map[*ssa.Return]bool{}
	// A call that also acts is not a check: a service call that looks
	// the event up and then creates its subscriptions acts itself (one
	// resolved interface call carries all of them). A call whose writes
	// are all idempotent and none into the table it reads still answers
	// the question: a validation helper that, on its "already processed"
	// answer, finishes the bookkeeping (sets the parent job's status,
	// moves the finished files) before the caller returns.
	acts := map[ssa.CallInstruction]bool{}
	written := map[ssa.CallInstruction]map[string]bool{}
	// A call that also writes a key (an idempotence helper's claim and
	// mark in one) is no key check.
	kvWritten := map[ssa.CallInstruction]bool{}
	for _, s := range a.sites {
		if needsGuard(s.Effect) {
			acts[s.Instr] = true
		}
		if s.Effect.Kind == effect.KindKVWrite {
			kvWritten[s.Instr] = true
		}
		if s.Effect.Kind == effect.KindDBWrite {
			if written[s.Instr] == nil {
				written[s.Instr] = map[string]bool{}
			}
			written[s.Instr][s.Effect.Target] = true
		}
	}
	writes := func(r *Site) bool {
		w := written[r.Instr]
		if acts[r.Instr] || (len(w) > 0 && r.Effect.Kind != effect.KindDBRead) {
			return true
		}
		// A write whose table is not known may be into the read's.
		return w[r.Effect.Target] || w[""]
	}
	for _, r := range a.sites {
		re := r.Effect
		kv := re.Kind == effect.KindKVRead
		if (re.Kind != effect.KindDBRead || re.Target == "") && !describes(re) && !kv || writes(r) || kv && kvWritten[r.Instr] {
			continue
		}
		for _, ifi := range a.readTests(r) {
			// Which way the work takes is no check (ways.go).
			if testsActOutcome(ifi, r.Instr.Value(), acts) {
				continue
			}
			b := ifi.Block()
			for i, succ := range b.Succs {
				if len(succ.Preds) != 1 || loopCondition(b, b.Succs[1-i], succ) {
					continue
				}
				if !a.skipsAsDone(b.Succs[1-i], succ) && (errTest(ifi) || !nextItem(b.Succs[1-i], succ, b)) {
					if kv {
						continue // a key's existence check returning an error: not read (yet)
					}
					if !a.resolvedRecord {
						a.existsAsError(r, b.Succs[1-i], succ, reported)
						a.statusAsError(r, ifi, b.Succs[1-i], succ, reported)
					}
					// A check that only skips the act and goes on (if
					// wd == nil { upload; insert work_data }, then both
					// wait for the result) decides the act as one that
					// returns success does.
					if !errTest(ifi) && a.missingSide(r, ifi, i) && skipsAndGoesOn(b.Succs[1-i], succ, b) && a.checkedBranch(r, succ, false, skipOf(ifi, 1-i), true) {
						return
					}
					continue
				}
				// A check in a loop that skips the item (continue) covers
				// what the loop hands on from the item's work, too.
				if a.checkedBranch(r, succ, !a.skipsAsDone(b.Succs[1-i], succ), skipOf(ifi, 1-i), !errTest(ifi) && a.missingSide(r, ifi, i)) {
					return
				}
			}
		}
	}
}

// errTest reports whether a branch tests an error against nil: an item
// whose lookup failed is skipped (continue), not found done.
func errTest(ifi *ssa.If) bool {
	bin, ok := ifi.Cond.(*ssa.BinOp)
	if !ok || (bin.Op != token.EQL && bin.Op != token.NEQ) {
		return false
	}
	return isError(bin.X.Type()) || isError(bin.Y.Type())
}

// loopCondition reports whether the test ending block b is a loop's own
// condition with work its exit: the other branch is the loop's body,
// which comes back to b (a back edge: a pred of b that b and the body
// dominate), and no back edge comes through work. A range over what a read returned tests
// that read there, but the exit skips nothing as done: every item went
// through the body. A test inside the body that skips an item (continue)
// is not one: its work comes back to the loop's head too (nextItem).
func loopCondition(b, other, work *ssa.BasicBlock) bool {
	back := false
	for _, p := range b.Preds {
		if !b.Dominates(p) {
			continue // the loop's entry, or a test inside a body: its pred
		}
		if work.Dominates(p) {
			return false
		}
		if other.Dominates(p) {
			back = true
		}
	}
	return back
}

// nextItem reports whether the other branch of a check inside a loop
// skips the item (continue): every path from it goes back to the loop's
// head (a block that dominates the check) before anything else, as a
// return of success skips the whole job.
func nextItem(other, work, check *ssa.BasicBlock) bool {
	seen := map[*ssa.BasicBlock]bool{}
	stack := []*ssa.BasicBlock{other}
	head := false
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[b] {
			continue
		}
		seen[b] = true
		if b.Dominates(check) {
			head = true
			continue
		}
		if b == work || work.Dominates(b) || len(b.Succs) == 0 {
			return false
		}
		if len(b.Succs) > 1 {
			return false // another decision on the way: not a plain skip
		}
		stack = append(stack, b.Succs...)
	}
	return head
}

// onMissing reports whether the branch Succs[i] of a nil test is the one
// taken when the looked-up value is nil (x == nil true, x != nil false):
// only acting when nothing was found is a first-time start a found row
// skips. A branch acting on the row found (if c != nil { update it })
// works on that row, as a get-or-update does; a test that is not a
// comparison with nil says nothing of which side is "not done".
//
// A test of the looked-up row's key field against its zero value is the
// same "not found" (zerokey.go): a look-up into a struct value that finds
// nothing leaves its id 0 (if find.Id <= 0 { create }).
func onMissing(ifi *ssa.If, i int) bool {
	bin, ok := ifi.Cond.(*ssa.BinOp)
	if !ok {
		return false
	}
	if whenTrue, ok := zeroKeyTest(bin); ok {
		return (i == 0) == whenTrue
	}
	isNil := func(v ssa.Value) bool {
		c, ok := v.(*ssa.Const)
		return ok && c.IsNil()
	}
	if !isNil(bin.X) && !isNil(bin.Y) {
		return false
	}
	switch bin.Op {
	case token.EQL:
		return i == 0
	case token.NEQ:
		return i == 1
	}
	return false
}

// skipsAndGoesOn reports whether the other branch of a check leaves the
// work's branch out and joins what follows it: the test decides only
// whether the act runs (the row found: reuse it; not found: act, then
// record it), and the rest of the function runs either way. The other
// branch must reach a block the work's branch reaches too: one that only
// returns (return errNotFound: the row must exist) is a look-up failing,
// not a check. Within a loop, the other branch must not come back to the
// work's but through the check again (the next item's look-up and test:
// for each requirement, award the title when it has none yet, then go on
// with the requirement); a way around the check (a retry jumping back to
// the act) is none.
func skipsAndGoesOn(other, work, check *ssa.BasicBlock) bool {
	if reachesAvoiding(other, work, check) {
		return false
	}
	fromWork := reachableFrom(work, nil)
	for b := range reachableFrom(other, nil) {
		if fromWork[b] {
			return true
		}
	}
	return false
}

// skipsAsDone reports whether the other branch of a check returns
// success without doing the work: the "already done" answer (a branch that
// returns an error is a lookup failing, not a guard).
func (a *analysis) skipsAsDone(other, work *ssa.BasicBlock) bool {
	rets := returnsFrom(other, work)
	if len(rets) == 0 {
		return false
	}
	res := a.fn.Signature.Results()
	if res.Len() == 0 || !isError(res.At(res.Len()-1).Type()) {
		return true
	}
	for _, ret := range rets {
		if !isNil(returned(ret, len(ret.Results)-1)) {
			return false
		}
	}
	return true
}

// checkedBranch reports (and records) check-then-act when the branch
// runs unguarded effects and then writes the checked table (what the
// check read, where that is known: recordsCheck). skip is the check's
// test of a constant, nil when it is none; missing, that branch is the
// check's "not found" (onMissing): the find-or-create form, whose insert
// may be its only act (findCreateOnly).
func (a *analysis) checkedBranch(check *Site, branch *ssa.BasicBlock, item bool, skip *skipTest, missing bool) bool {
	var record *Site
	kv := check.Effect.Kind == effect.KindKVRead
	external := check.Effect.Kind != effect.KindDBRead && !kv
	work := itemWork(branch)
	onBranch := func(b *ssa.BasicBlock) bool { return branch.Dominates(b) || work[b] }
	for _, w := range a.sites {
		we := w.Effect
		if !onBranch(w.Instr.Block()) {
			continue
		}
		if external && w.Instr != check.Instr && creates(check.Effect, we) {
			record = w
			break
		}
		if kv {
			if we.Kind == effect.KindKVWrite && we.Op == effect.OpSet && a.sameKVKey(check, w) {
				record = w
				break
			}
			continue
		}
		if !external && we.Kind == effect.KindDBWrite && we.Target == check.Effect.Target && we.Op != effect.OpClaim && recordsCheck(check.Effect, we, skip) && a.sameItem(check, w) {
			record = w
			break
		}
	}
	if record != nil && !external && !kv && !isMark(record.Effect) {
		// A call that updates the status row it is given and creates one
		// only when there is none (setStatus(id, …): UpdateOneID(id) or
		// Create()) marks a row the check found not done with a plain
		// update: that update, not the create, is the record.
		for _, w := range a.sites {
			we := w.Effect
			if w != record && w.Instr == record.Instr && we.Kind == effect.KindDBWrite && we.Target == check.Effect.Target && isMark(we) && recordsCheck(check.Effect, we, skip) {
				record = w
				break
			}
		}
	}
	if record == nil || a.resolvedRecord && !record.Resolved {
		return false
	}
	var exposed, later, same, again []*Site
	var unrecorded []*Site // acts the record may not follow (unrecorded.go)
	for _, s := range a.sites {
		e := s.Effect
		if s == record || s == check || !needsGuard(e) || e.Issue != "" {
			continue
		}
		if !onBranch(s.Instr.Block()) {
			// After the loop: an effect on what the items' work gathered
			// (the spending rows the due schedules funded, updated at once).
			if item && !external && reaches(branch, s.Instr.Block()) && handsOn(s.Instr, branch) {
				later = append(later, s)
			}
			continue
		}
		switch {
		case s.Instr == record.Instr && firstInCall(s, record):
			// The act inside the record's own call, before the record
			// (a service method that writes the files, then inserts the
			// keys that say they were written).
			exposed = append(exposed, s)
			if !external && !kv && a.unrecorded(check, s, record, onBranch) {
				unrecorded = append(unrecorded, s)
			}
		case s.Instr == record.Instr:
			// Another effect of the record's own call (a hook of the
			// status update inserting an event).
			same = append(same, s)
		case external:
			// Describe-then-create: the creation is the act, and every
			// effect of the branch runs only when the check found nothing.
			exposed = append(exposed, s)
		case after(s.Instr, record.Instr) || precedes(s.Instr, record.Instr):
			exposed = append(exposed, s)
			if !external && !kv && a.unrecorded(check, s, record, onBranch) {
				unrecorded = append(unrecorded, s)
			}
		case !kv && e.Kind == effect.KindDBWrite && e.Target == check.Effect.Target && recordsCheck(check.Effect, e, skip):
			// The status written again after the act: one that is not
			// idempotent (its row created when there was none) repeats
			// exactly when the act does, as the record does.
			again = append(again, s)
		default:
			later = append(later, s)
		}
	}
	if !external && !kv && isMark(record.Effect) {
		markGuards(check, record, exposed, same, later)
	}
	if external {
		exposed = append(exposed, same...)
		if needsGuard(record.Effect) && record.Effect.Issue == "" {
			exposed = append(exposed, record)
		}
	}
	// The record's own call's other effects alone (read the projects,
	// return when there are none, update each one, whose hook inserts an
	// event) are no act the check covers: they follow the others.
	mark := !external && len(later) > 0 && isMark(record.Effect)
	if mark {
		exposed = append(exposed, later...)
	}
	// Rows of an association the check loaded with their parent, created
	// where no unique key holds their reference to the parent: the record
	// does not stop a second delivery, which adds a second set and runs
	// what follows it again. The create and every effect after it on the
	// branch are exposed.
	repeats := !external && !mark && check.Effect.RepeatsPerParent && record.Effect.Op == effect.OpInsert &&
		record.Effect.DupFails == "" && record.Effect.Guard == nil && record.Effect.Issue == ""
	if repeats {
		// The record's own call and the record follow (below).
		exposed = append(exposed, later...)
		if around := a.aroundRecord(record, same); len(around) > 0 {
			// The record's call goes on without the record (an empty
			// list creates nothing): what it runs then, and what
			// follows the call, repeats on every redelivery, which the
			// check lets through as nothing was recorded: no guard, not
			// the check's race.
			same = slices.DeleteFunc(same, func(s *Site) bool { return around[s] })
			exposed = slices.DeleteFunc(exposed, func(s *Site) bool {
				return s.Instr != record.Instr && after(record.Instr, s.Instr)
			})
		}
		if len(exposed) == 0 && needsGuard(record.Effect) {
			exposed = append(exposed, record)
		}
	}
	// A find-or-create whose only act is its insert (look the row up,
	// insert it when none was found) repeats the insert itself when
	// deliveries overlap: both find none. A unique key on what was looked
	// up turns the second insert away (then the insert fails on the
	// duplicate: DupFails, guarded by checkedCreates), and so does one the
	// insert is not seen to fill (LookupKey): no race.
	findCreate := len(exposed) == 0 && missing && !external && !kv && !mark && !repeats && findCreateOnly(check.Effect, record.Effect)
	if len(exposed) == 0 && !findCreate {
		return false
	}
	if !external {
		// The check covers the record's own call as it covers the act
		// (convoy's final status update, whose hook inserts an event).
		exposed = append(exposed, same...)
		// A record that is not idempotent (the key row inserted after
		// the files it lists) repeats exactly when the act does: a
		// delivery the check lets through, one overlapping the first or
		// after a crash before the record; every later one skips. That
		// is this race, not an effect nothing guards.
		if needsGuard(record.Effect) && record.Effect.Issue == "" && record.Effect.Guard == nil {
			exposed = append(exposed, record)
		}
		for _, s := range again {
			if s.Effect.Guard == nil {
				exposed = append(exposed, s)
			}
		}
	}
	if external {
		for _, s := range exposed {
			s.Effect.Issue, s.Effect.IssuePos = rules.CheckThenAct, check.Effect.Evidence()
		}
		first := exposed[0].Effect
		msg := fmt.Sprintf("this look-up of %s and its creation at %s are two calls, not one: two deliveries at once both find it missing and both run the %s at %s; create it with a key the service deduplicates on (or take a claim first) and treat \"already exists\" as done",
			check.Effect.Target, effect.Relative(record.Effect.Evidence(), ""), first.Describe(), effect.Relative(first.Evidence(), ""))
		a.pitfalls = append(a.pitfalls, Pitfall{Rule: rules.CheckThenAct, Pos: check.Effect.Evidence(), Message: msg})
		return true
	}
	checkPos := check.Effect.Evidence()
	for _, s := range exposed {
		s.Effect.Issue, s.Effect.IssuePos = rules.CheckThenAct, checkPos
	}
	first := exposed[0].Effect
	if findCreate {
		msg := fmt.Sprintf("this look-up of %s finds no row and the insert into it at %s makes one: two statements, and no unique key of %s holds the columns looked up, so two deliveries at once both find none and both insert the row; add a unique key on the looked-up columns and take its violation as done, or claim the key first in the same transaction",
			check.Effect.Target, effect.Relative(record.Effect.Evidence(), ""), check.Effect.Target)
		a.pitfalls = append(a.pitfalls, Pitfall{Rule: rules.CheckThenAct, Pos: checkPos, Message: msg, LockParam: a.lockParam(check, exposed)})
		return true
	}
	if repeats {
		msg := fmt.Sprintf("this check of %s, loaded with its parent row, and the create of its rows at %s are two statements, and no unique key of %s holds the rows' reference to the parent: two deliveries at once both find none, both create the rows and both run the %s at %s; add a unique key on the reference (with the rows' own key) or claim the parent first in the same transaction",
			check.Effect.Target, effect.Relative(record.Effect.Evidence(), ""), check.Effect.Target, first.Describe(), effect.Relative(first.Evidence(), ""))
		for _, s := range exposed {
			s.Effect.Issue, s.Effect.IssuePos = rules.CheckThenAct, checkPos
		}
		a.pitfalls = append(a.pitfalls, Pitfall{Rule: rules.CheckThenAct, Pos: checkPos, Message: msg, LockParam: a.lockParam(check, exposed)})
		return true
	}
	msg := fmt.Sprintf("this check of %s and the write into it at %s sit on either side of the %s at %s: two deliveries at once both see \"not done\" and both run it; claim the key first (insert … on conflict do nothing returning) in the same transaction as the effects, and skip them when it is taken",
		check.Effect.Target, effect.Relative(record.Effect.Evidence(), ""), first.Describe(), effect.Relative(first.Evidence(), ""))
	if check.Effect.Items {
		// An item store has no insert … on conflict: its claim is a
		// write conditioned on the item's absence.
		msg = fmt.Sprintf("this read of an item of %s and its plain write at %s sit on either side of the %s at %s: two deliveries at once both find no item and both run it, and a crash before the write runs it again; write the item first with a condition that fails when it exists (attribute_not_exists), and skip the effects when it does",
			check.Effect.Target, effect.Relative(record.Effect.Evidence(), ""), first.Describe(), effect.Relative(first.Evidence(), ""))
	}
	if kv {
		msg = fmt.Sprintf("this read of a key and its set at %s sit on either side of the %s at %s: two deliveries at once both find the key unset and both run it, and a crash before the set runs it again; claim the key first (SET NX) and skip the effects when it is taken",
			effect.Relative(record.Effect.Evidence(), ""), first.Describe(), effect.Relative(first.Evidence(), ""))
	}
	if mark {
		written := "the status written"
		if record.Effect.Op == "delete" {
			written = "the rows deleted"
		}
		msg = fmt.Sprintf("this check of %s and %s at %s before the %s at %s are two statements, not a compare-and-set: two deliveries at once both see \"not done\" and both run it; make the transition a compare-and-set (update … where status = the checked one, or the delete, rows affected tested) in the same transaction as the effects, or claim a key first",
			check.Effect.Target, written, effect.Relative(record.Effect.Evidence(), ""), first.Describe(), effect.Relative(first.Evidence(), ""))
	}
	a.keepUnrecorded(unrecorded)
	a.pitfalls = append(a.pitfalls, Pitfall{Rule: rules.CheckThenAct, Pos: checkPos, Message: msg, LockParam: a.lockParam(check, exposed)})
	return true
}

// aroundRecord are the sites of same (the record's call's other effects)
// that the callee of the record's call (a static callee, or a closure it
// is handed: a transaction's callback) reaches from its entry without
// going through the record's create, when the create sits in that
// callee itself; nil otherwise.
func (a *analysis) aroundRecord(record *Site, same []*Site) map[*Site]bool {
	at := record.Hop + 1
	if len(same) == 0 || at >= len(record.Effect.Path) {
		return nil
	}
	for _, fn := range callBodies(record.Instr.Common()) {
		create := a.callAt(fn, record.Effect.Path[at].Pos)
		if create == nil || len(fn.Blocks) == 0 {
			continue
		}
		out := map[*Site]bool{}
		for _, s := range same {
			if len(s.Effect.Path) <= at {
				continue
			}
			in := a.callAt(fn, s.Effect.Path[at].Pos)
			if in != nil && in.Block() != create.Block() && reachesAvoiding(fn.Blocks[0], in.Block(), create.Block()) {
				out[s] = true
			}
		}
		return out
	}
	return nil
}

// callAt is the call instruction of fn at pos ("file:line:col"), or nil.
func (a *analysis) callAt(fn *ssa.Function, pos string) ssa.CallInstruction {
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			if ci, ok := in.(ssa.CallInstruction); ok && a.pos(ci.Pos()) == pos {
				return ci
			}
		}
	}
	return nil
}

// lockParam is the transaction parameter (1-based) a check-then-act's
// check runs on when every effect it exposes is held if a caller locks
// that transaction (Effect.CallerLock); 0 otherwise.
func (a *analysis) lockParam(check *Site, exposed []*Site) int {
	for _, s := range exposed {
		if s.Effect.CallerLock == nil {
			return 0
		}
	}
	root := a.txRoot(check.Exec)
	for i, p := range a.fn.Params {
		if p == root {
			return i + 1
		}
	}
	return 0
}

// NeedsGuard reports whether an effect is an act a check may expose
// (needsGuard), for the whole-program phase's other paths.
func NeedsGuard(e *effect.Effect) bool { return needsGuard(e) }

// MayCheck reports whether an effect's call may be the check of
// check-then-act: a read of a known table, a key's read, or an external
// look-up that describes a resource.
func MayCheck(e *effect.Effect) bool {
	return e.Kind == effect.KindDBRead && e.Target != "" || e.Kind == effect.KindKVRead || describes(e)
}

// needsGuard is Effect.NeedsGuard, and for a call the whole program could
// not resolve, whose reading by its name waits to be applied (the report
// phase applies it: PublishMsg is a message published), what the reading
// will say. So too for a network call of an SDK the analysis followed to
// its request (a Lark service method: network/call reads=http/post),
// whose method and path the reading applies.
func needsGuard(e *effect.Effect) bool {
	if e.NeedsGuard() {
		return true
	}
	r := e.Reading
	if e.Kind == effect.KindNetwork {
		r = e.PendingReading()
		return e.Guard == nil && r != nil && r.Risk.NonIdempotent()
	}
	return e.Kind == effect.KindDynamic && e.Guard == nil && r != nil && r.Was == nil && r.Risk.NonIdempotent()
}

// handsOn reports whether the call instr takes a value the branch made
// (through the phis of the loop that gathered it): expensesToUpdate,
// appended to in the item's work and updated after the loop.
func handsOn(instr ssa.CallInstruction, branch *ssa.BasicBlock) bool {
	c := instr.Common()
	seen := map[ssa.Value]bool{}
	if c.IsInvoke() && madeIn(c.Value, branch, 0, seen) {
		return true
	}
	for _, arg := range c.Args {
		if madeIn(arg, branch, 0, seen) {
			return true
		}
	}
	return false
}

func madeIn(v ssa.Value, branch *ssa.BasicBlock, depth int, seen map[ssa.Value]bool) bool {
	if v == nil || depth > 12 || seen[v] {
		return false
	}
	seen[v] = true
	if in, ok := v.(ssa.Instruction); ok && in.Block() != nil && branch.Dominates(in.Block()) {
		return true
	}
	switch x := v.(type) {
	case *ssa.Phi:
		for _, e := range x.Edges {
			if madeIn(e, branch, depth+1, seen) {
				return true
			}
		}
	case *ssa.ChangeType:
		return madeIn(x.X, branch, depth+1, seen)
	case *ssa.MakeInterface:
		return madeIn(x.X, branch, depth+1, seen)
	case *ssa.Slice:
		return madeIn(x.X, branch, depth+1, seen)
	case *ssa.Convert:
		return madeIn(x.X, branch, depth+1, seen)
	case *ssa.Alloc:
		// The array of a variadic call's arguments: what was stored in it.
		for _, r := range ssavalue.Referrers(x) {
			ia, ok := r.(*ssa.IndexAddr)
			if !ok {
				continue
			}
			for _, u := range ssavalue.Referrers(ia) {
				if st, ok := u.(*ssa.Store); ok && st.Addr == ia && madeIn(st.Val, branch, depth+1, seen) {
					return true
				}
			}
		}
	}
	return false
}

// precedes reports whether a comes before b on the paths between them: b
// is reachable from a and a is not reachable from b (an effect in an if
// between the check and the record, which does not dominate the record).
func precedes(a, b ssa.Instruction) bool {
	ab, bb := a.Block(), b.Block()
	if ab == bb {
		return false
	}
	return reaches(ab, bb) && !reaches(bb, ab)
}

// reaches reports whether to is reachable from from (errout.go's
// reachesAvoiding with nothing to avoid).
func reaches(from, to *ssa.BasicBlock) bool { return reachesAvoiding(from, to, nil) }

// readVerbs and createVerbs are the verbs of an external API's methods
// that look a resource up and that create it (ListCACertificates,
// DescribeCACertificate; RegisterCACertificate, CreateThing).
var (
	readVerbs   = []string{"List", "Describe", "Get", "Find", "Lookup", "Fetch", "Search", "Exists"}
	createVerbs = []string{"Create", "Register", "Add", "Insert", "Import", "Provision", "Attach", "Associate", "Issue"}
)

// method splits an effect's target "(*pkg.Client).ListThings" into the
// receiver and the method's name.
func method(target string) (recv, name string) {
	if !strings.HasPrefix(target, "(") {
		return "", ""
	}
	i := strings.Index(target, ").")
	if i < 0 {
		return "", ""
	}
	return target[:i+1], target[i+2:]
}

// resource is the noun after one of verbs in name, singular: "CACertificate"
// for ListCACertificates.
func resource(name string, verbs []string) string {
	for _, v := range verbs {
		if rest, ok := strings.CutPrefix(name, v); ok && rest != "" && rest[0] >= 'A' && rest[0] <= 'Z' {
			rest = strings.TrimSuffix(rest, "s")
			for _, suf := range []string{"ByID", "ById", "ByName", "Info", "Detail", "Details"} {
				rest = strings.TrimSuffix(rest, suf)
			}
			return rest
		}
	}
	return ""
}

// describes reports whether e looks a resource of an external API up
// (an API client's List…/Describe…/Get… method read by its name): the
// check of describe-then-create.
func describes(e *effect.Effect) bool {
	// Only a call to another party: a repository's FindEventByID then
	// CreateEvent is a table's row, whose unique key decides the insert.
	external := e.Kind == effect.KindHTTP || (e.Kind == effect.KindDynamic && e.Reading != nil && e.Reading.Kind == effect.KindHTTP)
	if !external || e.Risk.NonIdempotent() {
		return false
	}
	recv, name := method(e.Target)
	return recv != "" && resource(name, readVerbs) != ""
}

// creates reports whether w creates, on the same API client, the resource
// the check looked up (RegisterCACertificate after ListCACertificates).
func creates(check, w *effect.Effect) bool {
	recv, name := method(check.Target)
	wrecv, wname := method(w.Target)
	if recv == "" || recv != wrecv {
		return false
	}
	noun := resource(name, readVerbs)
	return noun != "" && resource(wname, createVerbs) == noun
}

// isMark reports whether the first write of the checked table on the
// work's branch is a plain update of the row (status = 'processing'),
// neither the row's creation nor a compare-and-set: it narrows the window
// to deliveries that overlap, which both read "not done" before either
// writes it, so every effect of the branch stays exposed (the status
// form reviewers label check-then-act). A row created first (an insert,
// which a unique key turns away) and a compare-and-set (a claim) stay the
// record they are. A delete of the checked rows whose count nobody tests
// (the rows listed, deleted, then counted down) is such a mark too: the
// second of two overlapping deliveries deletes nothing and acts all the
// same; tested, it is a claim. A write that only counts the run (an
// attempt counter stepped by one beside clock stamps: attempt_count + 1,
// last_started_at = clock_timestamp()) marks nothing: a later delivery
// reads the same status and acts again, so it narrows no window; it stays
// the record it is, as the increment it was read as before.
func isMark(e *effect.Effect) bool {
	if e.Kind != effect.KindDBWrite || e.CountsRuns {
		return false
	}
	// A delete always reports a change; still a delete here, nobody tested it.
	return e.Op == effect.OpDelete || ((e.Op == "update-set" || e.Op == "upsert-set") && !e.ReportsChange)
}

// influenced reports whether v is computed from read: the read's result, a
// variable a Scan of it filled, an error of that Scan, a comparison of any
// of those.
func influenced(v, read ssa.Value, depth int) bool {
	return influencedIn(v, read, depth, map[ssa.Value]int{})
}

// influencedIn is influenced with the values already looked at and the
// depth they were looked at from: a loop's phi leads back to itself, and
// the phis of a switch in a loop multiply the paths at every level. Every
// step is an "or": a value seen at the same depth or nearer adds nothing.
func influencedIn(v, read ssa.Value, depth int, seen map[ssa.Value]int) bool {
	if depth > 10 || v == nil {
		return false
	}
	if d, ok := seen[v]; ok && d <= depth {
		return false
	}
	seen[v] = depth
	if v == read {
		return true
	}
	switch x := v.(type) {
	case *ssa.UnOp:
		if x.Op == token.MUL {
			// A variable, or a field of one, that the read filled.
			addr := x.X
			for i := 0; i < 4; i++ {
				fa, ok := addr.(*ssa.FieldAddr)
				if !ok {
					break
				}
				addr = fa.X
			}
			if alloc, ok := addr.(*ssa.Alloc); ok {
				return scanned(alloc, read) || storedFrom(alloc, read, depth, seen)
			}
		}
		return influencedIn(x.X, read, depth+1, seen)
	case *ssa.BinOp:
		return influencedIn(x.X, read, depth+1, seen) || influencedIn(x.Y, read, depth+1, seen)
	case *ssa.Extract:
		return influencedIn(x.Tuple, read, depth+1, seen)
	case *ssa.ChangeType:
		return influencedIn(x.X, read, depth+1, seen)
	case *ssa.MakeInterface:
		return influencedIn(x.X, read, depth+1, seen)
	case *ssa.Field:
		return influencedIn(x.X, read, depth+1, seen)
	case *ssa.FieldAddr:
		return influencedIn(x.X, read, depth+1, seen)
	case *ssa.Lookup:
		// existing[purpose]: an entry of a map (or a string) the read returned.
		return influencedIn(x.X, read, depth+1, seen)
	case *ssa.Index:
		return influencedIn(x.X, read, depth+1, seen)
	case *ssa.IndexAddr:
		// An element of a slice the read returned (for _, row := range
		// rows: the loop's *&rows[i]).
		return influencedIn(x.X, read, depth+1, seen)
	case *ssa.Slice:
		return influencedIn(x.X, read, depth+1, seen)
	case *ssa.Convert:
		return influencedIn(x.X, read, depth+1, seen)
	case *ssa.Phi:
		for _, e := range x.Edges {
			if influencedIn(e, read, depth+1, seen) {
				return true
			}
		}
		return flagDecided(x, read, depth, seen)
	case *ssa.Call:
		if x.Call.IsInvoke() && influencedIn(x.Call.Value, read, depth+1, seen) {
			return true
		}
		for _, arg := range x.Call.Args {
			if influencedIn(arg, read, depth+1, seen) {
				return true
			}
			// The variable the read filled, handed to the call as it
			// is (build(&a) after First(&a, id)).
			if alloc, ok := arg.(*ssa.Alloc); ok && scanned(alloc, read) {
				return true
			}
		}
	}
	return false
}

// flagDecided reports whether a flag set from constants (changed := false;
// … changed = true; break) is decided by a test of the read: the phi
// merging the constants takes its value from the edge the tests chose, so
// a test on the way from the phi's dominator to an edge that reads the
// read decides the flag ("nothing changed → return": the stored keys
// compared with the message's in a loop; "already registered": the index
// of the listed certificate compared with -1).
func flagDecided(phi *ssa.Phi, read ssa.Value, depth int, seen map[ssa.Value]int) bool {
	var first *ssa.Const
	differ := false
	for _, e := range phi.Edges {
		c, ok := e.(*ssa.Const)
		if !ok {
			return false
		}
		if first == nil {
			first = c
		} else if c.Value == nil || first.Value == nil || c.Value.ExactString() != first.Value.ExactString() {
			differ = true
		}
	}
	if !differ {
		return false
	}
	blk := phi.Block()
	idom := blk.Idom()
	if idom == nil {
		return false
	}
	tested := map[*ssa.BasicBlock]bool{}
	for _, pred := range blk.Preds {
		for b := pred; b != nil; b = b.Idom() {
			if !tested[b] {
				tested[b] = true
				if n := len(b.Instrs); n > 0 {
					if ifi, ok := b.Instrs[n-1].(*ssa.If); ok && influencedIn(ifi.Cond, read, depth+1, seen) {
						return true
					}
				}
			}
			if b == idom || !idom.Dominates(b) {
				break
			}
		}
	}
	return false
}

// scanned reports whether alloc is a destination the read fills: an
// argument of the read call itself (sqlx Get(&dest, …)) or of a call on
// its result (row.Scan(&exists)).
func scanned(alloc *ssa.Alloc, read ssa.Value) bool {
	for _, r := range ssavalue.Referrers(alloc) {
		if fa, ok := r.(*ssa.FieldAddr); ok {
			// Scan(&order.ID, &order.Status): the struct's fields.
			for _, u := range ssavalue.Referrers(fa) {
				if mi, ok := u.(*ssa.MakeInterface); ok && scannedBy(mi, read) {
					return true
				}
			}
			continue
		}
		for _, call := range callsGiven(r) {
			if ssa.Value(call) == read {
				return true
			}
			if call.Call.IsInvoke() && call.Call.Value == read {
				return true
			}
			if len(call.Call.Args) > 0 && call.Call.Args[0] == read {
				return true
			}
		}
	}
	return false
}

// callsGiven are the calls that referrer r of a value makes of it: r
// itself, or, when r converts the value to an interface, the calls that
// get the interface directly or through a variadic argument (Scan(&a,
// &b)).
func callsGiven(r ssa.Instruction) []*ssa.Call {
	users := []ssa.Instruction{r}
	if mi, ok := r.(*ssa.MakeInterface); ok {
		for _, u := range ssavalue.Referrers(mi) {
			users = append(users, u)
			users = append(users, variadicUsers(u, mi)...)
		}
	}
	var calls []*ssa.Call
	for _, u := range users {
		if call, ok := u.(*ssa.Call); ok {
			calls = append(calls, call)
		}
	}
	return calls
}

// variadicUsers are the calls that get v through a variadic argument
// (Scan(&a, &b): v is stored into the element of an array sliced into
// the call's last argument).
func variadicUsers(u ssa.Instruction, v ssa.Value) []ssa.Instruction {
	st, ok := u.(*ssa.Store)
	if !ok || st.Val != v {
		return nil
	}
	ia, ok := st.Addr.(*ssa.IndexAddr)
	if !ok {
		return nil
	}
	var out []ssa.Instruction
	for _, r := range ssavalue.Referrers(ia.X) {
		if sl, ok := r.(*ssa.Slice); ok {
			out = append(out, ssavalue.Referrers(sl)...)
		}
	}
	return out
}

// scannedBy reports whether the pointer mi (converted to an interface) is
// given to the read or to a call on its result, directly or through a
// variadic argument.
func scannedBy(mi *ssa.MakeInterface, read ssa.Value) bool {
	var users []ssa.Instruction
	for _, u := range ssavalue.Referrers(mi) {
		users = append(users, u)
		users = append(users, variadicUsers(u, mi)...)
	}
	for _, u := range users {
		call, ok := u.(*ssa.Call)
		if !ok {
			continue
		}
		if ssa.Value(call) == read || (call.Call.IsInvoke() && call.Call.Value == read) || (len(call.Call.Args) > 0 && call.Call.Args[0] == read) {
			return true
		}
	}
	return false
}

// CheckThenAct runs the check-then-act analysis alone on fn with sites
// that the whole program resolved (interface calls a single package could
// not follow: the read, the act and the record behind a repository
// interface). The exposed effects get the issue; the pitfalls are
// returned.
func CheckThenAct(fn *ssa.Function, sites []*Site, env *Env) []Pitfall {
	a := &analysis{fn: fn, sites: sites, env: env}
	a.checkThenAct()
	a.excludedCreates()
	a.memberChecks()
	return a.pitfalls
}

// MemberChecks runs only the membership form of check-then-act
// (checkmember.go) on fn with sites the whole program resolved: where
// the act is behind a static call whose callee's dynamic calls were
// resolved later, and the other forms stay as the per-package pass
// decided them.
func MemberChecks(fn *ssa.Function, sites []*Site, env *Env) []Pitfall {
	a := &analysis{fn: fn, sites: sites, env: env}
	a.memberChecks()
	return a.pitfalls
}

// ResolvedChecks runs check-then-act on fn where its record is a write
// the whole program resolved beyond one of fn's static calls (a status
// row written through a helper whose builder's Save is reached through
// an interface: UpdateOneID or Create behind one mutator): the
// per-package pass saw the check here but not the record, so it decided
// nothing. Checks whose record it saw stay as it decided them.
func ResolvedChecks(fn *ssa.Function, sites []*Site, env *Env) []Pitfall {
	a := &analysis{fn: fn, sites: sites, env: env, resolvedRecord: true}
	a.checkThenAct()
	return a.pitfalls
}

// HelperClaims decides the claims among sites whose outcome a claim
// helper returns (Site.ClaimReturn), which the whole-program phase
// resolved behind dynamic calls: the external effects the outcome's
// first-time edges decide are guarded. A database write among them is
// decided where the handles are known (helperTx): guarded when it runs
// on the caller's transaction the claim runs on, guard-separate-tx when
// the claim commits apart from it (the helper's own pool, a statement
// outside any transaction); otherwise it is left as it is. The
// guard-separate-tx pitfalls are returned, no other.
func HelperClaims(fn *ssa.Function, sites []*Site, env *Env) []Pitfall {
	a := &analysis{fn: fn, sites: sites, env: env, externalOnly: true}
	a.claims()
	var out []Pitfall
	for _, p := range a.pitfalls {
		if p.Rule == rules.SeparateTx {
			out = append(out, p)
		}
	}
	return out
}

// helperTx decides, for a claim a helper behind a dynamic call made and
// a database write s its outcome decides, whether they commit together
// (same) and whether that is known. A claim on a handle of the helper's
// own, or on the caller's handle that is no transaction (the store the
// helper holds a pool in), commits alone: apart from every write after
// it. A claim on the caller's transaction commits with the writes made on
// that transaction, apart from those on another handle; a write whose
// handle is not known here (a call the path makes further in) is not
// decided.
func (a *analysis) helperTx(c, s *Site) (same, known bool) {
	if c.OwnHandle {
		return false, true
	}
	if c.Exec == nil {
		return false, false
	}
	if !c.Effect.Tx && !a.txValue(c.Exec, 0) {
		return false, true
	}
	switch {
	case s.OwnHandle:
		return false, true
	case s.Exec == nil:
		return false, false
	}
	return sameHandle(s.Exec, c.Exec), true
}

// txValue reports whether v is a transaction handle, or a value built
// around one (q.WithTx(tx), repo.New(tx): a call given a transaction).
func (a *analysis) txValue(v ssa.Value, depth int) bool {
	v = ssavalue.Unconvert(v)
	if v == nil || depth > 3 {
		return false
	}
	if a.env.Index != nil && a.env.Index.IsTransaction(v.Type()) {
		return true
	}
	if call, ok := v.(*ssa.Call); ok {
		for _, arg := range call.Call.Args {
			if a.txValue(arg, depth+1) {
				return true
			}
		}
	}
	return false
}

// storedFrom reports whether a value the read influences is stored into
// the local variable alloc (o, err := q.GetForUpdate(ctx, key) kept in a
// variable whose field is tested later).
func storedFrom(alloc *ssa.Alloc, read ssa.Value, depth int, seen map[ssa.Value]int) bool {
	refs := alloc.Referrers()
	if refs == nil {
		return false
	}
	for _, ref := range *refs {
		if st, ok := ref.(*ssa.Store); ok && st.Addr == alloc && influencedIn(st.Val, read, depth+1, seen) {
			return true
		}
	}
	return false
}

// firstInCall reports whether, of two effects of one call, s comes before
// the record inside it: their paths go through the same calls down to a
// function where they part, and there s's call is on an earlier line
// than the record's (the files written at worker.go:139, the keys
// inserted at :166). Paths that part in different functions (a call
// through an interface resolved to two implementations) order nothing.
func firstInCall(s, record *Site) bool {
	sp, rp := s.Effect.Path, record.Effect.Path
	for k := s.Hop + 1; k < len(sp) && k-s.Hop+record.Hop < len(rp); k++ {
		a, b := sp[k], rp[k-s.Hop+record.Hop]
		// The function holding the hop, without what its call resolved
		// to ("(dynamic call → …)").
		af, _, _ := strings.Cut(a.Func, " (")
		bf, _, _ := strings.Cut(b.Func, " (")
		if af != bf {
			return false
		}
		if a.Pos == b.Pos {
			continue
		}
		afile, al, ok1 := fileLine(a.Pos)
		bfile, bl, ok2 := fileLine(b.Pos)
		return ok1 && ok2 && afile == bfile && al < bl
	}
	return false
}

// fileLine splits a hop's "file:line:col" (or "file:line") into the file
// and the line.
func fileLine(pos string) (string, int, bool) {
	rest := pos
	if i := strings.LastIndex(rest, ":"); i > 0 {
		if _, err := strconv.Atoi(rest[i+1:]); err == nil {
			if j := strings.LastIndex(rest[:i], ":"); j > 0 {
				if line, err := strconv.Atoi(rest[j+1 : i]); err == nil {
					return rest[:j], line, true
				}
			}
			line, _ := strconv.Atoi(rest[i+1:])
			return rest[:i], line, true
		}
	}
	return "", 0, false
}

// markGuards gives each effect of the branch that the mark record precedes
// (after it in the function, or after it in the record's own call: a
// helper that marks the row 'reserving', then sends) the mark as its
// MarkGuard. On a transport whose deliveries never overlap the next
// delivery reads the mark and skips, so the mark guards what follows it;
// elsewhere it is the check-then-act (or, in the record's own call, the
// unguarded effect) it was. Effects before the mark (act, then mark) get
// none: a failure between them repeats the act however deliveries come.
func markGuards(check, record *Site, lists ...[]*Site) {
	g := &effect.Guard{Kind: effect.GuardMark, Expr: check.Effect.Target, Pos: record.Effect.Evidence(), Check: check.Effect.Evidence(),
		Note: "a status mark the check at " + check.Effect.Evidence() + " skips, written before the effect: a guard while deliveries never overlap"}
	for _, l := range lists {
		for _, s := range l {
			if s == record || s == check {
				continue
			}
			var marked bool
			if s.Instr == record.Instr {
				marked = firstInCall(record, s)
			} else {
				marked = after(record.Instr, s.Instr)
			}
			if marked && s.Effect.MarkGuard == nil {
				s.Effect.MarkGuard = g
			}
		}
	}
}
