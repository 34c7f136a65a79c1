package guard

import (
	"go/token"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
)

// A row lock that does not wait (select … for update skip locked, or
// nowait) holds a check as a waiting one does (lockedChecks), on what the
// read found: a delivery that runs while another holds the row does not
// see it (skip locked leaves it out, nowait fails the read) and one after
// the other's commit reads what it committed. What such a delivery does
// with "not seen" is the difference: a waiting lock's second reader gets
// the row, this one gets no row or an error. So the work is held only
// where it runs on the row found: on the branch where the read's error is
// nil, or in a loop over the rows it returned, and not on a test's
// "nothing found" side (a nil or zero key, an empty list), which a
// concurrent delivery takes for every row the first one holds. And the
// lock lasts only as long as a transaction: a read on a pool locks
// nothing after its own statement.

// noWaitLock reports whether r locks the rows it reads for update without
// waiting, on a transaction.
func (a *analysis) noWaitLock(r *Site) bool {
	return r.Effect.RowLockNoWait && a.onTransaction(r)
}

// onTransaction reports whether r's executor is (made from) a transaction.
func (a *analysis) onTransaction(r *Site) bool {
	return r.Exec != nil && a.env.Index.IsTransaction(a.txRoot(r.Exec).Type())
}

// foundOnly reports whether work, the branch Succs[i] of the test ifi of
// r's result, runs only on a row r returned: dominated by the nil side of
// a test of r's error, or by the body of a loop over r's rows, and not the
// "nothing found" side of ifi itself (onEmpty: donecheck.go).
func (a *analysis) foundOnly(r *Site, ifi *ssa.If, i int, work *ssa.BasicBlock) bool {
	if onMissing(ifi, i) || onEmpty(ifi, i) {
		return false
	}
	for _, t := range a.readTests(r) {
		b := t.Block()
		if errTest(t) {
			nilSide := b.Succs[1]
			if t.Cond.(*ssa.BinOp).Op == token.EQL {
				nilSide = b.Succs[0]
			}
			if len(nilSide.Preds) == 1 && nilSide.Dominates(work) {
				return true
			}
			continue
		}
		if body := loopBody(t); body != nil && body.Dominates(work) {
			return true
		}
	}
	return false
}

// loopBody is the body of the loop whose condition ifi is (a range over
// what a read returned, rows.Next()): the branch that comes back to the
// test; nil when ifi is no loop's condition.
func loopBody(ifi *ssa.If) *ssa.BasicBlock {
	b := ifi.Block()
	for i, exit := range b.Succs {
		body := b.Succs[1-i]
		if len(body.Preds) == 1 && loopCondition(b, body, exit) {
			return body
		}
	}
	return nil
}

// lockedRows: a loop over the rows a read locked for update in a
// transaction, whose body writes each row out of the read's WHERE on the
// same transaction, the record (a column the WHERE tests assigned, or the
// row deleted):
//
//	rows := q.GetPending(ctx)   -- where message_id is null for update skip locked
//	for _, m := range rows {
//		q.InsertMessage(ctx, id, …)      -- the act
//		q.SetMessageID(ctx, m.ID, id)    -- the record: message_id set
//	}
//
// The check is the WHERE, held by the lock: a delivery at the same time
// waits for each row and then finds it no longer matches (the WHERE is
// tested again on the committed row), or skips it (skip locked), or fails
// (nowait); one after the commit does not select it. The writes of the
// body on that transaction are guarded by the lock. A record that leaves
// the row in the WHERE (a touched timestamp the read does not test) stops
// nothing: a second delivery reads the same rows, and the body stays as it
// was.
func (a *analysis) lockedRows(r *Site) {
	if r.Effect.Filters == "" || !a.onTransaction(r) {
		return
	}
	for _, ifi := range a.readTests(r) {
		if body := loopBody(ifi); body != nil {
			a.lockClaim(r, nil, body, leavesWhere)
		}
	}
}

// leavesWhere reports whether the write w of the table a locked read check
// read takes the row out of that read's WHERE: deletes it, or assigns a
// column the WHERE tests.
func leavesWhere(check, w *effect.Effect) bool {
	if w.Op == effect.OpDelete {
		return true
	}
	if !strings.HasPrefix(w.Op, "update-") || w.Assigns == "" {
		return false
	}
	for _, c := range strings.Split(w.Assigns, ",") {
		if hasCol(check.Filters, c) {
			return true
		}
	}
	return false
}
