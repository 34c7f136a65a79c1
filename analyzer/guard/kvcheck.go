package guard

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// The key-value form of check-then-act (checkThenAct): a Redis GET or
// EXISTS of a marker whose result decides a branch that returns as done,
// the act, then a plain SET of the marker (not SET NX, which is a
// claim), directly or through helpers split into a check and a mark
// (Processed(ctx, key) … MarkProcessed(ctx, key)). A key-value effect has
// a target only when its key is a constant; otherwise the check and the
// record are matched by the key the two calls are given.

// sameKVKey reports whether the key-value read check and the write w are
// of one key: both targets known and equal, or, when either is not known,
// the two calls are passed the same string (the same value, one computed
// alike from the same operands, or the same expression's text).
func (a *analysis) sameKVKey(check, w *Site) bool {
	ct, wt := check.Effect.Target, w.Effect.Target
	if ct != "" && wt != "" {
		return ct == wt
	}
	for _, x := range stringArgs(check.Instr) {
		for _, y := range stringArgs(w.Instr) {
			if sameValue(x, y, 0) || (a.env.Text != nil && a.env.Text(x) != "" && a.env.Text(x) == a.env.Text(y)) {
				return true
			}
		}
	}
	return false
}

// stringArgs are the string-typed arguments of a call, the receiver left
// out (two calls on one store share it whatever their keys), the keys of
// a variadic list included.
func stringArgs(c ssa.CallInstruction) []ssa.Value {
	com := c.Common()
	args := com.Args
	if !com.IsInvoke() && com.Signature().Recv() != nil && len(args) > 0 {
		args = args[1:]
	}
	var out []ssa.Value
	for _, a := range args {
		vs := []ssa.Value{a}
		if _, ok := a.Type().Underlying().(*types.Slice); ok {
			vs = ssavalue.SliceElems(a) // EXISTS's variadic keys
		}
		out = append(out, stringValues(vs)...)
	}
	return out
}

// stringValues are the string-typed values of vs that are not constants.
func stringValues(vs []ssa.Value) []ssa.Value {
	var out []ssa.Value
	for _, v := range vs {
		if b, ok := v.Type().Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
			if _, isConst := v.(*ssa.Const); isConst {
				continue // a constant key gives the effect its target
			}
			out = append(out, v)
		}
	}
	return out
}

// sameValue reports whether a and b are the same value: one SSA value,
// equal constants, or the same operation (a concatenation, a conversion,
// a field read of one variable, a call of one pure standard function
// such as fmt.Sprintf) of the same operands.
func sameValue(a, b ssa.Value, depth int) bool {
	if a == b {
		return true
	}
	if depth > 4 {
		return false
	}
	switch x := a.(type) {
	case *ssa.Const:
		y, ok := b.(*ssa.Const)
		return ok && x.Value != nil && y.Value != nil && constant.Compare(x.Value, token.EQL, y.Value)
	case *ssa.BinOp:
		y, ok := b.(*ssa.BinOp)
		return ok && x.Op == y.Op && sameValue(x.X, y.X, depth+1) && sameValue(x.Y, y.Y, depth+1)
	case *ssa.Convert:
		y, ok := b.(*ssa.Convert)
		return ok && types.Identical(x.Type(), y.Type()) && sameValue(x.X, y.X, depth+1)
	case *ssa.MakeInterface:
		y, ok := b.(*ssa.MakeInterface)
		return ok && sameValue(x.X, y.X, depth+1)
	case *ssa.Field:
		y, ok := b.(*ssa.Field)
		return ok && x.Field == y.Field && sameValue(x.X, y.X, depth+1)
	case *ssa.FieldAddr:
		y, ok := b.(*ssa.FieldAddr)
		return ok && x.Field == y.Field && sameValue(x.X, y.X, depth+1)
	case *ssa.UnOp:
		y, ok := b.(*ssa.UnOp)
		return ok && x.Op == y.Op && x.Op == token.MUL && sameValue(x.X, y.X, depth+1)
	case *ssa.Call:
		y, ok := b.(*ssa.Call)
		if !ok {
			return false
		}
		fx, fy := x.Call.StaticCallee(), y.Call.StaticCallee()
		if fx == nil || fx != fy || !pureKeyFunc(fx) || len(x.Call.Args) != len(y.Call.Args) {
			return false
		}
		for i := range x.Call.Args {
			if !sameValue(x.Call.Args[i], y.Call.Args[i], depth+1) {
				return false
			}
		}
		return true
	case *ssa.Slice:
		// The variadic arguments of fmt.Sprintf: a slice of an array
		// filled with the same values is compared by its stores.
		y, ok := b.(*ssa.Slice)
		return ok && x.Low == nil && x.High == nil && y.Low == nil && y.High == nil && sameArray(x.X, y.X, depth+1)
	}
	return false
}

// sameArray reports whether two local arrays (the backing arrays of
// variadic arguments) hold the same values at the same indices.
func sameArray(a, b ssa.Value, depth int) bool {
	x, ok1 := a.(*ssa.Alloc)
	y, ok2 := b.(*ssa.Alloc)
	if !ok1 || !ok2 {
		return false
	}
	ex, okx := arrayStores(x)
	ey, oky := arrayStores(y)
	if !okx || !oky || len(ex) != len(ey) {
		return false
	}
	for i, v := range ex {
		w, ok := ey[i]
		if !ok || !sameValue(v, w, depth) {
			return false
		}
	}
	return true
}

// arrayStores maps each constant index of a local array to the value
// stored there; false when the array is used otherwise (an index not
// constant, a store twice at one index).
func arrayStores(a *ssa.Alloc) (map[int64]ssa.Value, bool) {
	out := map[int64]ssa.Value{}
	for _, r := range *a.Referrers() {
		ia, ok := r.(*ssa.IndexAddr)
		if !ok {
			if _, isSlice := r.(*ssa.Slice); isSlice {
				continue
			}
			return nil, false
		}
		c, ok := ia.Index.(*ssa.Const)
		if !ok {
			return nil, false
		}
		i, exact := constant.Int64Val(c.Value)
		if !exact {
			return nil, false
		}
		for _, u := range *ia.Referrers() {
			st, ok := u.(*ssa.Store)
			if !ok || st.Addr != ia {
				continue
			}
			if _, dup := out[i]; dup {
				return nil, false
			}
			out[i] = st.Val
		}
	}
	return out, true
}

// pureKeyFunc reports whether fn computes its result from its arguments
// alone (the standard formatting and string packages): two calls with
// the same arguments make the same key.
func pureKeyFunc(fn *ssa.Function) bool {
	if fn.Pkg == nil || fn.Pkg.Pkg == nil {
		return false
	}
	switch fn.Pkg.Pkg.Path() {
	case "fmt":
		return fn.Name() == "Sprintf" || fn.Name() == "Sprint"
	case "strings", "strconv", "path":
		return true
	}
	return false
}
