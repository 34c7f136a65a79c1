package wholeprogram

import (
	"strings"

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
				Rule: h.Rule, AtMostOnce: h.AtMostOnce, Test: h.Test || strings.HasSuffix(posFile(pos), "_test.go"),
				Note: result.DispatchNote(h.Name, e.Key, at),
			}
			if withSummary(hr, r.sums[summary.Key(r.fset, e.Fn)], "the entry's package was not analysed") {
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
