package summary

import (
	"strconv"
	"strings"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/guard"
	"github.com/jobeffects/jobeffects/analyzer/sqlclass"
)

// An insert … select of the rows stamped with the transaction's clock
// (sqlclass stamped.go: … from runs where runs.synced_at = now()) copies
// only what the transaction stamped: now() is new in every transaction.
// When the stamps on that transaction are made only by writes that change
// a row once (an upsert whose DO UPDATE has a WHERE, a set-if-different
// update: ClockSets), a second delivery changes no row, stamps none and
// copies none: the insert happens once per change, as an insert … select
// from the changing CTE of its own statement does (changeGated). Its
// conditions, among the function's effects (its own statements and its
// callees'):
//   - at least one write of the table on the insert's handle stamps the
//     column so;
//   - every other write of the table on that handle leaves the column
//     alone (its assigned columns are known and do not include it) or is
//     a delete; an unconditional write stamping it (set synced_at =
//     now() with no WHERE) would stamp the same rows on every delivery;
//   - no write of the table runs on a handle not known here, and no SQL
//     not read or call not followed runs on the same one: what it stamps
//     is not told;
//   - the stamping write is not one whose repeat the callers decide (a
//     write-if-newer value: NewerThan) or that a value new on every
//     delivery made an increment.
// The insert's own rows beyond the table's (an inner join with a list it
// was given) only narrow them.

// stamped guards the inserts that copy only the rows their transaction
// stamped on change.
func (w *walker) stamped() {
	for _, ins := range w.sites {
		e := ins.Effect
		if e.StampedBy == "" || e.Guard != nil || e.Issue != "" || !e.Risk.NonIdempotent() || ins.Exec == nil {
			continue
		}
		i := strings.LastIndex(e.StampedBy, ".")
		table, col := e.StampedBy[:i], e.StampedBy[i+1:]
		if e.Target == table {
			continue // copies into the stamped table: its own rows are stamped too
		}
		var stamp *effect.Effect
		ok := true
		for _, s := range w.sites {
			d := s.Effect
			if s == ins {
				continue
			}
			if d.Kind == effect.KindDynamic || d.Kind == effect.KindUnknown {
				if s.Exec != nil && guard.SameExec(s.Exec, ins.Exec) {
					ok = false // a call not followed on the same handle may stamp too
				}
				continue
			}
			if d.Kind != effect.KindDBWrite || (d.Target != table && !(d.Target == "" && d.Op == effect.OpUnknown)) {
				continue
			}
			if s.Exec == nil || !guard.SameExec(s.Exec, ins.Exec) {
				if d.Target == table {
					ok = false // a handle not known here: which transaction is not told
				}
				continue
			}
			switch {
			case d.Op == effect.OpDelete:
			case d.Target == "":
				ok = false // SQL not read on the same handle
			case hasCol(d.ClockSets, col) && d.NewerThan == nil &&
				d.Op != string(sqlclass.UpsertIncrement) && d.Op != string(sqlclass.UpdateIncrement):
				if stamp == nil {
					stamp = d
				}
			case d.Assigns != "" && !hasCol(d.Assigns, col):
			default:
				ok = false
			}
		}
		if !ok || stamp == nil {
			continue
		}
		_, line, _ := effect.SplitPos(stamp.Evidence())
		e.Guard = &effect.Guard{Kind: effect.GuardClaim, Pos: stamp.Evidence(), SameTx: true,
			Note: "the insert copies only the " + table + " rows whose " + col + " is the transaction's clock, which only the " +
				stamp.Describe() + " at line " + strconv.Itoa(line) + " sets, and only on a row it changes: a second delivery changes none, so copies none"}
	}
}

// hasCol reports whether a comma-separated column list holds col.
func hasCol(list, col string) bool {
	for _, c := range strings.Split(list, ",") {
		if strings.EqualFold(strings.TrimSpace(c), col) {
			return true
		}
	}
	return false
}
