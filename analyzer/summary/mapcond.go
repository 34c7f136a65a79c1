package summary

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// Lookups in a map a struct field holds. base-server's integration
// service finds the deliverer of a subscription's type in its deliverers
// map and returns when there is none (deliverer, ok :=
// s.deliverers[sub.IntegrationType]; if !ok { return }); the delivery
// insert and the call of the deliverer follow. Whether the map ever holds
// anything is a question of the whole program (another package may call
// the method that fills it), so the effects after the lookup carry its
// test (effect.MapHitParam, the field's qualified name), which every
// caller hands up as it is and the whole-program phase decides
// (wholeprogram/unfilledmaps.go).

// mapHitCond is the test that the comma-ok of x found its key in a map
// read from a field of a named struct type (through a pointer, or of a
// struct value), when x is that comma-ok.
func mapHitCond(x *ssa.Extract, truth bool) (effect.Cond, bool) {
	lk, ok := x.Tuple.(*ssa.Lookup)
	if !ok || !lk.CommaOk || x.Index != 1 {
		return effect.Cond{}, false
	}
	field := mapField(lk.X)
	if field == "" {
		return effect.Cond{}, false
	}
	return effect.Cond{Param: effect.MapHitParam, Path: field, Value: constant.MakeBool(truth).ExactString()}, true
}

// mapField is the qualified name ("pkg/path.Type.Field") of the struct
// field m is read from, when m is a map loaded from a field's address or
// taken from a struct value's field; "" otherwise.
func mapField(m ssa.Value) string {
	switch x := m.(type) {
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return ""
		}
		if fa, ok := x.X.(*ssa.FieldAddr); ok {
			return ssavalue.QualifiedField(fa.X.Type(), fa.Field)
		}
	case *ssa.Field:
		return qualifiedValueField(x)
	}
	return ""
}

// qualifiedValueField is QualifiedField for a field of a struct value.
func qualifiedValueField(f *ssa.Field) string {
	return ssavalue.QualifiedField(types.NewPointer(f.X.Type()), f.Field)
}
