package guard

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// rowCount reports whether v is a count of rows read back: an integer
// variable whose address a call took as a parameter typed as a pointer
// to an integer (gorm's Count(&n)), then loaded. A count compared with
// zero is a look-up's "not found" as a zero key is (zeroKeyTest): none
// counted, none found. A number scanned out of a row (Scan(&n), through
// an interface parameter) may be any column, and a variable's address
// stored in a struct field is not followed: neither is a count here.
//
// Which call filled it the callers decide (readTests: the test is
// influenced by the read, a count read of the table checked).
func rowCount(v ssa.Value) bool {
	v = ssavalue.Unconvert(v)
	ld, ok := v.(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return false
	}
	alloc, ok := ld.X.(*ssa.Alloc)
	if !ok || !isInteger(ld.Type()) {
		return false
	}
	for _, r := range ssavalue.Referrers(alloc) {
		ci, ok := r.(ssa.CallInstruction)
		if !ok {
			continue
		}
		for _, arg := range ci.Common().Args {
			if arg == ssa.Value(alloc) {
				return true
			}
		}
	}
	return false
}

// isInteger reports whether t is an integer type.
func isInteger(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}
