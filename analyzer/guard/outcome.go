package guard

import (
	"go/constant"

	"golang.org/x/tools/go/ssa"
)

// constOutcome: a claim helper that answers its claim's tests with
// constants —
//
//	if err != nil {
//		if errors.As(err, &ccfe) {
//			return false, nil // already claimed
//		}
//		return false, err
//	}
//	return true, nil
//
// — hands the outcome to its callers in its bool result as surely as one
// returning the tested value: every return with no error gives one
// constant where only a duplicate reaches it (past a test's duplicate
// edge) and the other where only a first delivery does (past a test's
// first-time edge). A return with an error is a failure, which callers
// test first. Nil when the function's returns say anything else.
func (a *analysis) constOutcome(tests []test) *ClaimReturn {
	res := a.fn.Signature.Results()
	idx := -1
	for i := 0; i < res.Len(); i++ {
		if isBool(res.At(i).Type()) {
			if idx >= 0 {
				return nil // two bools: which one says it is not told
			}
			idx = i
		}
	}
	if idx < 0 {
		return nil
	}
	errIdx := -1
	if n := res.Len(); n > 1 && isError(res.At(n-1).Type()) {
		errIdx = n - 1
	}
	var onDup, onFirst []bool
	for _, b := range a.fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		if errIdx >= 0 {
			if c, ok := returned(ret, errIdx).(*ssa.Const); !ok || !c.IsNil() {
				continue // a failure
			}
		}
		c, ok := returned(ret, idx).(*ssa.Const)
		if !ok || c.Value == nil || c.Value.Kind() != constant.Bool {
			return nil
		}
		v := constant.BoolVal(c.Value)
		switch {
		case pastDuplicate(b, tests):
			onFirst = append(onFirst, v)
		case onlyDuplicate(b, tests):
			onDup = append(onDup, v)
		default:
			return nil
		}
	}
	if len(onDup) == 0 || len(onFirst) == 0 {
		return nil
	}
	first := onFirst[0]
	for _, v := range onFirst {
		if v != first {
			return nil
		}
	}
	for _, v := range onDup {
		if v == first {
			return nil
		}
	}
	kind := returnKinds[firstBool]
	if !first {
		kind = returnKinds[dupBool]
	}
	return &ClaimReturn{Index: idx, Kind: kind, ErrNilOnDup: errIdx >= 0}
}

// onlyDuplicate reports whether block b runs only on the duplicate edge
// of a test that a duplicate alone takes (not err != nil, which an error
// takes too).
func onlyDuplicate(b *ssa.BasicBlock, tests []test) bool {
	for _, t := range tests {
		if !t.dupAndError && len(t.dup.Preds) == 1 && t.dup.Dominates(b) {
			return true
		}
	}
	return false
}
