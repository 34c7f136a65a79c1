package sqlclass

import (
	"sort"
	"strconv"
	"strings"

	pg_query "github.com/pganalyze/pg_query_go/v6"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// Rows stamped with the transaction's clock. A transaction that upserts
// only the rows that changed and stamps them with its clock, then copies
// the rows carrying that stamp, copies exactly what it changed:
//
//	insert into runs (id, status, synced_at) values ($1, $2, now())
//	on conflict (id) do update set status = excluded.status, synced_at = excluded.synced_at
//	where runs.status is distinct from excluded.status
//
//	insert into run_history (run_id, status)
//	select runs.id, runs.status from runs where runs.id = $1 and runs.synced_at = now()
//
// now() (transaction_timestamp(), current_timestamp, localtimestamp) is
// the same for every statement of one transaction and new in the next, so
// no row carries it but the ones this transaction stamped; a second
// delivery's conditional upsert finds the rows unchanged and stamps none,
// and the copy copies none. The statements here record the two halves:
//   - StampedBy, on an INSERT … SELECT whose rows come from table T through
//     inner joins only (no set operation, no aggregate without a group),
//     names "T.col" when its WHERE or a join's ON requires T.col = now();
//   - ClockSets, on an upsert whose DO UPDATE has a WHERE, or an update
//     that changes a row only while it differs (setIfDifferent), lists the
//     columns it sets to now() (directly, or as excluded.col of an insert
//     giving col now()); a WHERE that reads such a column or the clock
//     itself could pass again on the next delivery and records none;
//   - Assigns, on an update, lists the columns its SET assigns (Columns
//     does so for an insert): a write of T that assigns the stamp column
//     without stamping it only on change makes the copy repeat.
// Whether every write of T in the transaction is such a stamp is the
// caller's to tell (summary stamped.go); clock_timestamp() and
// statement_timestamp() change within a transaction and stamp nothing.

// txClock reports whether an expression is the transaction's clock,
// cast or not.
func txClock(n *pg_query.Node) bool {
	for n != nil && n.GetTypeCast() != nil {
		n = n.GetTypeCast().Arg
	}
	if n == nil {
		return false
	}
	if f := n.GetFuncCall(); f != nil {
		name := lastName(f.Funcname)
		return len(f.Args) == 0 && (name == "now" || name == "transaction_timestamp")
	}
	if v := n.GetSqlvalueFunction(); v != nil {
		switch v.Op {
		case pg_query.SQLValueFunctionOp_SVFOP_CURRENT_TIMESTAMP, pg_query.SQLValueFunctionOp_SVFOP_CURRENT_TIMESTAMP_N,
			pg_query.SQLValueFunctionOp_SVFOP_LOCALTIMESTAMP, pg_query.SQLValueFunctionOp_SVFOP_LOCALTIMESTAMP_N:
			return true
		}
	}
	return false
}

// stampParam is the parameter an expression is, cast or not, 0 when it
// is none: a stamp passed as a parameter (synced_at = $3) whose value the
// caller tells (summary stamped.go: the database clock read once by the
// transaction, or a time the job carries).
func stampParam(n *pg_query.Node) int {
	for n != nil && n.GetTypeCast() != nil {
		n = n.GetTypeCast().Arg
	}
	if p := n.GetParamRef(); p != nil && p.Number > 0 {
		return int(p.Number)
	}
	return 0
}

// mentionsClock reports whether a tree reads a clock, one of the
// parameters params stamps with, or a column among cols of the target
// (s): a WHERE that does may pass again.
func (s selfRef) mentionsClock(n *pg_query.Node, cols map[string]bool, params map[int]bool) bool {
	if n == nil {
		return false
	}
	found := false
	inspect(n.ProtoReflect(), func(m protoreflect.Message) bool {
		if found {
			return false
		}
		node, ok := m.Interface().(*pg_query.Node)
		if !ok {
			return true
		}
		if txClock(node) || params[stampParam(node)] {
			found = true
			return false
		}
		if f := node.GetFuncCall(); f != nil {
			switch lastName(f.Funcname) {
			case "clock_timestamp", "statement_timestamp", "timeofday", "random", "gen_random_uuid":
				found = true
				return false
			}
		}
		if cr := node.GetColumnRef(); cr != nil {
			f := stringsOf(cr.Fields)
			if len(f) > 0 && cols[f[len(f)-1]] && s.is(cr, f[len(f)-1]) {
				found = true
				return false
			}
		}
		return true
	})
	return found
}

// clockSets lists the columns a conditional write sets to the
// transaction's clock, and (params, "col=$n" sorted) those it sets to a
// parameter; inserted gives, for an upsert, what the row inserted gives a
// column (excluded.col): 0 the clock, n parameter $n.
func (s selfRef) clockSets(targets []*pg_query.Node, where *pg_query.Node, inserted map[string]int) (clock, params string) {
	cols := map[string]bool{}
	byParam := map[string]int{}
	for _, t := range targets {
		rt := t.GetResTarget()
		if rt == nil || rt.Name == "" || rt.Val == nil || len(rt.Indirection) != 0 {
			continue
		}
		if txClock(rt.Val) {
			cols[rt.Name] = true
			continue
		}
		if n := stampParam(rt.Val); n > 0 {
			byParam[rt.Name] = n
			continue
		}
		if cr := rt.Val.GetColumnRef(); cr != nil {
			if f := stringsOf(cr.Fields); len(f) == 2 && f[0] == "excluded" && f[1] == rt.Name {
				if n, ok := inserted[rt.Name]; ok && n == 0 {
					cols[rt.Name] = true
				} else if ok {
					byParam[rt.Name] = n
				}
			}
		}
	}
	if where == nil {
		return "", ""
	}
	if len(cols) > 0 && !s.mentionsClock(where, cols, nil) {
		clock = sortedKeys(cols)
	}
	// Which parameter is a clock is the caller's to tell: each column set
	// from a parameter is a candidate, unless the WHERE reads that
	// parameter, a column set from it or one set to the clock (it may
	// pass again).
	ps := map[string]bool{}
	for c, n := range byParam {
		same := map[string]bool{}
		for d, m := range byParam {
			if m == n {
				same[d] = true
			}
		}
		for d := range cols {
			same[d] = true
		}
		if !s.mentionsClock(where, same, map[int]bool{n: true}) {
			ps[c+"=$"+strconv.Itoa(n)] = true
		}
	}
	params = sortedKeys(ps)
	return clock, params
}

// clockInserted maps the columns an INSERT gives the transaction's clock
// (0) or a parameter (its number): in its single VALUES row, or by
// position in its SELECT's target list.
func clockInserted(ins *pg_query.InsertStmt) map[string]int {
	out := map[string]int{}
	sel := ins.SelectStmt.GetSelectStmt()
	if sel == nil {
		return out
	}
	var items []*pg_query.Node
	switch {
	case len(sel.ValuesLists) == 1 && sel.ValuesLists[0].GetList() != nil:
		items = sel.ValuesLists[0].GetList().Items
	case len(sel.ValuesLists) == 0 && sel.Larg == nil && sel.Rarg == nil:
		for _, t := range sel.TargetList {
			if rt := t.GetResTarget(); rt != nil {
				items = append(items, rt.Val)
			}
		}
	}
	if len(items) != len(ins.Cols) {
		return out
	}
	for i, c := range ins.Cols {
		rt := c.GetResTarget()
		switch {
		case rt == nil:
		case txClock(items[i]):
			out[rt.Name] = 0
		case stampParam(items[i]) > 0:
			out[rt.Name] = stampParam(items[i])
		}
	}
	return out
}

// assignedCols lists the columns a SET list assigns; "" when one is
// assigned through a multi-column assignment or an indirection (not told).
func assignedCols(targets []*pg_query.Node) string {
	cols := map[string]bool{}
	for _, t := range targets {
		rt := t.GetResTarget()
		if rt == nil || rt.Name == "" || rt.Val == nil || rt.Val.GetMultiAssignRef() != nil {
			return ""
		}
		cols[rt.Name] = true
	}
	return sortedKeys(cols)
}

func sortedKeys(m map[string]bool) string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return strings.Join(ks, ",")
}

