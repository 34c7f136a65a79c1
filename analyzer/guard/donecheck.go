package guard

import (
	"go/constant"
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// DoneCheck is a call whose result decides a branch that returns success
// before the rest of its function runs: the "already done" answer of a
// check (if len(pending) < window { return nil }). Work is the branch
// that goes on; the calls it dominates run only when the check said
// "not done yet".
type DoneCheck struct {
	Call ssa.CallInstruction
	Work *ssa.BasicBlock
}

// DoneChecks lists fn's done checks, in block order. fn must return an
// error (a success return is one whose error is nil). The branch that
// returns success must not be the "nothing found" side of a nil test
// (if row == nil { return nil }) or of a length test against zero (if
// len(rows) == 0 { return nil }): a retry that finds the row a duplicate
// wrote does not take it. A test of an error is a lookup failing, not a
// check.
func DoneChecks(fn *ssa.Function) []DoneCheck {
	res := fn.Signature.Results()
	if res.Len() == 0 || !isError(res.At(res.Len()-1).Type()) || len(fn.Blocks) == 0 {
		return nil
	}
	var calls []ssa.CallInstruction
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			if c, ok := in.(*ssa.Call); ok && c.Value() != nil {
				calls = append(calls, c)
			}
		}
	}
	var out []DoneCheck
	for _, b := range fn.Blocks {
		n := len(b.Instrs)
		if n == 0 {
			continue
		}
		ifi, ok := b.Instrs[n-1].(*ssa.If)
		if !ok || errTest(ifi) {
			continue
		}
		for i, succ := range b.Succs {
			work := b.Succs[1-i]
			if len(work.Preds) != 1 || onMissing(ifi, i) || onEmpty(ifi, i) || !returnsSuccess(succ, work, res.Len()-1) {
				continue
			}
			for _, c := range calls {
				if after(c, ifi) && influenced(ifi.Cond, c.Value(), 0) {
					out = append(out, DoneCheck{Call: c, Work: work})
				}
			}
		}
	}
	return out
}

// returnsSuccess reports whether every return reachable from done (up to
// work's region) returns a nil error, and there is one.
func returnsSuccess(done, work *ssa.BasicBlock, errIdx int) bool {
	rets := returnsFrom(done, work)
	if len(rets) == 0 {
		return false
	}
	for _, ret := range rets {
		if !isNil(returned(ret, errIdx)) {
			return false
		}
	}
	return true
}

// CheckedBefore returns the done checks that run before ci and whose
// "not done" branch ci runs in: a second delivery that the check answers
// as done returns success before reaching ci.
func CheckedBefore(checks []DoneCheck, ci ssa.CallInstruction) []ssa.CallInstruction {
	var out []ssa.CallInstruction
	blk := ci.Block()
	if blk == nil {
		return nil
	}
	for _, c := range checks {
		if c.Call != ci && c.Work.Dominates(blk) {
			out = append(out, c.Call)
		}
	}
	return out
}

// onEmpty reports whether the branch Succs[i] of a test of a length
// against zero (len(x) == 0, != 0, <= 0, > 0, < 1) is the one taken when
// x is empty.
func onEmpty(ifi *ssa.If, i int) bool {
	bin, ok := ifi.Cond.(*ssa.BinOp)
	if !ok {
		return false
	}
	isLen := func(v ssa.Value) bool {
		c, ok := v.(*ssa.Call)
		if !ok {
			return false
		}
		b, ok := c.Call.Value.(*ssa.Builtin)
		return ok && b.Name() == "len"
	}
	intConst := func(v ssa.Value) (int64, bool) {
		c, ok := v.(*ssa.Const)
		if !ok || c.Value == nil || c.Value.Kind() != constant.Int {
			return 0, false
		}
		return c.Int64(), true
	}
	x, y, op := bin.X, bin.Y, bin.Op
	if isLen(y) && !isLen(x) {
		// 0 == len(x), 0 != len(x): the same test.
		x, y = y, x
		if op != token.EQL && op != token.NEQ {
			return false
		}
	}
	n, ok := intConst(y)
	if !isLen(x) || !ok {
		return false
	}
	switch {
	case op == token.EQL && n == 0, op == token.LEQ && n == 0, op == token.LSS && n == 1:
		return i == 0
	case op == token.NEQ && n == 0, op == token.GTR && n == 0, op == token.GEQ && n == 1:
		return i == 1
	}
	return false
}
