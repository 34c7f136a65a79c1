package summary

import (
	"fmt"
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/guard"
	"github.com/jobeffects/jobeffects/analyzer/rules"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// Creates planned from the misses of a read and linked back. A mapping
// reconciliation reads the rows of a table U that name their counterpart
// in a table T by its id (works.anime_id), reads the T rows they name,
// and hands both to a planning function that plans a create for each U
// row whose T row it does not find (missplan.go's MissParams). A
// function then runs over the planned list and, for each element, in one
// transaction, inserts the T row (a plain insert returning a new id: no
// key of T fails a second one), maybe rows keyed by that new id (its
// classification), and writes the new id back into U. The check is
// carried as data, not as a branch around the insert: a second delivery
// after the first committed reads the link and plans nothing, so nothing
// repeats in sequence; two deliveries at once both miss, both insert, and
// the later link wins over an orphan: check-then-act, at the read of U.
// Its conditions, all of them:
//   - the insert is plain (no unique key, no guard), and its call returns
//     the new row's id (Summary.FreshID);
//   - one of the call's arguments is (a field of) an element of a list a
//     parameter holds (for _, c := range plan.creates);
//   - another call of the function updates another table U with that
//     id, on the same transaction as the insert (a write-back outside it
//     leaves a crash between the two, and the insert repeats);
//   - the caller passes for that parameter the result of a planning
//     function one of whose misses is looked up in rows read from T,
//     and one of whose arguments derives from a read of U.
// An insert keyed by the new id in the same transaction (a satellite row
// made with it) is made exactly when the T row is, and is decided with it.

// planLinks marks the creates of w.fn that such a plan may decide
// (Effect.PlanLink).
func (w *walker) planLinks() {
	for _, s := range w.sites {
		e := s.Effect
		if !plainInsert(e) || e.PlanLink != nil {
			continue
		}
		call, ok := s.Instr.(*ssa.Call)
		if !ok {
			continue
		}
		callee := call.Call.StaticCallee()
		if callee == nil {
			continue
		}
		if sum := w.summaryOf(callee); sum == nil || sum.FreshID == "" {
			continue
		}
		p := 0
		for _, a := range call.Call.Args {
			if p = w.planElemParam(a, 0); p > 0 {
				break
			}
		}
		if p == 0 {
			continue
		}
		back := w.linkBack(s, call)
		if back == nil {
			continue
		}
		link := &effect.PlanLink{Param: p, Table: e.Target, At: e.Evidence(), Back: back.Effect.Target}
		e.PlanLink = link
		for _, c := range w.sites {
			if c == s || !plainInsert(c.Effect) || c.Effect.PlanLink != nil || !w.sameTxSite(c, s) {
				continue
			}
			if ci, ok := c.Instr.(*ssa.Call); ok && argsTakeID(ci.Call.Args, call) {
				c.Effect.PlanLink = link
			}
		}
	}
}

// plainInsert: an insert into a known table that nothing guards, checks
// or makes fail on a duplicate.
func plainInsert(e *effect.Effect) bool {
	return e.Kind == effect.KindDBWrite && e.Op == effect.OpInsert && e.Target != "" && e.DupFails == "" && e.DupKey == nil &&
		e.Guard == nil && e.TxGuard == nil && e.Issue == ""
}

// linkBack is the site of w.fn that writes the id the insert call returns
// into another table, on the insert's transaction; nil when there is none.
func (w *walker) linkBack(ins *guard.Site, call *ssa.Call) *guard.Site {
	for _, s := range w.sites {
		e := s.Effect
		if s == ins || e.Kind != effect.KindDBWrite || e.Target == "" || e.Target == ins.Effect.Target {
			continue
		}
		if e.Op != "update-set" && e.Op != "update" {
			continue
		}
		ci, ok := s.Instr.(*ssa.Call)
		if !ok || !argsTakeID(ci.Call.Args, call) || !w.sameTxSite(s, ins) {
			continue
		}
		return s
	}
	return nil
}

// sameTxSite reports whether two sites run in one transaction that w.fn
// begins or is given: their executors derive from the same Begin (or
// transaction parameter), directly or through handles built around it
// (sqlc's q.WithTx(tx)); a site whose executor is not known here (a
// repository that keeps its queries in a field) by the receiver of its
// call, built around the transaction (repo.WithTx(tx), NewRepo(tx)).
func (w *walker) sameTxSite(a, b *guard.Site) bool {
	oa, ob := w.siteTxOrigin(a), w.siteTxOrigin(b)
	return oa != nil && oa == ob
}

func (w *walker) siteTxOrigin(s *guard.Site) ssa.Value {
	if s.Exec != nil {
		return w.txOrigin(s.Exec, 0)
	}
	c, ok := s.Instr.(*ssa.Call)
	if !ok || c.Call.IsInvoke() || c.Call.Signature().Recv() == nil || len(c.Call.Args) == 0 {
		return nil
	}
	if built, ok := normalize(c.Call.Args[0]).(*ssa.Call); ok {
		for _, a := range built.Call.Args {
			if o := w.txOrigin(a, 1); o != nil {
				return o
			}
		}
	}
	return nil
}

// txOrigin is the Begin call (or transaction parameter) an executor
// derives from; nil when it is not a transaction.
func (w *walker) txOrigin(v ssa.Value, depth int) ssa.Value {
	if v == nil || depth > 4 {
		return nil
	}
	switch x := normalize(v).(type) {
	case *ssa.Extract:
		if x.Index == 0 && w.isBegin(x.Tuple) {
			return x.Tuple
		}
	case *ssa.Call:
		if w.isBegin(x) {
			return x
		}
		if w.txBound(x) {
			for _, a := range x.Call.Args {
				if o := w.txOrigin(a, depth+1); o != nil {
					return o
				}
			}
		}
	case *ssa.Parameter:
		if w.isTx(x) {
			return x
		}
	}
	if p := paramOf(v); p != nil && w.isTx(p) {
		return p
	}
	return nil
}

// argsTakeID reports whether one of args is the id of what call returns
// (t.ID, or the result itself), or a local struct one of whose fields is
// given it (params.TargetID = t.ID).
func argsTakeID(args []ssa.Value, call *ssa.Call) bool {
	for _, a := range args {
		if idOfCall(a) == call {
			return true
		}
		if loc := ssavalue.LocalOf(normalize(a)); loc != nil {
			for _, st := range ssavalue.StructStores(loc) {
				if idOfCall(st.Val) == call {
					return true
				}
			}
		}
		if sl, ok := a.(*ssa.Slice); ok {
			// The variadic arguments (tx.Exec(ctx, q, id, t.ID)).
			if arr, ok := sl.X.(*ssa.Alloc); ok {
				for _, r := range ssavalue.Referrers(arr) {
					ia, ok := r.(*ssa.IndexAddr)
					if !ok || ia.X != arr {
						continue
					}
					for _, rr := range ssavalue.Referrers(ia) {
						if st, ok := rr.(*ssa.Store); ok && st.Addr == ia && idOfCall(st.Val) == call {
							return true
						}
					}
				}
			}
		}
	}
	return false
}

// idOfCall is the call whose result's id field (ID, Id), or integer
// result, v is; nil otherwise.
func idOfCall(v ssa.Value) *ssa.Call {
	idRead := false
	for i := 0; i < 12 && v != nil; i++ {
		switch x := v.(type) {
		case *ssa.Convert:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		case *ssa.MakeInterface:
			v = x.X
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return nil
			}
			v = x.X
		case *ssa.FieldAddr:
			if idRead {
				return nil
			}
			if n := ssavalue.FieldName(x); n != "ID" && n != "Id" {
				return nil
			}
			idRead = true
			v = x.X
		case *ssa.Field:
			if idRead {
				return nil
			}
			if n := ssavalue.FieldAt(x.X.Type(), x.Field); n != "ID" && n != "Id" {
				return nil
			}
			idRead = true
			v = x.X
		case *ssa.Extract:
			if !idRead && !idLike(x.Type()) {
				return nil
			}
			idRead = true
			v = x.Tuple
		case *ssa.Call:
			if !idRead && !idLike(x.Type()) {
				return nil
			}
			return x
		default:
			return nil
		}
	}
	return nil
}

