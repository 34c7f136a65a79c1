package summary

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// An interface call on a value the function made itself (calc :=
// newCalculator(db); calc.CreateParams(…)) runs the methods of the
// concrete types that value can hold, and the function's own SSA says
// which: a conversion of a concrete value, or the result of a call of one
// of the package's functions whose every return converts a concrete value
// (a constructor returning &impl{…} behind the interface it declares),
// through phis. The call is then a static call of each type's method, in
// both drivers, instead of a dynamic call left to the whole-program
// phase: there it costs one of the dynamic hops a resolved path may take
// (wholeprogram's maxDepth), and a call found past that bound is only read
// by its name ("Create…" an insert, where the method builds a value in
// memory). Not resolved: a value loaded from a field, a parameter, a
// global (globaliface.go decides the package's own), another interface
// call's result, a constructor of another package (its body is not here)
// or one that may return a value of unknown type, and a value that is
// only ever nil (the call panics).

// madeCallees returns the functions an interface call of method m on recv
// runs when recv is a value whose concrete types the function's own code
// decides (see above), and whether it is.
func (p *Package) madeCallees(recv ssa.Value, m *types.Func) ([]*ssa.Function, bool) {
	switch recv.(type) {
	case *ssa.Call, *ssa.Extract, *ssa.MakeInterface, *ssa.Phi, *ssa.ChangeInterface:
	default:
		return nil, false
	}
	set := map[string]types.Type{}
	// No global: concreteTypes' replacement rule (a method called on the
	// global itself) never applies, so a call on an interface result
	// decides nothing.
	if !p.concreteTypes(recv, nil, set, 0) || len(set) == 0 {
		return nil, false
	}
	var out []*ssa.Function
	for _, t := range sortedTypes(set) {
		fn := methodOf(p.pkg.Prog, t, m)
		if fn == nil {
			return nil, false
		}
		out = append(out, fn)
	}
	return out, true
}
