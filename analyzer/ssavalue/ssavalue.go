package ssavalue

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Referrers returns v's referrers (nil when SSA keeps none).
func Referrers(v ssa.Value) []ssa.Instruction {
	if r := v.Referrers(); r != nil {
		return *r
	}
	return nil
}

// FieldAt names field i of struct type t (or of the struct t points to).
func FieldAt(t types.Type, i int) string {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok || i < 0 || i >= st.NumFields() {
		return ""
	}
	return st.Field(i).Name()
}

// FieldName names the field a FieldAddr selects.
func FieldName(fa *ssa.FieldAddr) string { return FieldAt(fa.X.Type(), fa.Field) }

// FieldStores returns the stores into field name of the struct v points to.
func FieldStores(v ssa.Value, name string) []*ssa.Store {
	var out []*ssa.Store
	for _, st := range StructStores(v) {
		if FieldName(st.Addr.(*ssa.FieldAddr)) == name {
			out = append(out, st)
		}
	}
	return out
}

// StructStores returns the stores into any field of the struct at v (a
// composite literal's fields); each store's Addr is the *ssa.FieldAddr.
func StructStores(v ssa.Value) []*ssa.Store {
	var out []*ssa.Store
	for _, r := range Referrers(v) {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok || fa.X != v {
			continue
		}
		for _, fr := range Referrers(fa) {
			if st, ok := fr.(*ssa.Store); ok && st.Addr == fa {
				out = append(out, st)
			}
		}
	}
	return out
}

// LocalOf returns the allocation holding a composite literal: v itself
// (&T{…}), or the local a struct value was loaded from (T{…}), looking
// through interface boxing.
func LocalOf(v ssa.Value) *ssa.Alloc {
	if mi, ok := v.(*ssa.MakeInterface); ok {
		v = mi.X
	}
	switch x := v.(type) {
	case *ssa.Alloc:
		return x
	case *ssa.UnOp:
		if x.Op == token.MUL {
			a, _ := x.X.(*ssa.Alloc)
			return a
		}
	}
	return nil
}

// LeavesUnset reports whether v is a struct literal of the function
// (&T{…}) that leaves field name unset when call uses it: nothing stores
// into that field, and its address goes nowhere but into other fields'
// stores and loads and into call (no helper it is passed to can set the
// field, nothing it is stored into can reach it).
func LeavesUnset(v ssa.Value, name string, call ssa.CallInstruction) bool {
	var use ssa.Instruction = call
	if mi, ok := v.(*ssa.MakeInterface); ok {
		v, use = mi.X, mi
	}
	a, ok := v.(*ssa.Alloc)
	if !ok || call == nil {
		return false
	}
	for _, r := range Referrers(a) {
		switch x := r.(type) {
		case *ssa.FieldAddr:
			if FieldName(x) == name {
				return false
			}
			for _, fr := range Referrers(x) {
				switch y := fr.(type) {
				case *ssa.Store:
					if y.Val == ssa.Value(x) {
						return false // the field's address stored somewhere
					}
				case *ssa.UnOp, *ssa.DebugRef:
				default:
					return false // the field's address passed on
				}
			}
		case *ssa.DebugRef:
		default:
			if r != use {
				return false
			}
		}
	}
	return true
}

// FieldConst returns the constant a composite literal v stores into field
// name, spelled as Go would ("NX", "true", "5"), or "".
func FieldConst(v ssa.Value, name string) string {
	a := LocalOf(v)
	if a == nil {
		return ""
	}
	for _, st := range FieldStores(a, name) {
		if c, ok := unPointerHelper(st.Val).(*ssa.Const); ok && c.Value != nil {
			if c.Value.Kind() == constant.String {
				return constant.StringVal(c.Value)
			}
			return c.Value.ExactString()
		}
	}
	return ""
}

// unPointerHelper is the argument of a string pointer helper's call
// (aws.String("x"), stripe.String: one argument, a *string result, whose
// pointee is that argument), else v: a *string field set so holds the
// constant.
func unPointerHelper(v ssa.Value) ssa.Value {
	c, ok := v.(*ssa.Call)
	if !ok || len(c.Call.Args) != 1 {
		return v
	}
	p, ok := c.Type().Underlying().(*types.Pointer)
	if !ok {
		return v
	}
	if b, ok := p.Elem().Underlying().(*types.Basic); ok && b.Kind() == types.String {
		if a, ok := c.Call.Args[0].Type().Underlying().(*types.Basic); ok && a.Kind() == types.String {
			return c.Call.Args[0]
		}
	}
	return v
}

