package guard

import (
	"go/constant"
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
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
// wrote does not take it, unless the value tested is a row a builder
// returns (builtNothing). A test of an error is a lookup failing, not a
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
			if len(work.Preds) != 1 || onMissing(ifi, i) && !builtNothing(ifi) || onEmpty(ifi, i) || !returnsSuccess(succ, work, res.Len()-1) {
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

// builtNothing reports whether the nil test ifi tests a row a builder
// returns: the result of a static call of the package that returns a
// row (or another builder's) or nil, and nil where a test of a field of one of its parameters (the
// parent row loaded with its association: if a.Vector != nil { return
// nil, nil }) decides. "Nothing built" is then the builder finding the
// work done in what it was handed, not a lookup finding nothing: a
// retry that reads the row a duplicate wrote takes that branch.
func builtNothing(ifi *ssa.If) bool {
	bin, ok := ifi.Cond.(*ssa.BinOp)
	if !ok {
		return false
	}
	v := bin.X
	if !isNil(bin.Y) {
		v = bin.Y
	}
	v = ssavalue.Unconvert(v)
	if ld, ok := v.(*ssa.UnOp); ok && ld.Op == token.MUL {
		// A variable a closure captures lives in a cell: the one
		// value stored there.
		if cell, ok := ld.X.(*ssa.Alloc); ok {
			if stores := ssavalue.Stores(cell); len(stores) == 1 {
				v = ssavalue.Unconvert(stores[0])
			}
		}
	}
	var call *ssa.Call
	idx := 0
	switch x := v.(type) {
	case *ssa.Extract:
		call, _ = x.Tuple.(*ssa.Call)
		idx = x.Index
	case *ssa.Call:
		call = x
	}
	if call == nil {
		return false
	}
	callee := call.Call.StaticCallee()
	if callee == nil || len(callee.Blocks) == 0 {
		return false
	}
	rets, ok := ssavalue.ReturnedValues(callee, idx)
	if !ok {
		return false
	}
	var built ssa.Value
	var nils []*ssa.BasicBlock
	for _, ret := range rets {
		switch r := ret.Value.(type) {
		case *ssa.Const:
			if !r.IsNil() {
				return false
			}
			nils = append(nils, ret.Block)
		default:
			built = r // the row, or another builder's
		}
	}
	if built == nil {
		return false
	}
	for _, nb := range nils {
		for _, pred := range nb.Preds {
			if n := len(pred.Instrs); n > 0 {
				if t, ok := pred.Instrs[n-1].(*ssa.If); ok && readsParamField(t.Cond, 0) {
					return true
				}
			}
		}
	}
	return false
}

// readsParamField reports whether v is computed from a field read off a
// parameter (a.Vector != nil, len(a.Classes) > 0).
func readsParamField(v ssa.Value, depth int) bool {
	if depth > 6 {
		return false
	}
	switch x := v.(type) {
	case *ssa.BinOp:
		return readsParamField(x.X, depth+1) || readsParamField(x.Y, depth+1)
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
			_, isParam := fa.X.(*ssa.Parameter)
			return isParam || readsParamField(fa.X, depth+1)
		}
		return readsParamField(x.X, depth+1)
	case *ssa.Field:
		_, isParam := x.X.(*ssa.Parameter)
		return isParam || readsParamField(x.X, depth+1)
	case *ssa.Call:
		if b, ok := x.Call.Value.(*ssa.Builtin); ok && b.Name() == "len" && len(x.Call.Args) == 1 {
			return readsParamField(x.Call.Args[0], depth+1)
		}
	}
	return false
}
