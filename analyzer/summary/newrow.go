package summary

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// New rows of a write that picks its path by the row's primary key
// (Model.NewRow). gorm's Save reads the row before any callback runs: a
// slice of rows, or a struct one of whose primary fields is zero, is only
// created (gorm@v1.31.2 finisher_api.go:95-107), so the update chain's
// callbacks and the update hooks do not run for it. That is decided here
// only where the code shows it: a slice type, or a struct this function
// allocates (a composite literal, a var) that reaches the call with no
// store into a field holding the key, no other use that could set it (a
// read into it, a helper given it), and no earlier run of the same call
// on it (a Save in a loop over one struct: the first create writes the
// new key back into the row). Anything else, a row loaded or handed in,
// keeps both paths.

// newRow reports whether v, the row given to the call ci, is new.
func (w *walker) newRow(v ssa.Value, ci ssa.CallInstruction) bool {
	if v == nil {
		return false
	}
	x := ssavalue.Unconvert(v)
	t := x.Type()
	for {
		p, ok := t.Underlying().(*types.Pointer)
		if !ok {
			break
		}
		t = p.Elem()
	}
	switch u := t.Underlying().(type) {
	case *types.Slice:
		return rowType(u.Elem()) != nil
	case *types.Array:
		return rowType(u.Elem()) != nil
	case *types.Struct:
	default:
		return false
	}
	n := rowType(t)
	if n == nil {
		return false
	}
	alloc, ok := x.(*ssa.Alloc)
	if !ok {
		// A struct value passed by value: the load of a local.
		if ld, isLoad := x.(*ssa.UnOp); isLoad && ld.X != nil {
			alloc, ok = ld.X.(*ssa.Alloc)
		}
		if !ok {
			return false
		}
	}
	if !types.Identical(ssavalue.Deref(alloc.Type()), n) {
		return false
	}
	keys := gormKeys(n.Underlying().(*types.Struct))
	if len(keys) == 0 {
		return false // no primary field: gorm takes the update path
	}
	holds := map[int]bool{}
	for _, k := range keys {
		holds[k.top] = true
	}
	call, _ := ci.(ssa.Instruction)
	for _, r := range ssavalue.Referrers(alloc) {
		switch r := r.(type) {
		case *ssa.DebugRef:
		case *ssa.FieldAddr:
			if holds[r.Field] && !onlyRead(r, 0) {
				return false // the code may set the key
			}
		case *ssa.Store:
			if r.Val == ssa.Value(alloc) {
				return false // the row's address kept elsewhere
			}
			if c, isConst := r.Val.(*ssa.Const); !isConst || c.Value != nil {
				return false // a whole row copied in (a zero one is fine)
			}
		case *ssa.UnOp:
			// A copy of the row (or the value given to the call).
		default:
			if !reachesOnly(r, call, 0) {
				return false // given to something else
			}
		}
	}
	return !repeatsOn(ci.Block(), alloc.Block())
}

// onlyRead reports whether the address v (a field of a row) is only read:
// loaded, or its own fields only read.
func onlyRead(v ssa.Value, depth int) bool {
	if depth > 4 {
		return false
	}
	for _, r := range ssavalue.Referrers(v) {
		switch r := r.(type) {
		case *ssa.DebugRef:
		case *ssa.UnOp:
		case *ssa.FieldAddr:
			if !onlyRead(r, depth+1) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// reachesOnly reports whether r is the call itself, or a conversion of the
// row (boxed into the interface{} the call takes) used by the call alone.
func reachesOnly(r, call ssa.Instruction, depth int) bool {
	if r == call {
		return true
	}
	v, ok := r.(ssa.Value)
	if !ok || depth > 4 {
		return false
	}
	switch v.(type) {
	case *ssa.MakeInterface, *ssa.ChangeInterface, *ssa.ChangeType:
	default:
		return false
	}
	for _, rr := range ssavalue.Referrers(v) {
		if _, dbg := rr.(*ssa.DebugRef); dbg {
			continue
		}
		if !reachesOnly(rr, call, depth+1) {
			return false
		}
	}
	return true
}

// repeatsOn reports whether block b can run again without passing through
// block alloc first: a cycle through b that does not allocate the row
// anew.
func repeatsOn(b, alloc *ssa.BasicBlock) bool {
	if b == nil || alloc == nil {
		return true
	}
	seen := map[*ssa.BasicBlock]bool{}
	stack := append([]*ssa.BasicBlock(nil), b.Succs...)
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if x == alloc || seen[x] {
			continue // allocated anew (alloc before the call in b too)
		}
		if x == b {
			return true
		}
		seen[x] = true
		stack = append(stack, x.Succs...)
	}
	return false
}
