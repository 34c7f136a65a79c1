package summary

import (
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/ssavalue"

	"github.com/jobeffects/jobeffects/analyzer/effect"
)

// documentOp classifies a MongoDB update document by its operators.
func documentOp(v ssa.Value) (op string, risk effect.Risk, detail string) {
	keys := documentKeys(normalize(v))
	if len(keys) == 0 {
		return effect.OpUnknown, effect.Unknown, "update document not constant"
	}
	op, risk = effect.OpSet, effect.Safe
	for _, k := range keys {
		switch k {
		case "$inc", "$mul", "$bit":
			return effect.OpIncrement, effect.Medium, k + " accumulates on a retry"
		case "$push", "$pushAll":
			return effect.OpAppend, effect.Medium, k + " appends again on a retry"
		case "$pop":
			return "consume", effect.Medium, "$pop removes another element on a retry"
		}
		if !strings.HasPrefix(k, "$") {
			// A replacement document or a pipeline stage: not an operator update.
			detail = "replacement document"
		}
	}
	return op, risk, detail
}

// resolveDoc decides, at a call, the op of a callee's MongoDB update
// whose document is a parameter (effect.Effect.DocArg): the operators of
// the document this call passes, or, when that is a parameter here in
// turn, this function's callers'.
func (w *walker) resolveDoc(e *effect.Effect, args, bindings []ssa.Value) {
	v := pick(e.DocArg-1, args, bindings)
	e.DocArg = 0
	if v == nil {
		return
	}
	if op, risk, detail := documentOp(v); op != effect.OpUnknown {
		e.Op, e.Risk, e.Detail = op, risk, detail
		return
	}
	if i := w.execIndex(normalize(v)); i != effect.NoExec {
		e.DocArg = i + 1
	}
}

// documentKeys returns the top-level keys of a bson.D / bson.M literal.
func documentKeys(v ssa.Value) []string {
	var keys []string
	if mm, ok := v.(*ssa.MakeMap); ok {
		for _, r := range ssavalue.Referrers(mm) {
			if up, ok := r.(*ssa.MapUpdate); ok {
				if texts := stringValues(normalize(up.Key)); len(texts) == 1 {
					keys = append(keys, texts[0])
				}
			}
		}
		return keys
	}
	for _, e := range ssavalue.SliceElems(v) {
		e = normalize(e)
		var alloc *ssa.Alloc
		switch x := e.(type) {
		case *ssa.UnOp:
			alloc, _ = x.X.(*ssa.Alloc)
		case *ssa.Alloc:
			alloc = x
		}
		if alloc == nil {
			return nil
		}
		for _, st := range ssavalue.FieldStores(alloc, "Key") {
			if texts := stringValues(st.Val); len(texts) == 1 {
				keys = append(keys, texts[0])
			}
		}
	}
	return keys
}
