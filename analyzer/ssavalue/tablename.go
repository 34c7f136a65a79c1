package ssavalue

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// FieldTable names the table that field name of the struct literal v
// gives (DynamoDB's GetItemInput{TableName: …}): a constant string
// (aws.String("events")), or the variable the name is read from — a
// struct field (&s.ControlTable, aws.String(s.cfg.Table)), named
// "pkg.Type.Field", or a package-level variable, "pkg.name". Every call
// given that variable addresses one table, whichever value of the type
// holds it, as a reviewer reads two calls both given s.ControlTable. ""
// when the field is not stored here, holds anything else (a parameter:
// the caller's to tell), or its stores disagree.
func FieldTable(v ssa.Value, name string) string {
	a := LocalOf(v)
	if a == nil {
		return ""
	}
	out := ""
	for _, st := range FieldStores(a, name) {
		t := tableOf(unPointerHelper(st.Val))
		if t == "" || out != "" && t != out {
			return ""
		}
		out = t
	}
	return out
}

// tableOf is the table name v holds or the variable it reads it from,
// as FieldTable says; "" for anything else.
func tableOf(v ssa.Value) string {
	switch x := v.(type) {
	case *ssa.Const:
		if x.Value != nil && x.Value.Kind() == constant.String {
			return constant.StringVal(x.Value)
		}
	case *ssa.FieldAddr:
		return ownedField(x.X.Type(), x.Field)
	case *ssa.Field:
		return ownedField(x.X.Type(), x.Field)
	case *ssa.Global:
		return globalName(x)
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return ""
		}
		switch y := x.X.(type) {
		case *ssa.FieldAddr:
			return ownedField(y.X.Type(), y.Field)
		case *ssa.Global:
			return globalName(y)
		}
	}
	return ""
}

// ownedField names field i of the named struct t (or the one t points
// to) "pkg.Type.Field", by the package's name; "" for an unnamed struct.
func ownedField(t types.Type, i int) string {
	n, f := namedField(t, i)
	if n == nil {
		return ""
	}
	return n.Obj().Pkg().Name() + "." + n.Obj().Name() + "." + f
}

// globalName names a package-level variable "pkg.name".
func globalName(g *ssa.Global) string {
	if g.Pkg == nil || g.Pkg.Pkg == nil {
		return ""
	}
	return g.Pkg.Pkg.Name() + "." + g.Name()
}
