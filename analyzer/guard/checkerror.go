package guard

import (
	"fmt"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/rules"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// existsAsError finds the existence check whose "already there" answer is
// an error: a read of a table decides a branch, the other branch inserts
// the row the read looks for, and this branch returns an error made there
// (return &AlreadyExists{name}, errors.New("already imported")), not the
// read's own failure (its error, its Scan's). A second delivery finds the row its first delivery
// inserted and fails, so the queue retries a job that succeeded until it
// dead-letters it: duplicate-as-error, once per such return, at the return.
// A check whose other branch updates the row instead (if order == nil
// { return ErrNotFound }) is a lookup failing, not a duplicate. The read
// must answer whether the row exists (a bool: select exists, an Exists
// method): a list of the rows in some state (running jobs → "busy, try
// later") keeps overlapping runs apart and says nothing of a first
// delivery's row.
func (a *analysis) existsAsError(check *Site, other, work *ssa.BasicBlock, reported map[*ssa.Return]bool) {
	res := a.fn.Signature.Results()
	if res.Len() == 0 || !isError(res.At(res.Len()-1).Type()) {
		return
	}
	if !existence(check.Instr.Value()) {
		return
	}
	var insert *Site
	for _, w := range a.sites {
		we := w.Effect
		if we.Kind == effect.KindDBWrite && we.Target == check.Effect.Target && we.Op == "insert" && work.Dominates(w.Instr.Block()) {
			insert = w
			break
		}
	}
	if insert == nil {
		return
	}
	for _, ret := range a.erroringReturns(check, other, work, reported) {
		a.pitfalls = append(a.pitfalls, Pitfall{Rule: rules.DuplicateAsError, Pos: a.returnPos(check, ret), Message: fmt.Sprintf(
			"the check of %s finds the row a first delivery inserted (at %s) and this branch returns an error: the queue retries the duplicate and finally dead-letters a job that succeeded; return nil when the row is already there",
			check.Effect.Target, effect.Relative(insert.Effect.Evidence(), ""))})
	}
}

// erroringReturns are the returns the branch other takes, out of work's
// way, when every one returns an error made on that branch (not nil, not
// the read's own failure, not another operation's): the duplicate's
// answer. Those already reported are left out, and the rest marked.
func (a *analysis) erroringReturns(check *Site, other, work *ssa.BasicBlock, reported map[*ssa.Return]bool) []*ssa.Return {
	rets := returnsFrom(other, work)
	read := check.Instr.Value()
	for _, ret := range rets {
		errv := returned(ret, len(ret.Results)-1)
		if isNil(errv) || readFailure(errv, read, 0) || otherFailure(errv, map[ssa.Value]bool{}, a.env.Index, map[ssa.Value]bool{}) {
			return nil
		}
	}
	var out []*ssa.Return
	for _, ret := range rets {
		if !reported[ret] {
			reported[ret] = true
			out = append(out, ret)
		}
	}
	return out
}

// returnPos is where a duplicate-as-error at ret is reported: the
// return, or the check when the return has no position.
func (a *analysis) returnPos(check *Site, ret *ssa.Return) string {
	if p := a.pos(ret.Pos()); p != "" {
		return p
	}
	return check.Effect.Evidence()
}

// readFailure reports whether the error v is the read's own failure: its
// error or its Scan's, directly or wrapped (fmt.Errorf("…: %w", err)).
func readFailure(v, read ssa.Value, depth int) bool {
	if depth > 4 {
		return false
	}
	v = ssavalue.Unconvert(v)
	if influenced(v, read, 0) {
		return true
	}
	call, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	for _, arg := range call.Call.Args {
		for _, el := range append(ssavalue.SliceElems(arg), arg) {
			if el = ssavalue.Unconvert(el); isError(el.Type()) && readFailure(el, read, depth+1) {
				return true
			}
		}
	}
	return false
}

// existence reports whether a read call answers "is it there" with a bool
// (its only or first result).
func existence(v ssa.Value) bool {
	if v == nil {
		return false
	}
	t := v.Type()
	if tup, ok := t.(*types.Tuple); ok {
		if tup.Len() == 0 {
			return false
		}
		t = tup.At(0).Type()
	}
	return isBool(t)
}
