package guard

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// after reports whether instruction b runs after a on every path to b.
func after(a, b ssa.Instruction) bool { return Dominates(a, b) }

// Dominates reports whether instruction a runs before b on every path to
// b (a dominates b); false when either is not in a block.
func Dominates(a, b ssa.Instruction) bool {
	a, b = unwrap(a), unwrap(b)
	ab, bb := a.Block(), b.Block()
	if ab == nil || bb == nil {
		return false
	}
	if ab != bb {
		return ab.Dominates(bb)
	}
	for _, in := range ab.Instrs {
		switch in {
		case a:
			return true
		case b:
			return false
		}
	}
	return false
}

func isBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.Bool
}

func isError(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

func isTuple(t types.Type) bool {
	_, ok := t.(*types.Tuple)
	return ok
}

// SameExec is sameExec for the summary's passes.
func SameExec(a, b ssa.Value) bool { return sameExec(a, b) }

// sameExec reports whether two executors are the same handle: the same
// value, or the same field loaded from the same handle (ent's tx.User,
// loaded anew for each builder).
func sameExec(a, b ssa.Value) bool {
	for i := 0; i < 4; i++ {
		if a == b {
			return a != nil
		}
		if ca, cb := cellValue(a), cellValue(b); ca != a || cb != b {
			if ca == cb {
				return true
			}
		}
		la, ok1 := a.(*ssa.UnOp)
		lb, ok2 := b.(*ssa.UnOp)
		if !ok1 || !ok2 || la.Op != token.MUL || lb.Op != token.MUL {
			return false
		}
		fa, ok1 := la.X.(*ssa.FieldAddr)
		fb, ok2 := lb.X.(*ssa.FieldAddr)
		if !ok1 || !ok2 || fa.Field != fb.Field {
			return false
		}
		a, b = fa.X, fb.X
	}
	return false
}

// Write is the instruction of a site whose effect is not a call: a store
// to memory that outlives the delivery (summary/memory.go). It stands in
// for a call with no callee, no arguments and no result.
type Write struct{ ssa.Instruction }

func (Write) Common() *ssa.CallCommon { return &ssa.CallCommon{} }
func (Write) Value() *ssa.Call        { return nil }

// unwrap is the instruction a Write stands for.
func unwrap(i ssa.Instruction) ssa.Instruction {
	if w, ok := i.(Write); ok {
		return w.Instruction
	}
	return i
}
