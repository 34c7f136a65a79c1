package discovery

import (
	"fmt"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// riverConfigRetry recognises river.Config{MaxAttempts: n}.
func riverConfigRetry(st *ssa.Store) (Retry, bool) {
	fa, ok := st.Addr.(*ssa.FieldAddr)
	if !ok {
		return Retry{}, false
	}
	ptr, ok := fa.X.Type().Underlying().(*types.Pointer)
	if !ok {
		return Retry{}, false
	}
	n, ok := types.Unalias(ptr.Elem()).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != "github.com/riverqueue/river" || n.Obj().Name() != "Config" {
		return Retry{}, false
	}
	if n.Underlying().(*types.Struct).Field(fa.Field).Name() != "MaxAttempts" {
		return Retry{}, false
	}
	c, ok := st.Val.(*ssa.Const)
	if !ok || c.Value == nil {
		return Retry{}, false
	}
	return Retry{Framework: "river", Global: true, Pos: st.Pos(),
		Policy: fmt.Sprintf("river Config.MaxAttempts %d", c.Int64())}, true
}
