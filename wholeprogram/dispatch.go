package wholeprogram

import (
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/guard"
	"github.com/jobeffects/jobeffects/analyzer/result"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
	"github.com/jobeffects/jobeffects/analyzer/summary"
)

// Dispatch maps: one framework handler serves many message types by
// looking the real handler up in a map of functions kept in a field
// (h.dispatch[event.Type()](event)), filled where the type is built:
// &Handler{dispatch: map[string]func(*Event) error{"device.created": func…}}.
// The framework sees one handler; each entry is a handler of its own,
// with its key as the task, and a reviewer labels them so. VTA already
// joins every entry's effects into the dispatcher's; here each entry with
// a constant key is listed too, its effects resolved over the program.

// dispatchEntry is one constant-keyed entry stored into a dispatch field.
type dispatchEntry = ssavalue.DispatchEntry

// dispatchHandlers are the entries of the dispatch maps handler h (its
// function fn) calls through, each a handler with its key as the task;
// known are the handlers already listed (Pos|Name), not listed again.
func (r *resolver) dispatchHandlers(h *result.Handler, fn *ssa.Function, fields map[ssavalue.FieldKey][]dispatchEntry,
	known map[string]bool, regs map[string][]registration, stats *Stats) []*result.Handler {
	var out []*result.Handler
	for _, k := range ssavalue.DispatchedFields(fn) {
		for _, e := range ssavalue.Entries(fields, k) {
			pos := summary.PosString(r.fset, e.Fn.Pos())
			name := summary.SSAName(e.Fn)
			at := summary.PosString(r.fset, e.Pos)
			if known[pos+"|"+name+"|"+e.Key] {
				continue
			}
			known[pos+"|"+name+"|"+e.Key] = true
			hr := &result.Handler{
				Framework: h.Framework, Task: e.Key, Name: name, FullName: summary.FullName(e.Fn),
				Pos: pos, At: pos, Registered: at, Owner: true, Confidence: h.Confidence,
				Rule: h.Rule, AtMostOnce: h.AtMostOnce, AckMode: h.AckMode, Test: h.Test || strings.HasSuffix(posFile(pos), "_test.go"),
				Note: result.DispatchNote(h.Name, e.Key, at),
			}
			if withSummary(hr, r.sums[summary.Key(r.fset, e.Fn)], "the entry's package was not analysed") {
				if j, m, ok := ssavalue.KeyedBy(fn, k.Same, e.Key); ok {
					hr.Effects = effect.UnderKey(hr.Effects, j, m, e.Key)
				}
				if effs, pits, changed := r.handlerEffects(hr, e.Fn, regs, stats); changed {
					hr.Effects = effect.FoldAll(effs, false)
					hr.Pitfalls = guard.MergePitfalls(hr.Pitfalls, pits)
				}
			}
			out = append(out, hr)
		}
	}
	return out
}

// localDispatch makes each call through a dispatch map that its package
// fills whole (ssavalue.LocalDispatchFields: an unexported field the
// package alone sets, with constant keys and functions) reach exactly the
// map's entries, whatever else VTA lets flow into a map of that type, and
// records the keys each entry is stored under for the hop's label. go vet
// resolves the same calls to the same entries in the package's own pass
// (analyzer/dispatch.go), so both name the entry that repeats an effect.
func (r *resolver) localDispatch(prog *ssa.Program, pkgs []*packages.Package) {
	r.dispatchKeys = map[string]map[*ssa.Function][]string{}
	r.dispatchKeyed = map[string]map[*ssa.Function]ssavalue.DispatchTarget{}
	for _, p := range pkgs {
		if p.Types == nil {
			continue
		}
		sp := prog.Package(p.Types)
		if sp == nil || r.ix.Modeled(p.Types) {
			continue
		}
		var fns []*ssa.Function
		for fn := range functionsOf(prog, sp) {
			if fn.Blocks != nil {
				fns = append(fns, fn)
			}
		}
		sortByName(fns)
		fields := ssavalue.LocalDispatchFields(fns, sp.Pkg)
		if len(fields) == 0 {
			continue
		}
		for _, fn := range fns {
			for _, b := range fn.Blocks {
				for _, instr := range b.Instrs {
					ci, ok := instr.(ssa.CallInstruction)
					if !ok || !ci.Pos().IsValid() {
						continue
					}
					ts := ssavalue.DispatchTargets(ci.Common(), fields)
					if len(ts) == 0 {
						continue
					}
					ts = ssavalue.WithKeys(ci, ts)
					pos := summary.PosString(r.fset, ci.Pos())
					keys := map[*ssa.Function][]string{}
					var callees []*ssa.Function
					keyed := map[*ssa.Function]ssavalue.DispatchTarget{}
					for _, t := range ts {
						callees = append(callees, t.Fn)
						keys[t.Fn] = t.Keys
						if t.Keyed {
							keyed[t.Fn] = t
						}
					}
					r.dispatchKeyed[pos] = keyed
					r.callees[pos], r.dispatchKeys[pos] = callees, keys
					if !slices.Contains(r.sites[pos], ci) {
						r.sites[pos] = append(r.sites[pos], ci)
					}
				}
			}
		}
	}
}
