package wholeprogram

import (
	"fmt"
	"go/types"
	"sort"
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

// fieldKey names a struct field: the struct type and the field's index.
type fieldKey struct {
	t     types.Type
	index int
}

// dispatchEntry is one constant-keyed entry stored into a dispatch field.
type dispatchEntry struct {
	key string
	fn  *ssa.Function
	at  string // the entry's position
}

// dispatchFields finds, in the given functions, the maps of functions
// stored into struct fields with constant keys.
func (r *resolver) dispatchFields(fns []*ssa.Function) map[fieldKey][]dispatchEntry {
	out := map[fieldKey][]dispatchEntry{}
	for _, fn := range fns {
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
				mm, ok := st.Val.(*ssa.MakeMap)
				if !ok || !funcValued(mm.Type()) {
					continue
				}
				k := fieldKey{ssavalue.Deref(fa.X.Type()), fa.Field}
				for _, ref := range ssavalue.Referrers(mm) {
					up, ok := ref.(*ssa.MapUpdate)
					if !ok || up.Map != mm {
						continue
					}
					key := ssavalue.ConstString(ssavalue.Unconvert(up.Key))
					target := entryFunc(up.Value)
					if key == "" || target == nil {
						continue
					}
					out[k] = append(out[k], dispatchEntry{key: key, fn: target, at: summary.PosString(r.fset, up.Pos())})
				}
			}
		}
	}
	return out
}

// funcValued reports whether t is a map whose values are functions.
func funcValued(t types.Type) bool {
	m, ok := t.Underlying().(*types.Map)
	if !ok {
		return false
	}
	_, ok = m.Elem().Underlying().(*types.Signature)
	return ok
}

// entryFunc is the function a map entry's value is: a closure or a
// declared function.
func entryFunc(v ssa.Value) *ssa.Function {
	switch x := v.(type) {
	case *ssa.Function:
		return x
	case *ssa.MakeClosure:
		if fn, ok := x.Fn.(*ssa.Function); ok {
			return fn
		}
	}
	return nil
}

// dispatchedFields are the fields whose maps fn calls a function from:
// call m[k](…) or f, ok := m[k]; …; f(…), where m is read from a field.
func dispatchedFields(fn *ssa.Function) []fieldKey {
	var out []fieldKey
	seen := map[fieldKey]bool{}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			ci, ok := instr.(ssa.CallInstruction)
			if !ok || ci.Common().IsInvoke() || ci.Common().StaticCallee() != nil {
				continue
			}
			for _, lk := range lookups(ci.Common().Value, map[ssa.Value]bool{}) {
				if k, ok := mapField(lk.X); ok && !seen[k] {
					seen[k] = true
					out = append(out, k)
				}
			}
		}
	}
	return out
}

// lookups are the map lookups a called value comes from, through phis
// and comma-ok extracts.
func lookups(v ssa.Value, seen map[ssa.Value]bool) []*ssa.Lookup {
	if seen[v] {
		return nil
	}
	seen[v] = true
	switch x := v.(type) {
	case *ssa.Lookup:
		return []*ssa.Lookup{x}
	case *ssa.Extract:
		if lk, ok := x.Tuple.(*ssa.Lookup); ok && x.Index == 0 {
			return []*ssa.Lookup{lk}
		}
	case *ssa.Phi:
		var out []*ssa.Lookup
		for _, e := range x.Edges {
			out = append(out, lookups(e, seen)...)
		}
		return out
	}
	return nil
}

// mapField is the struct field a map value is read from.
func mapField(v ssa.Value) (fieldKey, bool) {
	switch x := v.(type) {
	case *ssa.Field: // a value receiver's field
		return fieldKey{ssavalue.Deref(x.X.Type()), x.Field}, true
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok {
			return fieldKey{ssavalue.Deref(fa.X.Type()), fa.Field}, true
		}
	}
	return fieldKey{}, false
}

// dispatchHandlers are the entries of the dispatch maps handler h (its
// function fn) calls through, each a handler with its key as the task;
// known are the handlers already listed (Pos|Name), not listed again.
func (r *resolver) dispatchHandlers(h *result.Handler, fn *ssa.Function, fields map[fieldKey][]dispatchEntry,
	known map[string]bool, regs map[string][]registration, stats *Stats) []*result.Handler {
	var out []*result.Handler
	for _, k := range dispatchedFields(fn) {
		var entries []dispatchEntry
		for fk, es := range fields {
			if types.Identical(fk.t, k.t) && fk.index == k.index {
				entries = append(entries, es...)
			}
		}
		sort.Slice(entries, func(i, j int) bool {
			if entries[i].key != entries[j].key {
				return entries[i].key < entries[j].key
			}
			return entries[i].at < entries[j].at
		})
		for _, e := range entries {
			pos := summary.PosString(r.fset, e.fn.Pos())
			name := summary.SSAName(e.fn)
			if known[pos+"|"+name+"|"+e.key] {
				continue
			}
			known[pos+"|"+name+"|"+e.key] = true
			hr := &result.Handler{
				Framework: h.Framework, Task: e.key, Name: name, FullName: summary.FullName(e.fn),
				Pos: pos, At: pos, Registered: e.at, Owner: true, Confidence: h.Confidence,
				Rule: h.Rule, AtMostOnce: h.AtMostOnce, Test: h.Test || strings.HasSuffix(posFile(pos), "_test.go"),
				Note: fmt.Sprintf("dispatched by %s: the entry %q of the map of functions it calls through (%s)", h.Name, e.key, e.at),
			}
			s := r.sums[summary.Key(r.fset, e.fn)]
			if s == nil {
				hr.Unanalysed = "the entry's package was not analysed"
				hr.Effects = []effect.Effect{{Kind: effect.KindUnknown, Op: effect.OpUnknown, Risk: effect.Unknown, Detail: hr.Unanalysed,
					Path: []effect.Hop{{Pos: pos, Func: hr.Name}}, Exec: effect.NoExec}}
			} else {
				hr.Effects = append([]effect.Effect(nil), s.Effects...)
				hr.Pitfalls, hr.Ignore = s.Pitfalls, s.Ignore
				if effs, pits, changed := r.handlerEffects(hr, regs, stats); changed {
					hr.Effects = effect.FoldAll(effs, false)
					hr.Pitfalls = guard.MergePitfalls(hr.Pitfalls, pits)
				}
			}
			out = append(out, hr)
		}
	}
	return out
}
