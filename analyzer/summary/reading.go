package summary

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/infer"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// Readings: a call the analysis cannot follow keeps its unknown effect,
// with how a reviewer reads it from its names (infer.Read) attached. The
// reading is applied where findings are decided, after the whole-program
// phase had its chance to resolve the call.

// readFunc is the reading of a call of fn; recv, when set, is the
// receiver value the call site has (its static type names the receiver
// as the caller sees it, the field it is loaded from adds context).
func readFunc(fn *types.Func, recv ssa.Value) *effect.Reading { return readFuncNet(fn, recv, false) }

// readFuncNet is readFunc for a library call known to do network I/O (its
// code reaches the network): what it writes is a remote API's.
func readFuncNet(fn *types.Func, recv ssa.Value, network bool) *effect.Reading {
	sig, ok := fn.Type().(*types.Signature)
	if !ok {
		return nil
	}
	c := infer.Call{Name: fn.Name(), Sig: sig, Display: FuncName(fn), Network: network}
	if fn.Pkg() != nil {
		c.Pkg = fn.Pkg().Path()
	}
	if r := sig.Recv(); r != nil {
		c.Recv = typeName(r.Type())
	}
	if recv != nil {
		if n := typeName(recv.Type()); n != "" {
			c.Recv = n
		}
		c.Field = loadedField(recv)
	}
	return infer.Read(c)
}

// readValue is the reading of a call of a function value loaded from a
// struct field or a package-level variable (d.SendEmail(ctx, m)): the
// field's or variable's name is what the reviewer reads.
func readValue(v ssa.Value) *effect.Reading {
	sig, ok := v.Type().Underlying().(*types.Signature)
	if !ok {
		return nil
	}
	c := infer.Call{Sig: sig}
	switch x := normalize(v).(type) {
	case *ssa.UnOp:
		switch a := x.X.(type) {
		case *ssa.Global:
			c.Name, c.Display = a.Name(), describeValue(v)
			if a.Pkg != nil {
				c.Pkg = a.Pkg.Pkg.Path()
			}
		case *ssa.FieldAddr:
			c.Name, c.Recv, c.Pkg = fieldAt(a.X.Type(), a.Field)
			c.Display = describeValue(v)
		}
	case *ssa.Field:
		c.Name, c.Recv, c.Pkg = fieldAt(types.NewPointer(x.X.Type()), x.Field)
		c.Display = describeValue(v)
	}
	if c.Name == "" {
		return nil
	}
	return infer.Read(c)
}

// fieldAt names field i of the struct ptr points to: the field, its
// struct type and that type's package.
func fieldAt(ptr types.Type, i int) (field, owner, pkg string) {
	st, ok := ssavalue.Deref(ptr).Underlying().(*types.Struct)
	if !ok || i >= st.NumFields() {
		return "", "", ""
	}
	if n, ok := types.Unalias(ssavalue.Deref(ptr)).(*types.Named); ok && n.Obj().Pkg() != nil {
		owner, pkg = n.Obj().Name(), n.Obj().Pkg().Path()
	}
	return st.Field(i).Name(), owner, pkg
}

// loadedField is the name of the struct field v is loaded from, or "".
func loadedField(v ssa.Value) string {
	switch x := ssavalue.Unconvert(v).(type) {
	case *ssa.UnOp:
		if x.Op == token.MUL {
			if fa, ok := x.X.(*ssa.FieldAddr); ok {
				f, _, _ := fieldAt(fa.X.Type(), fa.Field)
				return f
			}
		}
	case *ssa.Field:
		f, _, _ := fieldAt(types.NewPointer(x.X.Type()), x.Field)
		return f
	}
	return ""
}

// typeName is the name of the named type t is or points to, or "".
func typeName(t types.Type) string {
	if n, ok := types.Unalias(ssavalue.Deref(t)).(*types.Named); ok {
		return n.Obj().Name()
	}
	return ""
}

// withReading attaches a reading to the effect the walker added last.
func (w *walker) withReading(r *effect.Reading) {
	if r != nil && len(w.sites) > 0 {
		w.sites[len(w.sites)-1].Effect.Reading = r
	}
}
