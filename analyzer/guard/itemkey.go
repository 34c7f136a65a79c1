package guard

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// An item store's read and write of one table (effect.Effect.Items:
// DynamoDB's GetItem and PutItem, the table their input names) are the
// check and the record of check-then-act as an SQL select and insert of
// one table are, but only when they can be of one item: a table holding
// every kind of item (single-table design: the trigger rows, the
// sensors, the dedup markers under one partition) is read for one item
// and written for another as often as not. Where the two calls are
// given the item's key by the names they pass (GetSensorData(ctx, id,
// dedupKey) … WriteSensor(ctx, id, dedupKey, …)), a read given a name
// the write is not, and a write given one the read is not, are of two
// items (the trigger row read by schedule and date, the marker written
// by its key): no pair. Calls given no names (the SDK's own, whose key
// sits in the input's map) tell nothing, and pair by the table.

// sameItem reports whether the check and the write w can be of one item:
// always for a table's rows (not an item store), otherwise unless their
// calls tell the items apart (each is given a string the other is not).
func (a *analysis) sameItem(check, w *Site) bool {
	if !check.Effect.Items || !w.Effect.Items {
		return true
	}
	cs, ws := keyArgs(check.Instr), keyArgs(w.Instr)
	return !a.unmatched(cs, ws) || !a.unmatched(ws, cs)
}

// unmatched reports whether one of xs is none of ys: not the same value,
// nor the same expression's text.
func (a *analysis) unmatched(xs, ys []ssa.Value) bool {
	for _, x := range xs {
		found := false
		for _, y := range ys {
			if sameValue(x, y, 0) || (a.env.Text != nil && a.env.Text(x) != "" && a.env.Text(x) == a.env.Text(y)) {
				found = true
				break
			}
		}
		if !found {
			return true
		}
	}
	return false
}

// keyArgs are the string-typed arguments of a call, constants included
// (a marker's constant name tells it from another's), the receiver left
// out.
func keyArgs(c ssa.CallInstruction) []ssa.Value {
	com := c.Common()
	args := com.Args
	if !com.IsInvoke() && com.Signature().Recv() != nil && len(args) > 0 {
		args = args[1:]
	}
	var out []ssa.Value
	for _, v := range args {
		if b, ok := v.Type().Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
			out = append(out, v)
		}
	}
	return out
}
