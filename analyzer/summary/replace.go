package summary

import (
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/guard"
	"github.com/jobeffects/jobeffects/analyzer/sqlclass"
)

// Delete-then-insert is a replace. A function that clears a scope of a
// table (delete from clusters where account_id = $1 and bank_account_id =
// $2: a part of its unique key, or every row, as the migrations tell:
// clears) and then inserts into that table, on the same handle, writes the
// scope's rows anew: a second delivery deletes what the first inserted
// and inserts it again, so the insert is a set, not a duplicate. Its
// conditions:
//   - the DELETE runs before the INSERT on every path (it dominates it),
//     on the same handle (a transaction, or the same field of the same
//     value), in the same function;
//   - it clears a scope, not one row by its whole unique key (a queue's
//     "delete the item, insert the next one" inserts anew on every
//     delivery), and not by age (a prune keeps the rows younger than an
//     interval);
//   - the values that fix the scope are the same on every delivery of one
//     job: the function's parameters and free variables, constants,
//     fields loaded from them, and accessors of them (r.AccountID(), no
//     arguments): a scope computed here (yesterday's day, a time, a
//     random id) can move between deliveries, and the insert with it.
// That the inserted rows belong to the cleared scope is not checked:
// where the scope is the function's own parameters, the insert that
// follows writes that scope's rows (monetr's WriteTransactionClusters).

// scope records the values that fix the rows a scope-clearing DELETE
// deletes.
func (w *walker) scope(e *effect.Effect, vals []ssa.Value) {
	if w.scopes == nil {
		w.scopes = map[*effect.Effect][]ssa.Value{}
	}
	w.scopes[e] = append([]ssa.Value{}, vals...)
}

// replaces makes the inserts that follow a scope's DELETE sets.
func (w *walker) replaces() {
	if len(w.scopes) == 0 {
		return
	}
	for _, ins := range w.sites {
		e := ins.Effect
		if e.Kind != effect.KindDBWrite || e.Op != string(sqlclass.Insert) || e.Target == "" || ins.Exec == nil || !ins.Direct {
			continue
		}
		for _, del := range w.sites {
			d := del.Effect
			vals, ok := w.scopes[d]
			if !ok || d.Target != e.Target || del.Exec == nil || !strings.HasPrefix(d.RetentionText, effect.NotByAge) ||
				!guard.SameExec(del.Exec, ins.Exec) || !guard.Dominates(del.Instr, ins.Instr) || !stableScope(w.fn, vals) {
				continue
			}
			e.Op, e.Risk, e.DupFails = string(sqlclass.UpsertSet), effect.Safe, ""
			_, line, _ := effect.SplitPos(d.Evidence())
			e.Detail = "a replace: the delete at line " + strconv.Itoa(line) + " clears the scope first (" +
				strings.TrimPrefix(d.RetentionText, effect.NotByAge) + "), so a second delivery writes the same rows again"
			break
		}
	}
}

// stableScope reports whether every value is the same on each delivery
// of one job, as far as fn can tell: its parameters, free variables and
// constants, fields loaded from them, and their accessors.
func stableScope(fn *ssa.Function, vals []ssa.Value) bool {
	for _, v := range vals {
		if !stable(fn, v, 0) {
			return false
		}
	}
	return true
}

// depth counts the accessor calls followed, not the field loads and
// conversions between them: those only go down to the value they read
// (SSA has no cycle without a phi, which is not followed), so a field of
// a field of a loaded association (m.Details.ID, the id under an embedded
// base model: seven steps from m) is as stable as its root.
func stable(fn *ssa.Function, v ssa.Value, depth int) bool {
	if depth > 6 || v == nil {
		return false
	}
	switch x := v.(type) {
	case *ssa.Parameter, *ssa.FreeVar, *ssa.Const:
		return true
	case *ssa.MakeInterface:
		return stable(fn, x.X, depth)
	case *ssa.ChangeType:
		return stable(fn, x.X, depth)
	case *ssa.Convert:
		return stable(fn, x.X, depth)
	case *ssa.ChangeInterface:
		return stable(fn, x.X, depth)
	case *ssa.Field:
		return stable(fn, x.X, depth)
	case *ssa.FieldAddr:
		return stable(fn, x.X, depth)
	case *ssa.UnOp:
		return x.Op == token.MUL && stable(fn, x.X, depth)
	case *ssa.Call:
		// An accessor of a stable value: r.AccountID(), args.ID(); not a
		// clock's or a generator's (clock.Now(), ids.Next()).
		c := x.Common()
		if volatile(c, x.Type()) {
			return false
		}
		if c.IsInvoke() {
			return len(c.Args) == 0 && stable(fn, c.Value, depth+1)
		}
		if callee := c.StaticCallee(); callee != nil && callee.Signature.Recv() != nil &&
			len(c.Args) == 1 && callee.Signature.Results().Len() == 1 {
			return stable(fn, c.Args[0], depth+1)
		}
	}
	return false
}

// volatile reports whether a call reads a clock or draws a new value.
func volatile(c *ssa.CallCommon, t types.Type) bool {
	if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "time" {
		return true
	}
	name := ""
	if c.IsInvoke() {
		name = c.Method.Name()
	} else if callee := c.StaticCallee(); callee != nil {
		name = callee.Name()
	}
	for _, p := range []string{"Now", "Next", "New", "Gen", "Rand", "Random", "UUID", "Uuid", "Make"} {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}