// Unconvert peels conversions off v: interface boxing, interface and
// named-type changes.
func Unconvert(v ssa.Value) ssa.Value {
	for {
		switch x := v.(type) {
		case *ssa.MakeInterface:
			v = x.X
		case *ssa.ChangeInterface:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		default:
			return v
		}
	}
}

// ElemOf is the map, slice or array v is an element of (ranged over,
// indexed, looked up), or nil.
func ElemOf(v ssa.Value) ssa.Value {
	switch x := Unconvert(v).(type) {
	case *ssa.Extract:
		switch t := x.Tuple.(type) {
		case *ssa.Next:
			if r, ok := t.Iter.(*ssa.Range); ok && x.Index == 2 && !t.IsString {
				return r.X
			}
		case *ssa.Lookup:
			if x.Index == 0 {
				return t.X
			}
		}
	case *ssa.Lookup:
		return x.X
	case *ssa.UnOp:
		if ia, ok := x.X.(*ssa.IndexAddr); ok && x.Op == token.MUL {
			return ia.X
		}
	case *ssa.Index:
		return x.X
	}
	return nil
}

// SliceElems returns the values a slice literal (a variadic argument, a
// bson.D, a pgx.Identifier) holds, in index order; nil when v is not one.
func SliceElems(v ssa.Value) []ssa.Value {
	addrs, ok := ElemAddrs(v)
	if !ok {
		return nil
	}
	byIndex := map[int64]ssa.Value{}
	n := int64(0)
	for i, ias := range addrs {
		for _, ia := range ias {
			for _, rr := range Referrers(ia) {
				if st, ok := rr.(*ssa.Store); ok && st.Addr == ia {
					byIndex[i] = st.Val
					if i+1 > n {
						n = i + 1
					}
				}
			}
		}
	}
	if n == 0 {
		return nil
	}
	out := make([]ssa.Value, 0, n)
	for i := int64(0); i < n; i++ {
		if byIndex[i] == nil {
			return nil
		}
		out = append(out, byIndex[i])
	}
	return out
}

// ElemAddrs returns the addresses of a slice literal's elements by index
// (its array's IndexAddrs); false when v is not a literal or an index is
// not constant.
func ElemAddrs(v ssa.Value) (map[int64][]*ssa.IndexAddr, bool) {
	for {
		switch x := v.(type) {
		case *ssa.ChangeType:
			v = x.X
			continue
		case *ssa.MakeInterface:
			v = x.X
			continue
		case *ssa.Slice:
			v = x.X
			continue
		}
		break
	}
	a, ok := v.(*ssa.Alloc)
	if !ok {
		return nil, false
	}
	out := map[int64][]*ssa.IndexAddr{}
	for _, r := range Referrers(a) {
		ia, ok := r.(*ssa.IndexAddr)
		if !ok {
			continue
		}
		c, ok := ia.Index.(*ssa.Const)
		if !ok {
			return nil, false
		}
		out[c.Int64()] = append(out[c.Int64()], ia)
	}
	return out, true
}

// IsTrue reports whether v is the boolean constant true.
func IsTrue(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.Value != nil && c.Value.Kind() == constant.Bool && constant.BoolVal(c.Value)
}

