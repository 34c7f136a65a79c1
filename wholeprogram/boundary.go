package wholeprogram

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/models"
	"github.com/jobeffects/jobeffects/analyzer/summary"
)

// Library boundaries. A call into another module's function whose code
// makes calls the per-package pass cannot resolve (func values, interface
// methods: gjson's modifiers, a decoder's hooks) is one unknown effect
// named at the boundary ("github.com/tidwall/gjson.GetBytes makes calls
// that cannot be resolved here"). The whole program can do better: when
// the call graph resolves every dynamic call the library function can
// reach, and nothing it reaches is a modelled effect or a call the catalog
// cannot classify, the boundary call has no effect. An interface call the
// graph gives no callee (a value asserted to the interface from an any its
// callers fill, which VTA does not follow) takes the class hierarchy's:
// every implementation the program has; when there is none and the value
// was asserted to that interface, the assertion never succeeds and the
// call never runs (a logger formatting kv[i].(Formatter).Format()).
// Anything short of that
// keeps the unknown: a dynamic call without callees, a function without
// a body (assembly), reflection, a function value handed to a library the
// graph does not enter, or a graph too large to walk.

// maxBoundary bounds the functions walked from one boundary call.
const maxBoundary = 4000

// boundaryInert reports whether the call at an unresolved boundary effect's
// site reaches no effect over the whole program.
func (r *resolver) boundaryInert(e effect.Effect) bool {
	if e.Kind != effect.KindDynamic || e.Folded || r.cg == nil {
		return false
	}
	calls := r.staticSites()[e.Evidence()]
	if len(calls) == 0 {
		return false
	}
	for _, ci := range calls {
		callee := ci.Common().StaticCallee()
		if callee == nil || r.modeled(callee) || summary.FuncName(funcObj(callee)) != e.Target {
			return false
		}
		// Only a summary keeps the catalogued calls apart: a function
		// whose package was not analysed has none, and all it reaches
		// counts.
		if r.sums[summary.Key(r.fset, callee)] != nil {
			if !r.reachesNoOtherEffect(callee) {
				return false
			}
		} else if !r.reachesNoEffect(callee) {
			return false
		}
	}
	return true
}

func funcObj(fn *ssa.Function) *types.Func {
	obj, _ := fn.Object().(*types.Func)
	return obj
}

// staticSites maps positions to the static calls into functions of other
// modules' packages the slice makes there (built once).
func (r *resolver) staticSites() map[string][]ssa.CallInstruction {
	if r.static != nil {
		return r.static
	}
	r.static = map[string][]ssa.CallInstruction{}
	for fn := range r.sliceFns {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				ci, ok := instr.(ssa.CallInstruction)
				if !ok || !ci.Pos().IsValid() {
					continue
				}
				if callee := ci.Common().StaticCallee(); callee != nil && funcObj(callee) != nil {
					pos := summary.PosString(r.fset, ci.Pos())
					r.static[pos] = append(r.static[pos], ci)
				}
			}
		}
	}
	return r.static
}

// reachesNoEffect walks the call graph from fn: every call must go to a
// function with a body that is walked in turn, or to a modelled function
// without effect; function values given to modelled functions (which the
// graph does not enter) are walked as called.
func (r *resolver) reachesNoEffect(fn *ssa.Function) bool {
	return r.reachesNoEffectBut(fn, false)
}

// reachesNoOtherEffect is reachesNoEffect for a library function whose
// summary keeps the catalogued calls it makes as effects of their own
// (summary.FoldAtBoundary keeps an HTTP POST the catalog rates and folds
// only what it cannot resolve): such a call, a function the catalog
// models with an effect kind (langchaingo's internal client's
// CreateChat), is not walked into: its model decides it, as it did in
// the summary. Dynamic calls inside it are the catalog's to describe (its
// comment says what it does not follow).
func (r *resolver) reachesNoOtherEffect(fn *ssa.Function) bool {
	return r.reachesNoEffectBut(fn, true)
}

// catalogued reports whether fn has a catalog model with an effect kind
// of its own.
func (r *resolver) catalogued(fn *ssa.Function) bool {
	obj := funcObj(ssaDeclared(fn))
	if obj == nil {
		return false
	}
	m := r.ix.Lookup(obj)
	return m != nil && m.Kind != ""
}