// planElemParam is the parameter (1-based, receiver first) whose list v
// is an element of, or a field of one (c.anime of for _, c := range
// plan.creates); 0 otherwise.
func (w *walker) planElemParam(v ssa.Value, depth int) int {
	if v == nil || depth > 6 {
		return 0
	}
	switch x := ssavalue.Unconvert(v).(type) {
	case *ssa.Field:
		return w.planElemParam(x.X, depth+1)
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return 0
		}
		switch a := x.X.(type) {
		case *ssa.IndexAddr:
			if p := paramOfSlice(a.X, 0); p != nil {
				return paramIndex(w.fn, p) + 1
			}
		case *ssa.FieldAddr:
			return w.planElemParam(a.X, depth+1)
		case *ssa.Alloc:
			return w.planElemParam(a, depth+1)
		}
	case *ssa.FieldAddr:
		return w.planElemParam(x.X, depth+1)
	case *ssa.Alloc:
		// A local copy of the element (c := plan.creates[i], its
		// address taken): what is stored into it as a whole, once.
		var whole ssa.Value
		for _, r := range ssavalue.Referrers(x) {
			if st, ok := r.(*ssa.Store); ok && st.Addr == x {
				if whole != nil {
					return 0
				}
				whole = st.Val
			}
		}
		return w.planElemParam(whole, depth+1)
	}
	return 0
}