// ConstString returns the constant string v is (through interface boxing),
// or "".
func ConstString(v ssa.Value) string {
	if mi, ok := v.(*ssa.MakeInterface); ok {
		v = mi.X
	}
	if c, ok := v.(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.String {
		return constant.StringVal(c.Value)
	}
	return ""
}

// Declared maps a synthetic wrapper (bound method value, method
// expression thunk, promotion or pointer adaptor) to the declared method
// it stands for; other functions are returned as they are.
func Declared(fn *ssa.Function) *ssa.Function {
	if fn == nil || fn.Synthetic == "" || fn.Parent() != nil {
		return fn
	}
	if obj, ok := fn.Object().(*types.Func); ok && obj != nil {
		if d := fn.Prog.FuncValue(obj); d != nil {
			return d
		}
	}
	return fn
}

// IsContext reports whether t is context.Context.
func IsContext(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "context" && n.Obj().Name() == "Context"
}

// Deref is the element type of a pointer type, or t.
func Deref(t types.Type) types.Type {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// Stores are the values stored to the variable a, in instruction order.
func Stores(a *ssa.Alloc) []ssa.Value {
	var out []ssa.Value
	for _, r := range Referrers(a) {
		if st, ok := r.(*ssa.Store); ok && st.Addr == a {
			out = append(out, st.Val)
		}
	}
	return out
}

// OnlyStore returns the value stored into a captured-variable cell when
// there is exactly one store (the variable is never reassigned).
func OnlyStore(a *ssa.Alloc) ssa.Value {
	if !a.Heap {
		return nil
	}
	var val ssa.Value
	for _, r := range Referrers(a) {
		if st, ok := r.(*ssa.Store); ok && st.Addr == a {
			if val != nil {
				return nil
			}
			val = st.Val
		}
	}
	return val
}

// ParamOf reports which parameter of a declared function v is, looking
// through conversions and through closures: a free variable bound to the
// enclosing function's parameter (directly, or through the heap cell of a
// captured variable assigned once) is that parameter. The index counts the
// parameters without the receiver, as call models do; -1 when v is none.
func ParamOf(v ssa.Value) (*ssa.Function, int) {
	for depth := 0; depth < 16; depth++ {
		v = Unconvert(v)
		switch x := v.(type) {
		case *ssa.Parameter:
			fn := x.Parent()
			if fn.Parent() != nil {
				return nil, -1 // a closure's own parameter
			}
			for i, p := range fn.Params {
				if p == x {
					if fn.Signature.Recv() != nil {
						i--
					}
					if i < 0 {
						return nil, -1 // the receiver
					}
					return fn, i
				}
			}
			return nil, -1
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return nil, -1
			}
			switch c := x.X.(type) {
			case *ssa.FreeVar:
				v = c
			case *ssa.Alloc:
				if s := OnlyStore(c); s != nil {
					v = s
					continue
				}
				return nil, -1
			default:
				return nil, -1
			}
		case *ssa.Alloc:
			if s := OnlyStore(x); s != nil {
				v = s
				continue
			}
			return nil, -1
		case *ssa.FreeVar:
			b := binding(x)
			if b == nil {
				return nil, -1
			}
			v = b
		default:
			return nil, -1
		}
	}
	return nil, -1
}

// Binding is the value the enclosing function binds a closure's free
// variable to, when one MakeClosure makes the closure, or nil.
func Binding(fv *ssa.FreeVar) ssa.Value { return binding(fv) }

// binding is the value the enclosing function binds a closure's free
// variable to, when one MakeClosure makes the closure.
func binding(fv *ssa.FreeVar) ssa.Value {
	closure := fv.Parent()
	parent := closure.Parent()
	if parent == nil {
		return nil
	}
	idx := -1
	for i, f := range closure.FreeVars {
		if f == fv {
			idx = i
		}
	}
	var out ssa.Value
	for _, b := range parent.Blocks {
		for _, instr := range b.Instrs {
			if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == closure && idx < len(mc.Bindings) {
				if out != nil {
					return nil
				}
				out = mc.Bindings[idx]
			}
		}
	}
	return out
}

// NonNilBefore reports whether b runs only after v was found non-nil
// (if v != nil { … }, or the else of if v == nil; the nil possibly
// converted).
func NonNilBefore(v ssa.Value, b *ssa.BasicBlock) bool {
	refs := v.Referrers()
	if refs == nil {
		return false
	}
	for _, ref := range *refs {
		bin, ok := ref.(*ssa.BinOp)
		if !ok || (bin.Op != token.NEQ && bin.Op != token.EQL) {
			continue
		}
		other := bin.Y
		if bin.Y == v {
			other = bin.X
		}
		if k, ok := Unconvert(other).(*ssa.Const); !ok || !k.IsNil() {
			continue
		}
		for _, r := range *bin.Referrers() {
			ifi, ok := r.(*ssa.If)
			if !ok {
				continue
			}
			succ := ifi.Block().Succs[0]
			if bin.Op == token.EQL {
				succ = ifi.Block().Succs[1]
			}
			if len(succ.Preds) == 1 && succ.Dominates(b) {
				return true
			}
		}
	}
	return false
}

// NilTestEdges are the successors of the first test of v against nil
// (v != nil or v == nil) that an If branches on: the one taken when v is
// not nil (an error: the failure) and the one taken when it is; both nil
// when nothing so tests v. guard reads a call's error this way, summary a
// gorm read's Error field.
func NilTestEdges(v ssa.Value) (onNonNil, onNil *ssa.BasicBlock) {
	for _, r := range Referrers(v) {
		bin, ok := r.(*ssa.BinOp)
		if !ok || (bin.Op != token.NEQ && bin.Op != token.EQL) || !isNilConstant(bin.X) && !isNilConstant(bin.Y) {
			continue
		}
		for _, rr := range Referrers(bin) {
			if ifi, ok := rr.(*ssa.If); ok {
				succ := ifi.Block().Succs
				if bin.Op == token.NEQ {
					return succ[0], succ[1]
				}
				return succ[1], succ[0]
			}
		}
	}
	return nil, nil
}

func isNilConstant(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.IsNil()
}
