package guard

import (
	"fmt"
	"go/constant"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/rules"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// excludedCreates finds the set form of check-then-act, where the check is
// carried as data rather than tested by a branch:
//
//	done := select user_id from debriefs where incident_id = $1     -- the check
//	todo := select user_id from assignments where user_id not in (done)
//	for each u in todo: insert into debriefs (incident_id, user_id)  -- the act
//
// A later delivery finds the rows and creates none; two overlapping
// deliveries both find none and both create every row, as the per-row
// check (if done { continue }) lets both through. The check is a read of
// the table the creates insert into whose result builds an excluding
// filter (a NotIn predicate, SQL "not in" or "<> all") of a later read,
// and the creates take their values from that later read's rows. A read
// of another table, or one whose result does not decide what is created,
// is no such check. A create a unique key turns away (DupFails) or that
// something else guards is not exposed.
func (a *analysis) excludedCreates() {
	for _, r := range a.sites {
		re := r.Effect
		if re.Kind != effect.KindDBRead || re.Target == "" || a.writesAt(r.Instr) {
			continue
		}
		read := r.Instr.Value()
		if read == nil {
			continue
		}
		for _, q := range a.sites {
			if q.Instr == r.Instr || q.Effect.Kind != effect.KindDBRead || !after(r.Instr, q.Instr) {
				continue
			}
			rows := q.Instr.Value()
			if rows == nil || !excludes(q.Instr.Common(), read) {
				continue
			}
			var creates []*Site
			for _, w := range a.sites {
				we := w.Effect
				if w.Instr == q.Instr || we.Kind != effect.KindDBWrite || we.Op != effect.OpInsert || we.Target != re.Target ||
					we.Issue != "" || we.Guard != nil || we.DupFails != "" || !needsGuard(we) || !after(q.Instr, w.Instr) {
					continue
				}
				if takesFrom(w.Instr.Common(), rows) {
					creates = append(creates, w)
				}
			}
			if len(creates) == 0 {
				continue
			}
			a.reportExcluded(r, q, creates)
			return
		}
	}
}

// writesAt reports whether the call at instr also writes (a call that
// reads and creates is no check).
func (a *analysis) writesAt(instr ssa.CallInstruction) bool {
	for _, s := range a.sites {
		if s.Instr == instr && s.Effect.Kind == effect.KindDBWrite {
			return true
		}
	}
	return false
}

func (a *analysis) reportExcluded(check, filtered *Site, creates []*Site) {
	pos := check.Effect.Evidence()
	for _, s := range creates {
		s.Effect.Issue, s.Effect.IssuePos = rules.CheckThenAct, pos
	}
	first := creates[0].Effect
	msg := fmt.Sprintf("this read of %s leaves the rows it found out of the read of %s at %s, and the %s at %s creates the rest: two statements, so two deliveries at once both find none and both create them; add a unique key on the created rows' reference and insert … on conflict do nothing, or claim the job first in the same transaction",
		check.Effect.Target, filtered.Effect.Target, effect.Relative(filtered.Effect.Evidence(), ""), first.Describe(), effect.Relative(first.Evidence(), ""))
	a.pitfalls = append(a.pitfalls, Pitfall{Rule: rules.CheckThenAct, Pos: pos, Message: msg})
}

// excludingNames are the name fragments of a query builder's predicate
// that keeps out the values it is given (ent's UserIDNotIn, bun's and
// squirrel's NotIn / NotEq); excludingSQL are the SQL forms of the same.
var (
	excludingNames = []string{"NotIn", "NotEq"}
	excludingSQL   = []string{"not in", "<> all", "!= all"}
)

// excludes reports whether the read call c (its arguments and the
// builder chain it is called on) keeps out values derived from read: a
// predicate named for exclusion, or SQL text that excludes, given them.
func excludes(c *ssa.CallCommon, read ssa.Value) bool {
	found := false
	var visit func(v ssa.Value, depth int)
	seen := map[ssa.Value]bool{}
	check := func(call *ssa.CallCommon) {
		name := ""
		if call.IsInvoke() {
			name = call.Method.Name()
		} else if fn := call.StaticCallee(); fn != nil {
			name = fn.Name()
		}
		ex := false
		for _, n := range excludingNames {
			ex = ex || strings.Contains(name, n)
		}
		for _, arg := range call.Args {
			if k, ok := arg.(*ssa.Const); ok && k.Value != nil && k.Value.Kind() == constant.String {
				sql := strings.Join(strings.Fields(strings.ToLower(constant.StringVal(k.Value))), " ")
				for _, n := range excludingSQL {
					ex = ex || strings.Contains(sql, n)
				}
			}
		}
		if !ex {
			return
		}
		for _, arg := range call.Args {
			if carried(arg, read) {
				found = true
				return
			}
		}
	}
	visit = func(v ssa.Value, depth int) {
		if found || v == nil || depth > 12 || seen[v] {
			return
		}
		seen[v] = true
		switch x := v.(type) {
		case *ssa.Call:
			check(&x.Call)
			if x.Call.IsInvoke() {
				visit(x.Call.Value, depth+1)
			}
			for _, arg := range x.Call.Args {
				visit(arg, depth+1)
			}
		case *ssa.Slice:
			visit(x.X, depth+1)
		case *ssa.MakeInterface:
			visit(x.X, depth+1)
		case *ssa.ChangeType:
			visit(x.X, depth+1)
		case *ssa.UnOp:
			visit(x.X, depth+1)
		case *ssa.Phi:
			for _, e := range x.Edges {
				visit(e, depth+1)
			}
		case *ssa.Alloc:
			for _, st := range storesInto(x) {
				visit(st, depth+1)
			}
		}
	}
	check(c)
	if c.IsInvoke() {
		visit(c.Value, 0)
	}
	for _, arg := range c.Args {
		visit(arg, 0)
	}
	return found
}

// takesFrom reports whether a call's arguments carry values of rows (the
// created row's values come from the filtered read's rows).
func takesFrom(c *ssa.CallCommon, rows ssa.Value) bool {
	if c.IsInvoke() && carried(c.Value, rows) {
		return true
	}
	for _, arg := range c.Args {
		if carried(arg, rows) {
			return true
		}
	}
	return false
}

// carried reports whether v carries a value of src: influenced, and also
// through the collections a value is stored into on the way (a slice of
// the read rows' ids, a map of users keyed by id ranged over).
func carried(v, src ssa.Value) bool {
	return carriedIn(v, src, 0, map[ssa.Value]bool{})
}

func carriedIn(v, src ssa.Value, depth int, seen map[ssa.Value]bool) bool {
	if v == nil || depth > 12 || seen[v] {
		return false
	}
	seen[v] = true
	if v == src || influenced(v, src, 0) {
		return true
	}
	next := func(vs ...ssa.Value) bool {
		for _, w := range vs {
			if carriedIn(w, src, depth+1, seen) {
				return true
			}
		}
		return false
	}
	switch x := v.(type) {
	case *ssa.Call:
		if x.Call.IsInvoke() && next(x.Call.Value) {
			return true
		}
		return next(x.Call.Args...)
	case *ssa.Extract:
		return next(x.Tuple)
	case *ssa.Next:
		return next(x.Iter)
	case *ssa.Range:
		return next(x.X)
	case *ssa.Slice:
		return next(x.X)
	case *ssa.UnOp:
		if alloc, ok := x.X.(*ssa.Alloc); ok {
			// A variable a call on the rows filled (rows.Scan(&id)).
			for _, recv := range fillers(alloc) {
				if next(recv) {
					return true
				}
			}
		}
		return next(x.X)
	case *ssa.FieldAddr:
		return next(x.X)
	case *ssa.Field:
		return next(x.X)
	case *ssa.IndexAddr:
		return next(x.X)
	case *ssa.Index:
		return next(x.X)
	case *ssa.Lookup:
		return next(x.X)
	case *ssa.ChangeType:
		return next(x.X)
	case *ssa.MakeInterface:
		return next(x.X)
	case *ssa.Convert:
		return next(x.X)
	case *ssa.Phi:
		return next(x.Edges...)
	case *ssa.Alloc, *ssa.MakeSlice, *ssa.MakeMap:
		return next(storesInto(v)...)
	}
	return false
}

// storesInto are the values stored into a variable, a slice's or an
// array's elements, or a map's keys and entries.
func storesInto(v ssa.Value) []ssa.Value {
	var out []ssa.Value
	for _, u := range ssavalue.Referrers(v) {
		switch x := u.(type) {
		case *ssa.Store:
			if x.Addr == v {
				out = append(out, x.Val)
			}
		case *ssa.IndexAddr:
			for _, w := range ssavalue.Referrers(x) {
				if st, ok := w.(*ssa.Store); ok && st.Addr == x {
					out = append(out, st.Val)
				}
			}
		case *ssa.MapUpdate:
			if x.Map == v {
				out = append(out, x.Key, x.Value)
			}
		}
	}
	return out
}

// fillers are the receivers (first arguments) of the calls alloc's
// address is handed to, itself or through a variadic argument: the rows
// a Scan(&id) fills it from.
func fillers(alloc *ssa.Alloc) []ssa.Value {
	var out []ssa.Value
	for _, r := range ssavalue.Referrers(alloc) {
		for _, call := range callsGiven(r) {
			if call.Call.IsInvoke() {
				out = append(out, call.Call.Value)
			} else if len(call.Call.Args) > 0 && call.Call.Args[0] != alloc {
				out = append(out, call.Call.Args[0])
			}
		}
	}
	return out
}
