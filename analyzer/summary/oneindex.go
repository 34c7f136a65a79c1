package summary

import "golang.org/x/tools/go/ssa"

// One index. Several summaries name one parameter of a function by what
// its values are: the parameter every return's first result copies
// (Summary.CopyParam), the statement parameter every return hands back
// (Summary.StmtArg), the parameter every edge of a Phi copies. Each is the
// same decision: every value that counts names the same index, and one
// that names none, or another, leaves the answer at none. sameIndex is
// that decision, so the places that make it agree on what "agree" means.

// sameIndex gathers 1-based indexes that must all be one; the zero value
// has seen none.
type sameIndex struct {
	k   int
	bad bool
}

// add records j and reports whether every index so far is still the same
// one; j == 0 (the value names no index) spoils the answer.
func (s *sameIndex) add(j int) bool {
	if s.bad || j == 0 || (s.k != 0 && j != s.k) {
		s.bad = true
		return false
	}
	s.k = j
	return true
}

// index is the index every value named, 0 when one named none or they
// differ, or when there was none.
func (s *sameIndex) index() int {
	if s.bad {
		return 0
	}
	return s.k
}

// oneIndex is the index index(v) every value of vs names, skip(v) values
// aside (a nil skip skips none); 0 when one names none, two differ, or
// every value is skipped. It stops at the first disagreement.
func oneIndex(vs []ssa.Value, skip func(ssa.Value) bool, index func(ssa.Value) int) int {
	var s sameIndex
	for _, v := range vs {
		if skip != nil && skip(v) {
			continue
		}
		if !s.add(index(v)) {
			return 0
		}
	}
	return s.index()
}

// returnedFirst is the first result of each of fn's returns that has
// results, in block order.
func returnedFirst(fn *ssa.Function) []ssa.Value {
	var vs []ssa.Value
	for _, b := range fn.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && len(ret.Results) > 0 {
			vs = append(vs, ret.Results[0])
		}
	}
	return vs
}
