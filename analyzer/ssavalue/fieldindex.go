package ssavalue

import (
	"go/types"
	"strconv"

	"golang.org/x/tools/go/ssa"
)

// FieldIndex indexes the values functions store into struct fields (a
// composite literal's field, an assignment), by field: the struct type and
// the field's index. A reviewer reads a field that way, allocation-
// insensitively: every value the code puts in the field can be read back
// from it (a handler a server keeps until it starts, a callback a service
// is wired with).
type FieldIndex map[string][]ssa.Value

// IndexFields builds the index over fns, keeping the stored values
// keep accepts (all when keep is nil).
func IndexFields(fns []*ssa.Function, keep func(ssa.Value) bool) FieldIndex {
	out := FieldIndex{}
	for _, fn := range fns {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				st, ok := instr.(*ssa.Store)
				if !ok {
					continue
				}
				fa, ok := st.Addr.(*ssa.FieldAddr)
				if !ok || (keep != nil && !keep(st.Val)) {
					continue
				}
				if k, ok := fieldStoreKey(fa.X.Type(), fa.Field); ok {
					out[k] = append(out[k], st.Val)
				}
			}
		}
	}
	return out
}

// Of returns the values stored in field i of struct type t (or of the
// struct t points to).
func (s FieldIndex) Of(t types.Type, i int) []ssa.Value {
	k, ok := fieldStoreKey(t, i)
	if !ok {
		return nil
	}
	return s[k]
}

func fieldStoreKey(t types.Type, i int) (string, bool) {
	t = Deref(t)
	if _, ok := t.Underlying().(*types.Struct); !ok {
		return "", false
	}
	return types.TypeString(t, nil) + "#" + strconv.Itoa(i), true
}
