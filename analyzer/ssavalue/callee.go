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
	if _, ok := ptr.Underlying().(*types.Pointer); !ok {
		return ""
	}
	n, f := namedField(ptr, i)
	if n == nil {
		return ""
	}
	return n.Obj().Pkg().Path() + "." + n.Obj().Name() + "." + f
}

// namedField returns the named struct type t is (or points to) and the
// name of its field i; nil for an unnamed struct, a type of no package
// or an index out of range.
func namedField(t types.Type, i int) (*types.Named, string) {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return nil, ""
	}
	st, ok := n.Underlying().(*types.Struct)
	if !ok || i >= st.NumFields() {
		return nil, ""
	}
	return n, st.Field(i).Name()
}
