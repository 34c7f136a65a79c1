package summary

import (
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
	"github.com/jobeffects/jobeffects/analyzer/triggers"
)

// tableOf names the table of an ORM model type: *User, []User, []*User →
// "users", as gorm (v1 and v2) and ent name them by default, or the
// constant a TableName() string method of the type returns, which gorm
// takes instead, or the table its tableName field's tag names (go-pg, bun).
// imported gives the constant a method of another package returns (a
// fact: the model declared in a models package, created in another).
func tableOf(prog *ssa.Program, imported func(*types.Func) (string, bool), t types.Type) string {
	n, ok := types.Unalias(elemType(t)).(*types.Named)
	if !ok {
		return ""
	}
	if name := declaredTableName(prog, imported, n); name != "" {
		return name
	}
	if name := taggedTableName(n); name != "" {
		return name
	}
	return pluralSnake(n.Obj().Name())
}

// declaredTableName is the constant a model type's TableName() string
// method returns on every path, or "" (no such method, or a name computed
// at run time). A method of another package has no body in this program:
// its constant is imported's (the package's fact), "" without one.
func declaredTableName(prog *ssa.Program, imported func(*types.Func) (string, bool), n *types.Named) string {
	if prog == nil {
		return ""
	}
	ms := prog.MethodSets.MethodSet(types.NewPointer(n))
	sel := ms.Lookup(n.Obj().Pkg(), "TableName")
	if sel == nil {
		return ""
	}
	sig, ok := sel.Type().(*types.Signature)
	if !ok || sig.Params().Len() != 0 || sig.Results().Len() != 1 {
		return ""
	}
	if b, ok := sig.Results().At(0).Type().Underlying().(*types.Basic); !ok || b.Kind() != types.String {
		return ""
	}
	fn := prog.MethodValue(sel)
	if fn == nil {
		return ""
	}
	fn = ssavalue.Declared(fn)
	if len(fn.Blocks) == 0 {
		if obj, ok := sel.Obj().(*types.Func); ok && imported != nil {
			if v, ok := imported(obj.Origin()); ok {
				return v
			}
		}
		return ""
	}
	name := ""
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			ret, ok := instr.(*ssa.Return)
			if !ok {
				continue
			}
			c, ok := ret.Results[0].(*ssa.Const)
			if !ok || c.Value == nil || c.Value.Kind() != constant.String {
				return ""
			}
			v := constant.StringVal(c.Value)
			if name != "" && v != name {
				return ""
			}
			name = v
		}
	}
	return name
}

// modelTypeOf returns the named model type of a value (*User → User).
func modelTypeOf(v ssa.Value) types.Type {
	t := elemType(normalize(v).Type())
	if _, ok := types.Unalias(t).(*types.Named); !ok {
		return nil
	}
	return t
}

// elemType takes pointers and slices off t (*[]*User → User). A type can
// be its own element (type List []List, type P *P): the walk stops at a
// type it has already been through, and after a few steps in any case.
func elemType(t types.Type) types.Type {
	seen := map[types.Type]bool{}
	for i := 0; i < 8 && !seen[t]; i++ {
		seen[t] = true
		switch x := t.Underlying().(type) {
		case *types.Pointer:
			t = x.Elem()
		case *types.Slice:
			t = x.Elem()
		default:
			return t
		}
	}
	return t
}

// TableName is the table an ORM names after a type: "UserProfile" →
// "user_profiles".
func TableName(typeName string) string { return pluralSnake(typeName) }

// pluralSnake turns "UserProfile" into "user_profiles".
func pluralSnake(name string) string { return triggers.PluralSnake(name) }

// hooks adds, at an ORM call, the effects of the model type's hook methods
// the call runs (gorm's BeforeCreate, AfterCreate, …): nothing calls them
// statically, the ORM finds them by reflection.
func (w *walker) hooks(ci ssa.CallInstruction, names []string, model ssa.Value) {
	t := modelTypeOf(model)
	if t == nil {
		return
	}
	prog := w.fn.Prog
	ms := prog.MethodSets.MethodSet(types.NewPointer(t))
	for _, name := range names {
		for i := 0; i < ms.Len(); i++ {
			sel := ms.At(i)
			if sel.Obj().Name() != name {
				continue
			}
			fn := prog.MethodValue(sel)
			if fn == nil {
				continue
			}
			fn = ssavalue.Declared(fn)
			w.callRefOnce(ci, funcRef{fn: fn, recv: model}, nil)
		}
	}
}
