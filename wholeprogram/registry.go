package wholeprogram

import (
	"fmt"
	"go/types"
	"sort"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/models"
	"github.com/jobeffects/jobeffects/analyzer/result"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
	"github.com/jobeffects/jobeffects/analyzer/summary"
)

// Home-grown registries: an application wraps a job framework behind its
// own job interface, registers the job types in a map
// (RegisterJobs(map[string]any{"GC": (*gc.Job)(nil), …})), and the
// framework handler creates the job by reflection and calls job.Run
// through the interface. No value flows from reflect.New to the call, so
// VTA resolves nothing there. When such a call (Effect.Reflective) stays
// unresolved, every implementation of the method in the program is a
// handler of its own, with the registry key as its task where a map
// literal gives it, and low confidence.

// registry holds the program's registry keys by type: a map entry
// key → value whose value is of type T (or *T).
type registry struct {
	prog *ssa.Program
	ix   *models.Index
	keys map[types.Type]string
}

func newRegistry(prog *ssa.Program, roots []*ssa.Function, ix *models.Index) *registry {
	reg := &registry{prog: prog, ix: ix, keys: map[types.Type]string{}}
	for _, fn := range roots {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				up, ok := instr.(*ssa.MapUpdate)
				if !ok {
					continue
				}
				key := ssavalue.ConstString(ssavalue.Unconvert(up.Key))
				mi, ok := up.Value.(*ssa.MakeInterface)
				if !ok || key == "" {
					continue
				}
				t := ssavalue.Deref(mi.X.Type())
				if _, seen := reg.keys[t]; !seen {
					reg.keys[t] = key
				}
			}
		}
	}
	return reg
}

// indexInvokes records the method of every interface call in the slice.
func (r *resolver) indexInvokes(slice map[*ssa.Function]bool) {
	r.invokes = map[string]*types.Func{}
	for fn := range slice {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if ci, ok := instr.(ssa.CallInstruction); ok && ci.Common().IsInvoke() {
					r.invokes[summary.PosString(r.fset, ci.Pos())] = ci.Common().Method
				}
			}
		}
	}
}

// registryHandlers are the handlers a framework handler dispatches to
// through reflection: the implementations of the methods its unresolved
// reflective calls invoke.
func (r *resolver) registryHandlers(h *result.Handler, effs []effect.Effect, reg *registry) []*result.Handler {
	var out []*result.Handler
	seen := map[*ssa.Function]bool{}
	for i := range effs {
		e := &effs[i]
		if e.Kind != effect.KindDynamic || !e.Reflective {
			continue
		}
		m := r.invokes[e.Evidence()]
		if m == nil {
			continue
		}
		impls := reg.implementations(m)
		if len(impls) == 0 {
			continue
		}
		e.Detail = fmt.Sprintf("%s; through reflection, it dispatches to %d implementations, each listed as a handler", e.Detail, len(impls))
		for _, impl := range impls {
			fn, recv := impl.fn, impl.recv
			if seen[fn] {
				continue
			}
			seen[fn] = true
			s := r.sums[summary.Key(r.fset, fn)]
			pos := summary.PosString(r.fset, fn.Pos())
			hr := &result.Handler{
				Framework: h.Framework, Task: reg.keys[recv], Name: summary.SSAName(fn), FullName: summary.FullName(fn),
				Pos: pos, At: pos, Registered: h.Registered, Owner: true, Confidence: "low",
				Note: fmt.Sprintf("found through a registry: %s calls %s through reflection at %s; every implementation in the program is a handler",
					h.Name, summary.FuncName(m), e.Evidence()),
			}
			withSummary(hr, s, "the implementation's package was not analysed")
			out = append(out, hr)
		}
	}
	return out
}

type implementation struct {
	fn   *ssa.Function
	recv types.Type // the implementing type, without pointer
}

// implementations are the methods implementing m (an interface method) of
// the program's own types, sorted.
func (reg *registry) implementations(m *types.Func) []implementation {
	sig, ok := m.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return nil
	}
	iface, ok := sig.Recv().Type().Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	var out []implementation
	for _, p := range reg.prog.AllPackages() {
		if reg.ix.Modeled(p.Pkg) {
			continue
		}
		for _, mem := range p.Members {
			tm, ok := mem.(*ssa.Type)
			if !ok {
				continue
			}
			t := tm.Type()
			if types.IsInterface(t) {
				continue
			}
			for _, cand := range []types.Type{t, types.NewPointer(t)} {
				if !types.Implements(cand, iface) {
					continue
				}
				sel := reg.prog.MethodSets.MethodSet(cand).Lookup(m.Pkg(), m.Name())
				if sel == nil {
					break
				}
				if fn := reg.prog.MethodValue(sel); fn != nil {
					out = append(out, implementation{fn: ssavalue.Declared(fn), recv: t})
				}
				break
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].fn.String() < out[j].fn.String() })
	return out
}

// withSummary gives a handler found by the whole program the effects,
// pitfalls and ignore directive of its function's summary, or an unknown
// effect saying why there is none; it reports whether there was one.
func withSummary(hr *result.Handler, s *summary.Summary, missing string) bool {
	if s == nil {
		hr.Unanalysed = missing
		hr.Effects = []effect.Effect{{Kind: effect.KindUnknown, Op: effect.OpUnknown, Risk: effect.Unknown, Detail: hr.Unanalysed,
			Path: []effect.Hop{{Pos: hr.Pos, Func: hr.Name}}, Exec: effect.NoExec}}
		return false
	}
	hr.Effects = append([]effect.Effect(nil), s.Effects...)
	hr.Pitfalls, hr.Ignore = s.Pitfalls, s.Ignore
	return true
}
