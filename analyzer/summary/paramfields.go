package summary

import (
	"cmp"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// Callbacks held in a field of an argument struct. A list helper takes its
// callback in a field of its input (lamassuiot's
// GetDeviceByDMS(ctx, GetDevicesByDMSInput{ListInput: ListInput{ApplyFunc:
// func(d Device) {…}}}), which passes input.ApplyFunc on to the iterator
// that calls it): the function a caller stores in that field is what
// runs. The helper's summary records the call of its parameter's field
// (CallsParamFields), as it records a func-typed parameter's
// (CallsParams), besides the unknown effect it makes there, and a caller
// substitutes what its literal stores there (a function, a closure) for
// that unknown effect, or passes its own parameter's field on. Anything
// else keeps the unknown effect (which the whole-program phase may still
// resolve by the field's stores), never none. The receiver's fields are
// not taken here (a field the program wires once, funcfields.go).

// ParamFieldCall is a func-typed field of a parameter that a function
// calls: the parameter (receiver first, as CallsParams counts) and the
// dotted path of the field (ListInput.ApplyFunc).
type ParamFieldCall struct {
	Param int
	Field string
	// Pos is the evidence of the unknown effect the call stands as until
	// a caller resolves it (kept for the callers that cannot: the
	// whole-program phase may still resolve the field by its stores).
	Pos string
}

// paramFieldCall records a call of v, made as the unknown effect at pos,
// when v is a field of one of the function's parameters other than its
// receiver (a struct passed by value or by pointer).
func (w *walker) paramFieldCall(v ssa.Value, pos string) {
	k, f := w.paramField(v)
	if k == effect.NoExec || f == "" || k >= len(w.fn.Params) || (k == 0 && w.fn.Signature.Recv() != nil) {
		return
	}
	w.fieldCalls = append(w.fieldCalls, ParamFieldCall{Param: k, Field: f, Pos: pos})
}

// dropFieldUnknown removes the unknown effect the call ci brought up from
// its callee for a field call (at pos) that ci's argument resolves.
func (w *walker) dropFieldUnknown(ci ssa.CallInstruction, pos string) {
	out := w.sites[:0]
	for _, s := range w.sites {
		if s.Instr == ci && s.Effect.Kind == effect.KindDynamic && s.Effect.Evidence() == pos {
			continue
		}
		out = append(out, s)
	}
	w.sites = out
}

// callParamFields substitutes, at a call of a function with summary sum,
// the functions the call's arguments hold in the fields sum calls.
func (w *walker) callParamFields(ci ssa.CallInstruction, sum *Summary, args, bindings []ssa.Value) {
	for _, c := range sum.CallsParamFields {
		v := pick(c.Param, args, bindings)
		if v == nil {
			continue
		}
		if fns := FieldFuncValues(v, c.Field); len(fns) > 0 {
			w.dropFieldUnknown(ci, c.Pos)
			for _, fv := range fns {
				w.callArg(ci, fv)
			}
			continue
		}
		// The caller's own parameter passed on, or a field of it: its
		// callers store the function. Otherwise the callee's unknown
		// effect stands (its Via names the field).
		if k := w.execIndex(spilledParam(normalize(v))); k != effect.NoExec && k < len(w.fn.Params) && !(k == 0 && w.fn.Signature.Recv() != nil) {
			w.fieldCalls = append(w.fieldCalls, ParamFieldCall{Param: k, Field: c.Field, Pos: c.Pos})
		} else if k, f := w.paramField(v); k != effect.NoExec && f != "" && k < len(w.fn.Params) && !(k == 0 && w.fn.Signature.Recv() != nil) {
			w.fieldCalls = append(w.fieldCalls, ParamFieldCall{Param: k, Field: f + "." + c.Field, Pos: c.Pos})
		}
	}
}

// FieldFuncValues are the values the struct literal v (a local, or its
// copy passed by value) stores in the dotted field path: nested literals
// built in place (&t.ListInput then .ApplyFunc) or stored whole (a local
// literal copied into the field). nil when it stores nothing there.
func FieldFuncValues(v ssa.Value, path string) []ssa.Value {
	return fieldValues(v, strings.Split(path, "."), 0)
}

func fieldValues(v ssa.Value, names []string, depth int) []ssa.Value {
	if depth > 4 {
		return nil
	}
	a := ssavalue.LocalOf(v)
	if a == nil {
		return nil
	}
	var out []ssa.Value
	for _, st := range pathStores(a, names) {
		out = append(out, st.Val)
	}
	if len(out) > 0 {
		return out
	}
	// A prefix of the path stored whole: T{ListInput: li}, li a local
	// literal.
	for i := len(names) - 1; i >= 1; i-- {
		for _, st := range pathStores(a, names[:i]) {
			out = append(out, fieldValues(st.Val, names[i:], depth+1)...)
		}
		if len(out) > 0 {
			return out
		}
	}
	return nil
}

// sortParamFields sorts and deduplicates field calls.
func sortParamFields(cs []ParamFieldCall) []ParamFieldCall {
	slices.SortFunc(cs, func(a, b ParamFieldCall) int {
		if c := cmp.Compare(a.Param, b.Param); c != 0 {
			return c
		}
		if c := cmp.Compare(a.Field, b.Field); c != 0 {
			return c
		}
		return cmp.Compare(a.Pos, b.Pos)
	})
	return slices.Compact(cs)
}