// aggregates are the aggregate functions a select may return one row
// from with no row to read.
var aggregates = set("count", "sum", "min", "max", "avg", "array_agg", "json_agg", "jsonb_agg",
	"string_agg", "bool_and", "bool_or", "every", "json_object_agg", "jsonb_object_agg")

// stampedBy returns "table.col" for an INSERT … SELECT whose rows come
// from a table through inner joins only and must carry the transaction's
// clock in one of its columns; "" when it does not. Failing that, param
// lists ("table.col=$n,…", sorted) the columns they must equal a
// parameter in: which of them is a stamp is the caller's to tell.
func stampedBy(ins *pg_query.InsertStmt) (clock, param string) {
	sel := ins.SelectStmt.GetSelectStmt()
	if sel == nil || len(sel.ValuesLists) > 0 || sel.Larg != nil || sel.Rarg != nil || len(sel.FromClause) == 0 ||
		sel.HavingClause != nil {
		return "", ""
	}
	if len(sel.GroupClause) == 0 {
		for _, t := range sel.TargetList {
			if rt := t.GetResTarget(); rt != nil && rt.Val != nil {
				if f := rt.Val.GetFuncCall(); f != nil && aggregates[lastName(f.Funcname)] {
					return "", ""
				}
			}
		}
	}
	// The tables the rows come from, by the name that qualifies their
	// columns, and the conditions every row meets.
	tables := map[string]string{}
	var conds []*pg_query.Node
	ok := true
	var from func(n *pg_query.Node)
	from = func(n *pg_query.Node) {
		switch {
		case n.GetRangeVar() != nil:
			rv := n.GetRangeVar()
			q := rv.Relname
			if a := aliasOf(rv); a != "" {
				q = a
			}
			if _, dup := tables[q]; dup {
				ok = false
			}
			tables[q] = relName(rv)
		case n.GetJoinExpr() != nil:
			j := n.GetJoinExpr()
			if j.Jointype != pg_query.JoinType_JOIN_INNER {
				ok = false
				return
			}
			from(j.Larg)
			from(j.Rarg)
			if j.Quals != nil {
				conds = append(conds, j.Quals)
			}
		default:
			// A subselect or function: its rows are another matter, but
			// an inner join with it only narrows the stamped table's.
		}
	}
	for _, n := range sel.FromClause {
		from(n)
	}
	if !ok {
		return "", ""
	}
	if sel.WhereClause != nil {
		conds = append(conds, sel.WhereClause)
	}
	var found, byParam []string
	var conj func(n *pg_query.Node)
	conj = func(n *pg_query.Node) {
		if b := n.GetBoolExpr(); b != nil {
			if b.Boolop == pg_query.BoolExprType_AND_EXPR {
				for _, a := range b.Args {
					conj(a)
				}
			}
			return
		}
		e := n.GetAExpr()
		if e == nil || e.Kind != pg_query.A_Expr_Kind_AEXPR_OP || lastName(e.Name) != "=" {
			return
		}
		for _, pair := range [][2]*pg_query.Node{{e.Lexpr, e.Rexpr}, {e.Rexpr, e.Lexpr}} {
			cr := pair[0].GetColumnRef()
			n := stampParam(pair[1])
			if cr == nil || (!txClock(pair[1]) && n == 0) {
				continue
			}
			f := stringsOf(cr.Fields)
			if len(f) != 2 {
				continue // unqualified: which table's is not told here
			}
			t, ok := tables[f[0]]
			switch {
			case !ok:
			case n > 0:
				byParam = append(byParam, t+"."+f[1]+"=$"+strconv.Itoa(n))
			default:
				found = append(found, t+"."+f[1])
			}
		}
	}
	for _, c := range conds {
		conj(c)
	}
	sort.Strings(found)
	sort.Strings(byParam)
	switch {
	case len(found) > 0:
		return found[0], ""
	case len(byParam) > 0:
		return "", strings.Join(byParam, ",")
	}
	return "", ""
}

