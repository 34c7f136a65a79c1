package sqlclass

import (
	"sort"
	"strconv"
	"strings"

	pg_query "github.com/pganalyze/pg_query_go/v6"
)

// assignedParams lists the parameters ($n) that a SET list assigns to a
// column as they are: SET n = $1, SET n = $1::int, and in an upsert SET n
// = excluded.n where the single row inserted gives n from $2. A caller
// that sees where such a parameter's value comes from can tell an
// increment made in the program (SELECT n … ; UPDATE … SET n = $1 with
// n+1) from a set. It returns them as "1,2" (sorted, no repeats) for
// Stmt.SetParams, "" when none.
func assignedParams(targets []*pg_query.Node, ins *pg_query.InsertStmt) string {
	inserted := insertedParams(ins)
	seen := map[int]bool{}
	for _, t := range targets {
		rt := t.GetResTarget()
		if rt == nil || rt.Val == nil || rt.Val.GetMultiAssignRef() != nil {
			continue
		}
		val := rt.Val
		for val.GetTypeCast() != nil {
			val = val.GetTypeCast().Arg
		}
		if p := val.GetParamRef(); p != nil && p.Number > 0 {
			seen[int(p.Number)] = true
			continue
		}
		if cr := val.GetColumnRef(); cr != nil {
			if f := stringsOf(cr.Fields); len(f) == 2 && f[0] == "excluded" && inserted[f[1]] > 0 {
				seen[inserted[f[1]]] = true
			}
		}
	}
	if len(seen) == 0 {
		return ""
	}
	var ns []int
	for n := range seen {
		ns = append(ns, n)
	}
	sort.Ints(ns)
	parts := make([]string, len(ns))
	for i, n := range ns {
		parts[i] = strconv.Itoa(n)
	}
	return strings.Join(parts, ",")
}

// insertedParams maps the columns of an INSERT of one row to the
// parameter each is given directly: a VALUES row, or a SELECT list that
// reads no table (insert … select $1, $2, (select id from …)), written so
// that a column can take a scalar subquery, whose items fill the columns
// by position as a VALUES row's do.
func insertedParams(ins *pg_query.InsertStmt) map[string]int {
	out := map[string]int{}
	if ins == nil || ins.SelectStmt == nil {
		return out
	}
	sel := ins.SelectStmt.GetSelectStmt()
	if sel == nil {
		return out
	}
	var items []*pg_query.Node
	switch {
	case len(sel.ValuesLists) == 1:
		if row := sel.ValuesLists[0].GetList(); row != nil {
			items = row.Items
		}
	case len(sel.ValuesLists) == 0 && len(sel.FromClause) == 0 && sel.Larg == nil && sel.Rarg == nil:
		for _, t := range sel.TargetList {
			rt := t.GetResTarget()
			if rt == nil {
				return out
			}
			items = append(items, rt.Val)
		}
	}
	if len(items) != len(ins.Cols) {
		return out
	}
	for i, c := range ins.Cols {
		rt := c.GetResTarget()
		v := items[i]
		if v == nil {
			continue
		}
		for v.GetTypeCast() != nil {
			v = v.GetTypeCast().Arg
		}
		if p := v.GetParamRef(); rt != nil && p != nil && p.Number > 0 {
			out[rt.Name] = int(p.Number)
		}
	}
	return out
}

// columnParams is insertedParams as ColumnParams spells it, in column
// order.
func columnParams(ins *pg_query.InsertStmt) string {
	params := insertedParams(ins)
	var parts []string
	for _, c := range ins.Cols {
		if rt := c.GetResTarget(); rt != nil && params[rt.Name] > 0 {
			parts = append(parts, rt.Name+"="+strconv.Itoa(params[rt.Name]))
		}
	}
	return strings.Join(parts, ",")
}

// ColumnParam returns the parameter an insert gives column col directly
// (1 for $1), or 0.
func (s Stmt) ColumnParam(col string) int {
	for _, p := range strings.Split(s.ColumnParams, ",") {
		if name, n, ok := strings.Cut(p, "="); ok && strings.EqualFold(name, col) {
			if v, err := strconv.Atoi(n); err == nil {
				return v
			}
		}
	}
	return 0
}

// Params returns the parameters of SetParams as numbers (1 for $1).
func (s Stmt) Params() []int {
	if s.SetParams == "" {
		return nil
	}
	var out []int
	for _, p := range strings.Split(s.SetParams, ",") {
		if n, err := strconv.Atoi(p); err == nil {
			out = append(out, n)
		}
	}
	return out
}
