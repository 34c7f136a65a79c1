package ssavalue

import (
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// Returned is one value a function returns as one of its results, with
// the block that decides it: the return's own block, or, in a function
// with defers (whose returns load the result from a local slot), the
// block of the store into that slot.
type Returned struct {
	Value ssa.Value
	Block *ssa.BasicBlock
}

// ReturnedValues lists the values fn returns as its result idx,
// unconverted; ok is false when one is loaded from something else than
// a local result slot, or fn has no body.
func ReturnedValues(fn *ssa.Function, idx int) (out []Returned, ok bool) {
	if fn == nil || len(fn.Blocks) == 0 {
		return nil, false
	}
	seen := map[*ssa.Alloc]bool{}
	for _, b := range fn.Blocks {
		ret, isRet := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !isRet || idx >= len(ret.Results) {
			continue
		}
		v := Unconvert(ret.Results[idx])
		ld, isLoad := v.(*ssa.UnOp)
		if !isLoad || ld.Op != token.MUL {
			out = append(out, Returned{Value: v, Block: b})
			continue
		}
		slot, isAlloc := ld.X.(*ssa.Alloc)
		if !isAlloc || slot.Heap {
			return nil, false
		}
		if seen[slot] {
			continue
		}
		seen[slot] = true
		for _, r := range Referrers(slot) {
			switch x := r.(type) {
			case *ssa.Store:
				if x.Addr == slot {
					out = append(out, Returned{Value: Unconvert(x.Val), Block: x.Block()})
				}
			case *ssa.UnOp:
			default:
				return nil, false // the slot's address taken
			}
		}
	}
	return out, true
}
