package summary

import (
	"go/constant"
	"go/token"
	"go/types"
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
	for _, f := range documentFields(v) {
		keys = append(keys, f.key)
	}
	return keys
}

// docField is one top-level element of a bson.D / bson.M literal: its
// key and the value stored with it (nil when the literal stores none
// this function can see).
type docField struct {
	key string
	val ssa.Value
}

// documentFields returns the top-level elements of a bson.D / bson.M
// literal, in the order of their stores; nil when v is not a literal of
// constant keys.
func documentFields(v ssa.Value) []docField {
	var fields []docField
	if mm, ok := v.(*ssa.MakeMap); ok {
		for _, r := range ssavalue.Referrers(mm) {
			if up, ok := r.(*ssa.MapUpdate); ok {
				if texts := stringValues(normalize(up.Key)); len(texts) == 1 {
					fields = append(fields, docField{texts[0], normalize(up.Value)})
				}
			}
		}
		return fields
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
		var val ssa.Value
		if vals := ssavalue.FieldStores(alloc, "Value"); len(vals) == 1 {
			val = normalize(vals[0].Val)
		}
		for _, st := range ssavalue.FieldStores(alloc, "Key") {
			if texts := stringValues(st.Val); len(texts) == 1 {
				fields = append(fields, docField{texts[0], val})
			}
		}
	}
	return fields
}

// transitionField is the field an update moves from the value its filter
// requires to another one, "" for none: filter {status: "paid"} (or
// {status: {$eq: …}}, or {status: {$ne: "shipped"}}) with
// {$set: {status: "shipped"}}. Such an update is a conditional state
// transition, the compare-and-set of SQL's update … set status = 'shipped'
// where status = 'paid' (sqlclass): a second delivery's filter matches no
// document, so the update's other operators ($push, $inc) run once per
// transition, not once per delivery. A filter that still matches the
// moved document ({status: "shipped"} set to "shipped", $in, $exists,
// a filter not built here) is no transition.
func transitionField(filter, update ssa.Value) string {
	var sets []docField
	for _, f := range documentFields(normalize(update)) {
		if f.key == "$set" && f.val != nil {
			sets = append(sets, documentFields(f.val)...)
		}
	}
	for _, f := range documentFields(normalize(filter)) {
		if f.val == nil || strings.HasPrefix(f.key, "$") {
			continue
		}
		for _, s := range sets {
			if s.key == f.key && s.val != nil && leavesFilter(f.val, s.val) {
				return f.key
			}
		}
	}
	return ""
}

// leavesFilter reports whether a document whose field was set to set no
// longer matches the filter's condition cond on that field: cond is a
// plain value other than set ({$eq: v} the same), or {$ne: set}. Values
// are told apart only when both are constants or both the same SSA
// value; two different non-constant values (a transition from one
// parameter to another) are taken as different, as sqlclass takes
// set status = $2 where status = $3.
func leavesFilter(cond, set ssa.Value) bool {
	if ops := documentFields(cond); len(ops) > 0 {
		if len(ops) != 1 || ops[0].val == nil {
			return false
		}
		switch ops[0].key {
		case "$eq":
			return plainValue(ops[0].val) && !sameDocValue(ops[0].val, set)
		case "$ne":
			return sameDocValue(ops[0].val, set)
		}
		return false
	}
	return plainValue(cond) && plainValue(set) && !sameDocValue(cond, set)
}

// plainValue reports whether v is a scalar (a string, a number, a bool,
// or a named type of one): a document or a slice in a filter is an
// operator expression or an array match, not one value.
func plainValue(v ssa.Value) bool {
	_, ok := v.Type().Underlying().(*types.Basic)
	return ok
}

// sameDocValue reports whether a and b are the same value: equal constants
// or one SSA value.
func sameDocValue(a, b ssa.Value) bool {
	if a == b {
		return true
	}
	ca, ok1 := a.(*ssa.Const)
	cb, ok2 := b.(*ssa.Const)
	return ok1 && ok2 && ca.Value != nil && cb.Value != nil && ca.Value.Kind() == cb.Value.Kind() &&
		constant.Compare(ca.Value, token.EQL, cb.Value)
}