// resolvePlanLink decides, at a call, a create its callee makes per
// element of a list it is passed (Effect.PlanLink): when the argument is
// such a plan, the create is check-then-act at the read of the linked
// table; otherwise it stays as it is.
func (w *walker) resolvePlanLink(e *effect.Effect, args, bindings []ssa.Value) {
	l := e.PlanLink
	if l == nil {
		return
	}
	e.PlanLink = nil
	if e.Issue != "" || e.Guard != nil {
		return
	}
	call, sum := w.plannerOf(pick(l.Param-1, args, bindings))
	if call == nil {
		return
	}
	missed := false
	for _, p := range sum.MissParams {
		if p >= 1 && p <= len(call.Call.Args) && w.tableReadOf(call.Call.Args[p-1], l.Table, 0) != "" {
			missed = true
			break
		}
	}
	if !missed {
		return
	}
	readAt := ""
	for _, a := range call.Call.Args {
		if readAt = w.tableReadOf(a, l.Back, 0); readAt != "" {
			break
		}
	}
	if readAt == "" {
		return
	}
	e.Issue, e.IssuePos = rules.CheckThenAct, readAt
	msg := fmt.Sprintf(
		"this read of %s decides which rows the insert into %s at %s makes (a create is planned only for a row whose link it does not find, and the new row's id is written back into %s in the same transaction): a second delivery after the first finds the link and inserts none, but two deliveries at once both miss and both insert, the later link leaving the other row orphaned; claim the row first (update … set the link where it is null, rows affected checked) or lock the rows read (select … for update) in the transaction of the inserts",
		l.Back, l.Table, effect.Relative(l.At, ""), l.Back)
	for _, pf := range w.pitfalls {
		if pf.Rule == rules.CheckThenAct && pf.Pos == readAt && pf.Message == msg {
			return
		}
	}
	w.pitfalls = append(w.pitfalls, guard.Pitfall{Rule: rules.CheckThenAct, Pos: readAt, Message: msg})
}
