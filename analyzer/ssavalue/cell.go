package ssavalue

import (
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// CellValue is the value stored once into a local cell that is otherwise
// only read, whole or by field, else nil. A value receiver whose address is
// taken, or a composite literal built in place, is such a cell: what a
// method called on it sees is that one value (discovery's field forwards
// and the whole program's bound values both read receivers this way).
func CellValue(a *ssa.Alloc) ssa.Value {
	var val ssa.Value
	for _, ref := range *a.Referrers() {
		switch x := ref.(type) {
		case *ssa.Store:
			if x.Addr != a || val != nil {
				return nil
			}
			val = x.Val
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return nil
			}
		case *ssa.FieldAddr, *ssa.DebugRef:
		default:
			return nil
		}
	}
	return val
}
