package wholeprogram

import (
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
	"github.com/jobeffects/jobeffects/analyzer/summary"
)

// A call of a func-typed field that nothing in the program sets never
// runs a function. dendrite's typing cache keeps a timeout callback
// (if t.timeoutCallback != nil { t.timeoutCallback(…) }) whose setter
// only tests call: in production the field stays nil. A reviewer reads it
// so; the per-package pass cannot (another package may set it), and the
// call graph has no callee for it, so the call stayed unknown. Decided
// only for a field of a struct type a root package declares, when no
// production function of the roots stores anything but nil into it (a
// setter that stores its parameter counts when something calls it): a
// dependency cannot set a field of a type it does not import.

// neverSet reports whether a dynamic-call effect calls a func-typed field
// that nothing in the program sets.
func (r *resolver) neverSet(e effect.Effect) bool {
	field, ok := strings.CutPrefix(e.Via, "field ")
	if !ok || !strings.HasPrefix(e.Detail, "calls function value ") || strings.HasSuffix(field, summary.ElemSuffix) {
		return false // an element of a field's collection: what fills it is not followed here
	}
	typ := field[:max(strings.LastIndex(field, "."), 0)]
	pkg := typ[:max(strings.LastIndex(typ, "."), 0)]
	if pkg == "" || !r.rootPackages()[pkg] {
		return false
	}
	return !r.setFuncFields()[field]
}

// rootPackages are the import paths of the roots' packages.
func (r *resolver) rootPackages() map[string]bool {
	if r.rootPkgs == nil {
		r.rootPkgs = map[string]bool{}
		for _, fn := range r.roots {
			if fn.Pkg != nil {
				r.rootPkgs[fn.Pkg.Pkg.Path()] = true
			}
		}
	}
	return r.rootPkgs
}

// setFuncFields are the func-typed fields ("pkg/path.Type.Field") the
// roots store a value other than nil into.
func (r *resolver) setFuncFields() map[string]bool {
	if r.funcFields == nil {
		r.funcFields = map[string]bool{}
		for _, fn := range r.roots {
			for _, b := range fn.Blocks {
				for _, instr := range b.Instrs {
					st, ok := instr.(*ssa.Store)
					if !ok {
						continue
					}
					fa, ok := st.Addr.(*ssa.FieldAddr)
					if !ok {
						continue
					}
					if _, isFunc := st.Val.Type().Underlying().(*types.Signature); !isFunc {
						continue
					}
					if c, ok := st.Val.(*ssa.Const); ok && c.IsNil() {
						continue
					}
					if _, ok := ssavalue.Unconvert(st.Val).(*ssa.Parameter); ok && !r.hasCaller(fn) {
						continue // a setter nothing in production calls (only tests do)
					}
					if name := ssavalue.QualifiedField(fa.X.Type(), fa.Field); name != "" {
						r.funcFields[name] = true
					}
				}
			}
		}
	}
	return r.funcFields
}

// hasCaller reports whether the call graph has a call of fn.
func (r *resolver) hasCaller(fn *ssa.Function) bool {
	if r.cg == nil {
		return true
	}
	n := r.cg.Nodes[fn]
	return n == nil || len(n.In) > 0
}
