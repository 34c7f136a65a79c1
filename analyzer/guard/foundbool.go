package guard

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// A look-up's "found" travels as a bool a helper returns:
//
//	func (r *Repo) UserHasTitle(u, t uint) (bool, error) {
//		var count int64
//		err := r.db.Model(&UserTitle{}).Where(…).Count(&count).Error
//		if err != nil { return false, err }
//		return count > 0, nil
//	}
//
// and the caller tests it before acting (if !has { award }). The helper's
// summary marks its read (effect.Found: which of its results says "rows
// found", and which way), each caller that hands the result on unchanged
// (return s.repo.UserHasTitle(u, t)) moves the mark to its own results,
// and the caller that tests it has the look-up's "not found" test, as a
// nil row or a zero count is (onMissing).

// FoundResult reports which result of fn says whether the read at site s
// found rows: every return hands, at that index, the same answer (a count
// the read filled compared with zero, or the result of s's call that
// already carries the answer, s.Effect.Found at that call, either
// negated), or a constant beside a non-nil error (the read failed). nil
// when no result does, or the returns disagree.
func FoundResult(fn *ssa.Function, s *Site, fset *token.FileSet) *effect.Found {
	if s == nil || s.Instr == nil || s.Effect == nil || s.Effect.Kind != effect.KindDBRead || s.Effect.Target == "" {
		return nil
	}
	read := s.Instr.Value()
	if read == nil {
		return nil
	}
	var inner *effect.Found
	if f := s.Effect.Found; f != nil && f.Pos != "" && f.Pos == posIn(fset, s.Instr.Pos()) {
		inner = f
	}
	answer := func(v ssa.Value) (found, ok bool) {
		v, flip := peelNot(v)
		if inner != nil {
			if resultOf(v, read) == inner.Index {
				return inner.WhenTrue != flip, true
			}
			return false, false
		}
		bin, isBin := v.(*ssa.BinOp)
		if !isBin || !countOf(bin, read) {
			return false, false
		}
		whenTrue, ok := zeroKeyTest(bin)
		if !ok {
			return false, false
		}
		// zeroKeyTest's whenTrue: the test is true when none was found.
		return !whenTrue != flip, true
	}
	res := fn.Signature.Results()
	for j := 0; j < res.Len(); j++ {
		if !isBool(res.At(j).Type()) {
			continue
		}
		if f, ok := foundAt(fn, j, answer); ok {
			return &effect.Found{Index: j, WhenTrue: f}
		}
	}
	return nil
}

// ForwardedFound reports which result of fn hands on, unchanged or negated,
// result idx of call (a service method returning its repository's answer:
// return s.repo.UserHasTitle(u, t)), and whether it is negated: every
// return gives it there, or a constant beside a non-nil error. ok is
// false when no result does.
func ForwardedFound(fn *ssa.Function, call ssa.CallInstruction, idx int) (j int, negated, ok bool) {
	read := call.Value()
	if fn == nil || read == nil {
		return 0, false, false
	}
	answer := func(v ssa.Value) (found, ok bool) {
		v, flip := peelNot(v)
		if resultOf(v, read) == idx {
			return !flip, true
		}
		return false, false
	}
	res := fn.Signature.Results()
	for j := 0; j < res.Len(); j++ {
		if !isBool(res.At(j).Type()) {
			continue
		}
		if same, ok := foundAt(fn, j, answer); ok {
			return j, !same, true
		}
	}
	return 0, false, false
}

// foundAt reports whether every return of fn gives at result j the answer
// (found: its polarity, the same on each) or a constant beside a non-nil
// error, one return the answer at least.
func foundAt(fn *ssa.Function, j int, answer func(ssa.Value) (bool, bool)) (found, ok bool) {
	res := fn.Signature.Results()
	errIdx := -1
	if n := res.Len(); n > 0 && isError(res.At(n-1).Type()) {
		errIdx = n - 1
	}
	seen := false
	for _, b := range fn.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		ret, isRet := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !isRet || len(ret.Results) != res.Len() {
			continue
		}
		if f, ok := answer(ret.Results[j]); ok {
			if seen && f != found {
				return false, false
			}
			found, seen = f, true
			continue
		}
		// The read failed: its error goes back with a constant, which
		// says nothing of rows (the caller tests the error first).
		if c, isConst := ret.Results[j].(*ssa.Const); isConst && c.Value != nil && c.Value.Kind() == constant.Bool &&
			errIdx >= 0 && errIdx != j && !isNil(ret.Results[errIdx]) {
			continue
		}
		return false, false
	}
	return found, seen
}