// unionCols joins two comma-separated column lists, sorted, no repeats.
func unionCols(a, b string) string {
	cols := map[string]bool{}
	for _, l := range []string{a, b} {
		for _, c := range strings.Split(l, ",") {
			if c != "" {
				cols[c] = true
			}
		}
	}
	return sortedKeys(cols)
}

// ClockRead reports whether a SQL text only reads the database clock: a
// SELECT of one clock (now(), transaction_timestamp(), current_timestamp,
// clock_timestamp(), statement_timestamp(), cast or not) from no table.
// The value it returns is new in every transaction, so a stamp a
// transaction passes as a parameter with that value is its own, as now()
// in the text is (summary stampclock.go).
func ClockRead(text string) bool {
	tree, err := pg_query.Parse(text)
	if err != nil || len(tree.Stmts) != 1 {
		return false
	}
	sel := tree.Stmts[0].Stmt.GetSelectStmt()
	if sel == nil || len(sel.FromClause) > 0 || sel.WhereClause != nil || len(sel.TargetList) != 1 ||
		sel.Larg != nil || sel.Rarg != nil || len(sel.ValuesLists) > 0 || sel.WithClause != nil {
		return false
	}
	rt := sel.TargetList[0].GetResTarget()
	if rt == nil || rt.Val == nil {
		return false
	}
	n := rt.Val
	for n != nil && n.GetTypeCast() != nil {
		n = n.GetTypeCast().Arg
	}
	if txClock(n) {
		return true
	}
	f := n.GetFuncCall()
	if f == nil || len(f.Args) != 0 {
		return false
	}
	switch lastName(f.Funcname) {
	case "clock_timestamp", "statement_timestamp":
		return true
	}
	return false
}