// reachesNoEffectBut is reachesNoEffect; with apart, a catalogued call
// reached from fn by static calls only (which fn's summary saw, and kept)
// is not walked. One reached through a dynamic call is walked as before:
// no summary kept its effect.
func (r *resolver) reachesNoEffectBut(fn *ssa.Function, apart bool) bool {
	type item struct {
		f      *ssa.Function
		static bool // reached from fn by static calls only
	}
	seen := map[*ssa.Function]int{} // 1: walked as static, 2: as dynamic
	work := []item{{fn, true}}
	for len(work) > 0 {
		it := work[len(work)-1]
		f := it.f
		work = work[:len(work)-1]
		if seen[f] == 2 || seen[f] == 1 && it.static {
			continue
		}
		seen[f] = 1
		if !it.static {
			seen[f] = 2
		}
		if len(seen) > maxBoundary || f.Blocks == nil {
			return false // too large to tell, or assembly
		}
		node := r.cg.Nodes[f]
		bySite := map[ssa.CallInstruction][]*ssa.Function{}
		if node != nil {
			for _, out := range node.Out {
				if out.Site != nil && out.Callee.Func != nil {
					bySite[out.Site] = append(bySite[out.Site], out.Callee.Func)
				}
			}
		}
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				ci, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				c := ci.Common()
				if _, builtin := c.Value.(*ssa.Builtin); builtin {
					continue
				}
				var callees []*ssa.Function
				static := false
				if s := c.StaticCallee(); s != nil {
					callees, static = []*ssa.Function{s}, it.static
				} else if callees = bySite[ci]; len(callees) == 0 {
					if c.IsInvoke() && r.inertInterface(c.Method) {
						continue
					}
					cha, known := r.chaCallees(f, ci)
					if len(cha) > 0 {
						// No value VTA sees flows there (a value asserted
						// to the interface from an any the callers fill):
						// every implementation the program has.
						callees = cha
						goto walk
					}
					if known && c.IsInvoke() && assertedTo(c.Value) {
						// No type of the program implements the interface
						// a value was asserted to: the assertion fails and
						// the call never runs (log's val.(LogFormatter).Format()).
						continue
					}
					return false // a dynamic call the graph does not resolve
				}
			walk:
				for _, g := range callees {
					if apart && static && r.catalogued(g) {
						continue // its model is an effect of its own, kept
					}
					if !r.modeled(g) {
						work = append(work, item{g, static})
						continue
					}
					if !r.inertCall(g) && !r.bufferedInert(c, g) {
						return false
					}
					// A modelled function runs the function values it is
					// given (sort.Slice, sync.Once.Do) out of the graph's sight.
					for _, a := range c.Args {
						if _, isFunc := a.Type().Underlying().(*types.Signature); !isFunc {
							continue
						}
						switch v := a.(type) {
						case *ssa.Function:
							work = append(work, item{v, false})
						case *ssa.MakeClosure:
							work = append(work, item{v.Fn.(*ssa.Function), false})
						default:
							return false
						}
					}
				}
			}
		}
	}
	return true
}

// inertCall reports whether a modelled function has no effect: no model
// with an effect, and not a call of a catalogued library left unmodelled.
func (r *resolver) inertCall(fn *ssa.Function) bool {
	obj := funcObj(ssaDeclared(fn))
	if obj == nil {
		return fn.Synthetic != "" // wrappers of modelled methods
	}
	if m := r.ix.Lookup(obj); m != nil {
		if m.None {
			return true
		}
		if m.Kind == "" {
			// No kind of its own: inert unless its arguments decide an
			// effect (the SQL of (*sql.DB).ExecContext, a request's
			// method, a file's open flags, a command), which this walk
			// does not read.
			return !decidedByArgs(m)
		}
		risk, ok := effect.ParseRisk(m.Risk)
		return ok && risk == effect.Safe
	}
	return !r.ix.Unmodeled(obj)
}

// inertInterface reports whether an interface method the call graph gives
// no implementation is one the catalog declares inert with its package
// (reflect.Type's Kind, a JSON codec's API): the program's code implements
// it nowhere the graph sees, so what runs is that package's own code,
// which the catalog says touches only memory.
func (r *resolver) inertInterface(m *types.Func) bool {
	return m != nil && r.ix.Lookup(m) == nil && r.ix.Inert(m)
}

// decidedByArgs reports whether a model without a kind of its own takes
// its effect from the call's arguments or receiver.
func decidedByArgs(m *models.Model) bool {
	return m.SQL != nil || m.Prepared || m.Request != nil || m.Method != "" || m.Body != nil ||
		m.CopyRows != nil || m.OpenFlags != nil || m.Command || m.Claim || m.Complete ||
		m.NoneIfArg != nil || m.StoredCallback != nil
}

func ssaDeclared(fn *ssa.Function) *ssa.Function {
	if o := fn.Origin(); o != nil {
		return o
	}
	return fn
}

// chaCallees are the callees the class-hierarchy graph gives the call ci
// of f: for an interface call, every method of that name of the program's
// types that implement the interface.
// known: the graph has f's calls (f is in the slice it was built on).
func (r *resolver) chaCallees(f *ssa.Function, ci ssa.CallInstruction) (out []*ssa.Function, known bool) {
	if r.cha == nil {
		return nil, false
	}
	node := r.cha.Nodes[f]
	if node == nil {
		return nil, false
	}
	for _, e := range node.Out {
		if e.Site == ci && e.Callee.Func != nil {
			out = append(out, e.Callee.Func)
		}
	}
	return out, true
}

// assertedTo reports whether the interface value v is the result of a
// type assertion to its interface type (x.(I), or v of v, ok := x.(I)).
func assertedTo(v ssa.Value) bool {
	switch x := v.(type) {
	case *ssa.TypeAssert:
		return types.IsInterface(x.AssertedType)
	case *ssa.Extract:
		if ta, ok := x.Tuple.(*ssa.TypeAssert); ok && x.Index == 0 {
			return types.IsInterface(ta.AssertedType)
		}
	}
	return false
}
