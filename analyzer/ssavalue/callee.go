package ssavalue

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Callee is the function or method a call names — the interface method of
// an invoke, the declared function of a static call — and its arguments
// without the receiver; nil for calls of function values.
func Callee(c *ssa.CallCommon) (*types.Func, []ssa.Value) {
	if c.IsInvoke() {
		return c.Method, c.Args
	}
	callee := c.StaticCallee()
	if callee == nil {
		return nil, c.Args
	}
	obj, _ := callee.Object().(*types.Func)
	if obj == nil {
		return nil, c.Args
	}
	if sig, ok := obj.Type().(*types.Signature); ok && sig.Recv() != nil && len(c.Args) > 0 {
		return obj, c.Args[1:]
	}
	return obj, c.Args
}

// QualifiedField names field i of the named struct ptr points to,
// "pkg/path.Type.Field"; "" for fields of unnamed structs.
func QualifiedField(ptr types.Type, i int) string {
	p, ok := ptr.Underlying().(*types.Pointer)
	if !ok {
		return ""
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return ""
	}
	st, ok := n.Underlying().(*types.Struct)
	if !ok || i >= st.NumFields() {
		return ""
	}
	return n.Obj().Pkg().Path() + "." + n.Obj().Name() + "." + st.Field(i).Name()
}
