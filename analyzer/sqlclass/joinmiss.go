package sqlclass

import (
	"sort"
	"strconv"
	"strings"

	pg_query "github.com/pganalyze/pg_query_go/v6"
)

// joinMisses lists the columns a read returns that tell whether a row of
// a table it outer-joins was found: coalesce(state.version, 0) AS
// state_version, where state is the side of a LEFT (or RIGHT) JOIN that
// may be missing, is the default 0 when the join found no row of
// rotation_state. One entry a line, "alias=table=default" (sorted; the
// default as Go writes a constant: 0, "", true), "" when none. A caller
// that inserts into that table only when the column equals its default
// creates the row only when it was not found (guard's join-miss test):
// a row found whose column holds the default too would fail the insert on
// every delivery, the first one's as well, which is no redelivery's doing.
func joinMisses(sel *pg_query.SelectStmt) string {
	if sel == nil || sel.Larg != nil || len(sel.FromClause) != 1 {
		return ""
	}
	nullable := map[string]string{} // alias (or name) → table
	outerSides(sel.FromClause[0], nullable)
	if len(nullable) == 0 {
		return ""
	}
	var out []string
	for _, t := range sel.TargetList {
		rt := t.GetResTarget()
		if rt == nil || rt.Name == "" {
			continue
		}
		co := rt.Val.GetCoalesceExpr()
		if co == nil || len(co.Args) != 2 {
			continue
		}
		cr := co.Args[0].GetColumnRef()
		if cr == nil || len(cr.Fields) != 2 {
			continue
		}
		qual := cr.Fields[0].GetString_()
		table, ok := "", false
		if qual != nil {
			table, ok = nullable[qual.Sval]
		}
		def, isConst := constText(co.Args[1])
		if !ok || !isConst {
			continue
		}
		out = append(out, rt.Name+"="+table+"="+def)
	}
	sort.Strings(out)
	return strings.Join(out, "\n")
}

// outerSides adds to out the tables of n's joins whose rows may be
// missing (the right side of a LEFT JOIN, the left of a RIGHT JOIN), by
// the alias the query names them with.
func outerSides(n *pg_query.Node, out map[string]string) {
	j := n.GetJoinExpr()
	if j == nil {
		return
	}
	outerSides(j.Larg, out)
	outerSides(j.Rarg, out)
	var side *pg_query.Node
	switch j.Jointype {
	case pg_query.JoinType_JOIN_LEFT:
		side = j.Rarg
	case pg_query.JoinType_JOIN_RIGHT:
		side = j.Larg
	}
	if rv := side.GetRangeVar(); rv != nil {
		name := rv.Relname
		if rv.Alias != nil && rv.Alias.Aliasname != "" {
			name = rv.Alias.Aliasname
		}
		out[name] = relName(rv)
	}
}

// constText is a constant as Go writes it (0, "", true), through a cast;
// false when n is no constant.
func constText(n *pg_query.Node) (string, bool) {
	c := aConst(n)
	if c == nil || c.GetIsnull() {
		return "", false
	}
	switch {
	case c.GetIval() != nil:
		return strconv.FormatInt(int64(c.GetIval().Ival), 10), true
	case c.GetSval() != nil:
		return strconv.Quote(c.GetSval().Sval), true
	case c.GetBoolval() != nil:
		return strconv.FormatBool(c.GetBoolval().Boolval), true
	}
	return "", false
}
