package sqlclass

import (
	"sort"
	"strconv"
	"strings"

	pg_query "github.com/pganalyze/pg_query_go/v6"
)

// The parameters a statement's WHERE fixes a column to. A caller binds
// them to what it passes (summary pickkey.go): a compare-and-set whose
// row is picked by a value new on every delivery (a uuid the run made)
// changes only a row the same run wrote, so its "no row changed" never
// reports an earlier delivery's work; a read and a write that fix the
// same key column to different constants ("discord", "slack") touch
// different rows.

// whereParams is Stmt.WhereParams: the columns the WHERE fixes by
// equality to a parameter (col = $n, $n = col, also through a cast) under
// top-level ANDs, "col=n" sorted by column then number; "" when none.
func whereParams(where *pg_query.Node) string {
	if where == nil {
		return ""
	}
	var out []string
	for _, e := range andEqualities(where) {
		if e.Kind != pg_query.A_Expr_Kind_AEXPR_OP {
			continue
		}
		for _, sides := range [][2]*pg_query.Node{{e.Lexpr, e.Rexpr}, {e.Rexpr, e.Lexpr}} {
			if c, n := columnName(sides[0]), paramNumber(sides[1]); c != "" && n > 0 {
				out = append(out, c+"="+strconv.Itoa(n))
			}
		}
	}
	sort.Strings(out)
	return strings.Join(out, ",")
}

// oneTableWhere is the WHERE of a read of one table: its own, or that of
// the one table an exists(select … from t where …) tests; nil otherwise.
func oneTableWhere(sel *pg_query.SelectStmt) *pg_query.Node {
	if sel == nil || sel.Larg != nil {
		return nil
	}
	if len(sel.FromClause) == 1 && sel.FromClause[0].GetRangeVar() != nil {
		return sel.WhereClause
	}
	if len(sel.FromClause) != 0 || len(sel.TargetList) != 1 || sel.WhereClause != nil {
		return nil
	}
	rt := sel.TargetList[0].GetResTarget()
	if rt == nil || rt.Val == nil {
		return nil
	}
	sl := rt.Val.GetSubLink()
	if sl == nil || sl.SubLinkType != pg_query.SubLinkType_EXISTS_SUBLINK || sl.Subselect == nil {
		return nil
	}
	return oneTableWhere(sl.Subselect.GetSelectStmt())
}

// paramNumber is the number of a parameter reference ($n, also cast),
// 0 for anything else.
func paramNumber(n *pg_query.Node) int {
	if n == nil {
		return 0
	}
	if tc := n.GetTypeCast(); tc != nil {
		return paramNumber(tc.Arg)
	}
	if p := n.GetParamRef(); p != nil && p.Number > 0 {
		return int(p.Number)
	}
	return 0
}

// WhereParamList is WhereParams as (column, number) pairs, in order.
func (s Stmt) WhereParamList() []ColParam {
	if s.WhereParams == "" {
		return nil
	}
	var out []ColParam
	for _, p := range strings.Split(s.WhereParams, ",") {
		c, num, ok := strings.Cut(p, "=")
		n, err := strconv.Atoi(num)
		if ok && err == nil {
			out = append(out, ColParam{Col: c, N: n})
		}
	}
	return out
}

// ColParam is a column and the parameter ($N) it is fixed to.
type ColParam struct {
	Col string
	N   int
}