// FoundTest reports whether the branch ifi tests the answer s's call
// returns (s.Found, or s.Effect.Found at s's call), and whether its
// condition is true when rows were found.
func (a *analysis) foundTest(s *Site, ifi *ssa.If) (whenFound, ok bool) {
	f := s.Found
	if f == nil {
		if e := s.Effect.Found; e != nil && e.Pos != "" && e.Pos == a.pos(s.Instr.Pos()) {
			f = e
		}
	}
	read := s.Instr.Value()
	if f == nil || read == nil {
		return false, false
	}
	v, flip := peelNot(ifi.Cond)
	if resultOf(v, read) != f.Index {
		return false, false
	}
	return f.WhenTrue != flip, true
}

// missingSide reports whether the branch Succs[i] of ifi, a test of what
// the read at s returned, is its "not found" side: a nil row, a zero key
// or count (onMissing), or the found answer a helper returned, false.
func (a *analysis) missingSide(s *Site, ifi *ssa.If, i int) bool {
	if onMissing(ifi, i) {
		return true
	}
	whenFound, ok := a.foundTest(s, ifi)
	return ok && (i == 0) != whenFound
}

// peelNot strips negations (!x, x == false, x != true) from a bool v,
// reporting whether an odd number of them was stripped.
func peelNot(v ssa.Value) (ssa.Value, bool) {
	flip := false
	for i := 0; i < 8; i++ {
		switch x := v.(type) {
		case *ssa.UnOp:
			if x.Op != token.NOT {
				return v, flip
			}
			v, flip = x.X, !flip
			continue
		case *ssa.BinOp:
			c, other := boolConst(x.Y), x.X
			if c == nil {
				c, other = boolConst(x.X), x.Y
			}
			if c == nil || (x.Op != token.EQL && x.Op != token.NEQ) {
				return v, flip
			}
			// x == true, x != false: x itself.
			if constant.BoolVal(c.Value) != (x.Op == token.EQL) {
				flip = !flip
			}
			v = other
			continue
		}
		return v, flip
	}
	return v, flip
}

// boolConst is v as a bool constant, or nil.
func boolConst(v ssa.Value) *ssa.Const {
	c, ok := v.(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.Bool {
		return nil
	}
	return c
}

// resultOf is the index of the result of call v is (Extract of the
// call's tuple, or the call itself when it has one result), -1 when v is
// none.
func resultOf(v, call ssa.Value) int {
	if v == call {
		if _, tuple := call.Type().(*types.Tuple); !tuple {
			return 0
		}
		return -1
	}
	if x, ok := v.(*ssa.Extract); ok && x.Tuple == call {
		return x.Index
	}
	return -1
}

// countOf reports whether bin compares a count of rows that the read
// filled (rowCount, its variable given to the read's call).
func countOf(bin *ssa.BinOp, read ssa.Value) bool {
	for _, v := range []ssa.Value{bin.X, bin.Y} {
		if !rowCount(v) {
			continue
		}
		ld, _ := ssavalue.Unconvert(v).(*ssa.UnOp)
		if alloc, ok := ld.X.(*ssa.Alloc); ok && scanned(alloc, read) {
			return true
		}
	}
	return false
}

// posIn renders p as "file:line:col", as effects' positions are.
func posIn(fset *token.FileSet, p token.Pos) string {
	if fset == nil || !p.IsValid() {
		return ""
	}
	q := fset.Position(p)
	return fmt.Sprintf("%s:%d:%d", q.Filename, q.Line, q.Column)
}
