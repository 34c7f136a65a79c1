package sqlclass

import (
	"strings"

	pg_query "github.com/pganalyze/pg_query_go/v6"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// assemble builds a statement's entries: data-modifying CTEs first, then the
// statement itself, then effectful function calls in source order.
func assemble(sc *scanner, main Stmt) []Stmt {
	out := append([]Stmt{}, sc.ctes...)
	out = append(out, main)
	return append(out, sc.functions()...)
}

func classifyInsert(ins *pg_query.InsertStmt) []Stmt {
	sc := &scanner{}
	sc.scan(ins.WithClause, false)
	// nextval() in the inserted rows is the serial-default pattern: the
	// insert itself is the effect, and a claim with a sequence-generated id
	// is still a claim.
	sc.scan(ins.SelectStmt, true)
	sc.scan(ins.OnConflictClause, false)
	sc.scanList(ins.ReturningList, false)

	st := Stmt{Table: relName(ins.Relation), Returning: len(ins.ReturningList) > 0}
	var cols, conflict []string
	for _, c := range ins.Cols {
		if rt := c.GetResTarget(); rt != nil && rt.Name != "" {
			cols = append(cols, rt.Name)
		}
	}
	occ := ins.OnConflictClause
	if occ != nil && occ.Infer != nil {
		st.ConflictConstraint = occ.Infer.Conname
		for _, e := range occ.Infer.IndexElems {
			if ie := e.GetIndexElem(); ie != nil && ie.Name != "" {
				conflict = append(conflict, ie.Name)
			} else {
				conflict = append(conflict, "(expression)")
			}
		}
	}
	st.Columns, st.Conflict = strings.Join(cols, ","), strings.Join(conflict, ",")
	st.ColumnParams = columnParams(ins)
	st.ColumnValues = columnValues(ins)
	st.Assigns = st.Columns // stamped.go
	switch {
	case occ == nil:
		st.Op, st.Detail = Insert, "insert"
		if ins.SelectStmt != nil && ins.SelectStmt.GetSelectStmt() != nil &&
			len(ins.SelectStmt.GetSelectStmt().ValuesLists) == 0 {
			st.Detail = "insert ... select"
			if n, name := fromChange(sc, ins); n > 0 {
				st.FromChange = n
				st.Detail = "insert ... select of only the rows changed by its statement's CTE " + name + " (a second run changes none, so inserts none)"
			} else {
				st.StampedBy, st.StampedParam = stampedBy(ins) // stamped.go
				st.RowsParam = unnestParam(ins)                // unnest.go
			}
		}
	case occ.Action == pg_query.OnConflictAction_ONCONFLICT_NOTHING:
		st.Op, st.Detail = Claim, "on conflict"+conflictTarget(occ)+" do nothing"
	case occ.Action == pg_query.OnConflictAction_ONCONFLICT_UPDATE:
		ref := targetRef(ins.Relation)
		if why, concat := ref.setListAccumulates(occ.TargetList); why != "" {
			st.Op, st.Detail, st.Concat = UpsertIncrement, "on conflict do update, "+why, strings.Join(concat, ",")
			if col := ref.upsertSequence(ins); col != "" {
				// sequence.go: a number drawn, not a count.
				st.Op, st.Concat = Nextval, ""
				st.Detail = "a sequence kept in a table: " + col + " stepped by one and returned (a number drawn, not a count)"
			} else if col, param := ref.writeIfNewer(occ, ins); col != "" {
				// newer.go: applied once per inserted value.
				st.Op, st.Concat = UpsertSet, ""
				st.Detail = "write-if-newer: on conflict do update only while the row's " + col +
					" is older than (or differs from) the inserted value, which the update sets: a second delivery inserting the same value changes nothing, so the " + why + " applies once"
				st.NewerCol, st.NewerParam = col, param
			}
			if st.Op == UpsertIncrement {
				st.Accumulates = ref.accumulatedCols(occ.TargetList)
			}
		} else {
			st.Op, st.Detail = UpsertSet, "on conflict do update without self-reference"
			if cols := ref.attemptCounted(occ.TargetList); cols != "" {
				st.Detail = "on conflict do update of an attempt counter (" + cols + " + 1), which counts the runs, a redelivery among them; no other self-reference"
				st.CountsRuns = ref.countsRunsOnly(occ.TargetList)
			}
			st.SetParams = assignedParams(occ.TargetList, ins)
		}
		// DO UPDATE … WHERE: a run that finds the row already changed
		// updates nothing and returns no row.
		st.ReportsChange = occ.WhereClause != nil
		st.ClockSets, st.ClockParams = ref.clockSets(occ.TargetList, occ.WhereClause, clockInserted(ins)) // stamped.go
		if set := assignedCols(occ.TargetList); set == "" || st.Assigns == "" {
			st.Assigns = ""
		} else {
			st.Assigns = unionCols(st.Assigns, set)
		}
	default:
		st.Op, st.Detail = Unknown, "unrecognised on conflict action"
	}
	return assemble(sc, st)
}

func conflictTarget(occ *pg_query.OnConflictClause) string {
	if occ.Infer != nil && occ.Infer.Conname != "" {
		return " on constraint " + occ.Infer.Conname
	}
	return ""
}

func classifyUpdate(up *pg_query.UpdateStmt) []Stmt {
	sc := &scanner{}
	sc.scan(up, false)
	sc.unreadCTEs(up.FromClause, up.WhereClause)
	st := Stmt{Table: relName(up.Relation), Returning: len(up.ReturningList) > 0}
	ref := targetRef(up.Relation)
	st.Assigns = assignedCols(up.TargetList) // stamped.go
	st.SetConsts = setConsts(up.TargetList)  // readcols.go
	if col, param := ref.comparedAndSetParam(up.TargetList, up.WhereClause); col != "" {
		// update orders set state = 'paid' where id = $1 and state = 'new';
		// set version = version + 1 where … and version = $2: a second run
		// finds the row changed and updates nothing. Tested, it is a claim.
		st.Op, st.Detail, st.Update, st.Optimistic = Claim, "compare-and-set: the row must still have the "+col+" it is changed from", true, param
		st.ClockSets, st.ClockParams = ref.clockSets(up.TargetList, up.WhereClause, nil)
		st.WhereParams = whereParams(up.WhereClause) // whereparams.go
		return assemble(sc, st)
	}
	st.PickParams = pickParams(up)
	if col := ref.sequenceCounter(up); col != "" {
		// A counter table standing in for a sequence (sequence.go).
		st.Op, st.Detail = Nextval, "a sequence kept in a table: "+col+" stepped by one and returned (a number drawn, not a count)"
	} else if why, concat := ref.setListAccumulates(up.TargetList); why != "" {
		st.Op, st.Detail, st.Concat = UpdateIncrement, why, strings.Join(concat, ",")
		st.Accumulates = ref.accumulatedCols(up.TargetList)
	} else if col, sweep := takesNext(up); col != "" && !sweep {
		// batch.go: a second run takes the next rows.
		st.Op, st.Detail = UpdateIncrement, "takes the next rows: it picks them with a LIMIT subquery of its own table by "+col+", which it sets, so a second run picks other rows"
	} else {
		st.Op, st.Detail = UpdateSet, "no self-reference under an accumulating operator"
		if sweep {
			// sweep.go: a batch of a sweep, each row set once.
			st.Detail = "a sweep in batches: its LIMIT subquery (a constant batch) leaves out the rows whose " + col +
				" already holds the constant it sets, so a second run sets only rows the first had not reached yet, each once"
		}
		if cols := ref.attemptCounted(up.TargetList); cols != "" {
			st.Detail = "an attempt counter (" + cols + " + 1) counts the runs, a redelivery among them; no other self-reference"
			st.CountsRuns = ref.countsRunsOnly(up.TargetList)
		}
		st.SetParams = assignedParams(up.TargetList, nil)
		if col, ordered := ref.setIfDifferent(up.TargetList, up.WhereClause); col != "" {
			// changed.go: a second run finds the value set and updates nothing.
			st.ReportsChange = true
			st.Detail = "set-if-different: the update changes a row only while its " + col + " differs from the value it sets"
			if ordered {
				st.Detail = "set-if-newer: the update changes a row only while its " + col + " is strictly on one side of the value it sets, which a row it set no longer is"
			}
			st.ClockSets, st.ClockParams = ref.clockSets(up.TargetList, up.WhereClause, nil)
		}
	}
	return assemble(sc, st)
}

func classifyDelete(del *pg_query.DeleteStmt) []Stmt {
	sc := &scanner{}
	sc.scan(del, false)
	sc.unreadCTEs(del.UsingClause, del.WhereClause)
	// A second run finds nothing to delete: tested, a claim.
	st := Stmt{Op: Delete, Table: relName(del.Relation),
		Returning: len(del.ReturningList) > 0, Detail: "delete", ReportsChange: true}
	retention(&st, del.WhereClause)
	if st.Retention == "" && st.RetentionParam == 0 {
		st.Matches = matches(del.WhereClause)
	}
	return assemble(sc, st)
}

// classifyMerge reduces a MERGE's WHEN clauses to one Op:
//   - any UPDATE whose SET list accumulates          -> UpsertIncrement
//   - any other UPDATE                               -> UpsertSet
//   - only INSERT when not matched (and DO NOTHING)  -> Claim (insert-if-absent)
//   - only DELETE                                    -> Delete
//   - only DO NOTHING                                -> None
func classifyMerge(m *pg_query.MergeStmt) []Stmt {
	sc := &scanner{}
	sc.scan(m, false)
	st := Stmt{Table: relName(m.Relation), Returning: len(m.ReturningList) > 0}
	ref := targetRef(m.Relation)
	var hasUpdate, hasInsert, hasDelete bool
	incr := ""
	var actions []string
	for _, w := range m.MergeWhenClauses {
		c := w.GetMergeWhenClause()
		if c == nil {
			continue
		}
		switch c.CommandType {
		case pg_query.CmdType_CMD_UPDATE:
			hasUpdate = true
			actions = append(actions, "update")
			// A MERGE's "||" of untold types stays an increment: its
			// target columns are not carried to the caller.
			if why, _ := ref.setListAccumulates(c.TargetList); why != "" && incr == "" {
				incr = why
			}
		case pg_query.CmdType_CMD_INSERT:
			hasInsert = true
			actions = append(actions, "insert")
		case pg_query.CmdType_CMD_DELETE:
			hasDelete = true
			actions = append(actions, "delete")
		case pg_query.CmdType_CMD_NOTHING:
			actions = append(actions, "do nothing")
		}
	}
	detail := "merge (" + strings.Join(actions, ", ") + ")"
	switch {
	case incr != "":
		st.Op, st.Detail = UpsertIncrement, detail+", "+incr
	case hasUpdate:
		st.Op, st.Detail = UpsertSet, detail+" without self-reference"
	case hasInsert && !hasDelete:
		st.Op, st.Detail = Claim, detail+": insert only when not matched"
	case hasDelete && !hasInsert:
		st.Op, st.Detail = Delete, detail
	case hasInsert && hasDelete:
		// Inserting what is missing and deleting what is extra converges.
		st.Op, st.Detail = UpsertSet, detail
	default:
		st.Op, st.Detail = None, detail
	}
	return assemble(sc, st)
}

func classifySelect(sel *pg_query.SelectStmt) []Stmt {
	if sel.IntoClause != nil {
		return []Stmt{{Op: DDL, Table: relName(sel.IntoClause.Rel), Detail: "select into creates a table"}}
	}
	sc := &scanner{}
	sc.scan(sel, false)
	if len(sc.ctes) > 0 || len(sc.fns) > 0 {
		// The read itself adds nothing to the effects found inside it.
		ctes := append([]Stmt{}, sc.ctes...)
		claimOutcome(sel, ctes)
		return append(ctes, sc.functions()...)
	}
	st := Stmt{Op: Select, Table: firstTable(sel, cteNames(sel.WithClause)), Detail: "read"}
	st.Selects, st.Filters = selectedCols(sel)       // readcols.go
	st.WhereParams = whereParams(oneTableWhere(sel)) // whereparams.go
	st.JoinMisses = joinMisses(sel)                  // joinmiss.go
	if st.Table == "" && takesXactLock(sel) {
		st.Detail = "takes a transaction advisory lock"
		st.AdvisoryLock = true
	}
	if len(sel.LockingClause) > 0 {
		st.Detail = "read with row lock"
		st.RowLock, st.RowLockNoWait = updateLock(sel.LockingClause)
	}
	return []Stmt{st}
}

func classifyCopy(c *pg_query.CopyStmt) []Stmt {
	switch {
	case c.IsFrom:
		return []Stmt{{Op: Insert, Table: relName(c.Relation), Detail: "copy from"}}
	case c.Query != nil:
		// COPY (query) TO: the query's own effects (a select reads; COPY
		// (delete ... returning) TO deletes).
		return classifyNode(c.Query)
	default:
		return []Stmt{{Op: Select, Table: relName(c.Relation), Detail: "copy to"}}
	}
}

func cteNames(w *pg_query.WithClause) map[string]bool {
	names := map[string]bool{}
	if w == nil {
		return names
	}
	for _, c := range w.Ctes {
		if cte := c.GetCommonTableExpr(); cte != nil {
			names[cte.Ctename] = true
		}
	}
	return names
}

// firstTable returns the first table a select reads, for information only:
// the left-most relation of its FROM (of the left arm of a set operation),
// unless that is a CTE; without a FROM, that of the first subquery it
// selects (select exists(select 1 from processed_jobs where …)).
func firstTable(sel *pg_query.SelectStmt, ctes map[string]bool) string {
	for sel != nil && sel.Larg != nil {
		sel = sel.Larg
	}
	if sel == nil {
		return ""
	}
	if len(sel.FromClause) == 0 {
		for _, t := range sel.TargetList {
			if rt := t.GetResTarget(); rt != nil {
				if sl := rt.Val.GetSubLink(); sl != nil {
					if sub := sl.Subselect.GetSelectStmt(); sub != nil {
						return firstTable(sub, ctes)
					}
				}
			}
		}
		return ""
	}
	n := sel.FromClause[0]
	for n != nil {
		if j := n.GetJoinExpr(); j != nil {
			n = j.Larg
			continue
		}
		if rv := n.GetRangeVar(); rv != nil && !(rv.Schemaname == "" && ctes[rv.Relname]) {
			return relName(rv)
		}
		return ""
	}
	return ""
}

// claimOutcome marks the claim (or the delete or upsert that reports a
// change) of a data-modifying CTE that the statement reads as one row
// whatever happened:
//
//	with ins as (insert … on conflict do nothing returning 1)
//	select exists (select 1 from ins)          -- Outcome "exists"
//	select count(*) from ins                   -- Outcome "count"
//
// A duplicate then gets a row too (false, 0), not "no rows": the claim's
// outcome is the value scanned, and its error a real error.
func claimOutcome(sel *pg_query.SelectStmt, ctes []Stmt) {
	outcome, cte := selectOutcome(sel, cteNames(sel.WithClause))
	if outcome == "" || !dmlCTE(sel.WithClause, cte) {
		return
	}
	claim := -1
	for i, st := range ctes {
		if st.Op == Claim || st.ReportsChange {
			if claim >= 0 {
				return // which one the select reads is not told
			}
			claim = i
		}
	}
	if claim >= 0 {
		ctes[claim].Outcome, ctes[claim].Returning = outcome, false
	}
}

// selectOutcome recognises a select of one value over a CTE that always
// gives one row: "exists" for select exists (select … from cte), "count"
// for select count(…) from cte; it returns the CTE's name.
func selectOutcome(sel *pg_query.SelectStmt, ctes map[string]bool) (outcome, cte string) {
	if len(sel.TargetList) != 1 || sel.Larg != nil || len(sel.GroupClause) > 0 || sel.HavingClause != nil {
		return "", ""
	}
	rt := sel.TargetList[0].GetResTarget()
	if rt == nil || rt.Val == nil {
		return "", ""
	}
	val := rt.Val
	for val.GetTypeCast() != nil {
		val = val.GetTypeCast().Arg // count(*)::bigint
	}
	if sel.WhereClause != nil {
		// A WHERE filters the CTE's rows, and an aggregate without GROUP
		// BY still gives one row (count 0); exists under a WHERE can give
		// none.
		if fc := val.GetFuncCall(); fc == nil || lastName(fc.Funcname) != "count" {
			return "", ""
		}
	}
	fromCTE := func(s *pg_query.SelectStmt) string {
		if s == nil || len(s.FromClause) != 1 {
			return ""
		}
		if rv := s.FromClause[0].GetRangeVar(); rv != nil && rv.Schemaname == "" && ctes[rv.Relname] {
			return rv.Relname
		}
		return ""
	}
	if sl := val.GetSubLink(); sl != nil && sl.SubLinkType == pg_query.SubLinkType_EXISTS_SUBLINK && len(sel.FromClause) == 0 {
		if name := fromCTE(sl.Subselect.GetSelectStmt()); name != "" {
			return "exists", name
		}
	}
	if fc := val.GetFuncCall(); fc != nil && lastName(fc.Funcname) == "count" && fc.Over == nil {
		if name := fromCTE(sel); name != "" {
			return "count", name
		}
	}
	return "", ""
}

// dmlCTE reports whether the CTE named name modifies data.
func dmlCTE(w *pg_query.WithClause, name string) bool {
	if w == nil {
		return false
	}
	for _, c := range w.Ctes {
		if cte := c.GetCommonTableExpr(); cte != nil && cte.Ctename == name {
			return isDML(cte.Ctequery)
		}
	}
	return false
}

// waitsForUpdate reports whether a select's locking clause takes an
// update lock on its rows and waits for it (for update, for no key
// update, without skip locked or nowait): a second transaction running
// the same select waits until the first commits, then reads what it wrote.
// takesXactLock reports whether a select with no table calls
// pg_advisory_xact_lock (waiting, exclusive, released when the
// transaction ends); the shared, try and session-level forms are not it.
func takesXactLock(sel *pg_query.SelectStmt) bool {
	found := false
	for _, n := range sel.TargetList {
		inspect(n.ProtoReflect(), func(m protoreflect.Message) bool {
			fc, ok := m.Interface().(*pg_query.FuncCall)
			if !ok {
				return true
			}
			parts := stringsOf(fc.Funcname)
			if len(parts) > 0 && parts[len(parts)-1] == "pg_advisory_xact_lock" && (len(parts) == 1 || parts[0] == "pg_catalog") {
				found = true
			}
			return true
		})
	}
	return found
}

// updateLock reports whether a locking clause locks the rows read for
// update (for update, for no key update: a second transaction's lock of
// the same row conflicts; the share forms do not) and how a conflict is
// met: waits (the default) or noWait (skip locked leaves the row out,
// nowait fails the statement).
func updateLock(clauses []*pg_query.Node) (waits, noWait bool) {
	for _, n := range clauses {
		lc := n.GetLockingClause()
		if lc == nil || lc.Strength != pg_query.LockClauseStrength_LCS_FORUPDATE && lc.Strength != pg_query.LockClauseStrength_LCS_FORNOKEYUPDATE {
			continue
		}
		if lc.WaitPolicy == pg_query.LockWaitPolicy_LockWaitBlock {
			waits = true
		} else {
			noWait = true
		}
	}
	return waits, noWait
}
