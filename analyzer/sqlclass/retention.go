package sqlclass

import (
	"slices"
	"sort"
	"strconv"
	"strings"

	pg_query "github.com/pganalyze/pg_query_go/v6"
)

// A pruning DELETE keeps the rows younger than an interval: a claim table
// pruned sooner than its handlers' retries end lets a late retry claim the
// key again (rule prune-before-retry). retention reads that interval from
// the WHERE of a DELETE, in the forms pruning jobs write:
//
//	… where created_at < now() - interval '14 days'     Retention "14 days"
//	… where created_at < now() - $1::interval           RetentionParam 1 (a time.Duration)
//	… where created_at < now() - $1 * interval '1 day'  RetentionParam 1, RetentionUnit "1 day"
//	… where created_at < $1                             RetentionParam 1, RetentionUnit "cutoff" (a time)
//	… where created_at < now() - make_interval(days => 14)      Retention "14 day"
//	… where created_at < now() - make_interval(days => $1)      RetentionParam 1, RetentionUnit "1 day"
//
// now() stands for any clock: now(), current_timestamp, localtimestamp,
// clock_timestamp(), statement_timestamp(), transaction_timestamp().

// A DELETE by no time either releases keys (its WHERE fixes a whole
// unique key: at most one row each, a failed job's claim given back) or
// clears many rows at once (a prefix of the key, a scope, every row): the
// latter bounds a claim table as a pruning job does, only not by age.
// matches lists the columns its WHERE fixes by equality (col = $1,
// col = 'x', col = ANY($1), col IN (…)) under top-level ANDs; the summary
// compares them with the migrations' unique keys.

// matches is Stmt.Matches for a DELETE's WHERE.
func matches(where *pg_query.Node) string {
	if where == nil {
		return "*"
	}
	var cols []string
	for _, e := range andEqualities(where) {
		switch e.Kind {
		case pg_query.A_Expr_Kind_AEXPR_OP, pg_query.A_Expr_Kind_AEXPR_OP_ANY, pg_query.A_Expr_Kind_AEXPR_IN:
		default:
			continue
		}
		for _, side := range []*pg_query.Node{e.Lexpr, e.Rexpr} {
			if c := columnName(side); c != "" {
				cols = append(cols, c)
			}
		}
	}
	sort.Strings(cols)
	return strings.Join(slices.Compact(cols), ",")
}

// andEqualities are the "=" comparisons (col = x, col = ANY(x), col IN
// (…)) among the terms of where's top-level ANDs: what matches and
// whereParams read a WHERE's fixed columns from.
func andEqualities(where *pg_query.Node) []*pg_query.A_Expr {
	var out []*pg_query.A_Expr
	var visit func(n *pg_query.Node)
	visit = func(n *pg_query.Node) {
		if b := n.GetBoolExpr(); b != nil {
			if b.Boolop == pg_query.BoolExprType_AND_EXPR {
				for _, a := range b.Args {
					visit(a)
				}
			}
			return
		}
		if e := n.GetAExpr(); e != nil && len(e.Name) == 1 && e.Name[0].GetString_().GetSval() == "=" {
			out = append(out, e)
		}
	}
	if where != nil {
		visit(where)
	}
	return out
}

// columnName is the folded name of a column reference (its last field).
func columnName(n *pg_query.Node) string {
	if n == nil {
		return ""
	}
	if tc := n.GetTypeCast(); tc != nil {
		return columnName(tc.Arg)
	}
	ref := n.GetColumnRef()
	if ref == nil || len(ref.Fields) == 0 {
		return ""
	}
	return strings.ToLower(ref.Fields[len(ref.Fields)-1].GetString_().GetSval())
}

// CutoffUnit marks a parameter that is the cutoff time itself.
const CutoffUnit = "cutoff"

// retention sets st's Retention fields from a DELETE's WHERE.
func retention(st *Stmt, where *pg_query.Node) {
	if where == nil {
		return
	}
	var visit func(n *pg_query.Node) bool
	visit = func(n *pg_query.Node) bool {
		if n == nil {
			return false
		}
		if b := n.GetBoolExpr(); b != nil {
			for _, a := range b.Args {
				if visit(a) {
					return true
				}
			}
			return false
		}
		e := n.GetAExpr()
		if e == nil || len(e.Name) != 1 {
			return false
		}
		op := e.Name[0].GetString_().GetSval()
		var col, bound *pg_query.Node
		switch op {
		case "<", "<=":
			col, bound = e.Lexpr, e.Rexpr
		case ">", ">=":
			col, bound = e.Rexpr, e.Lexpr
		default:
			return false
		}
		if col.GetColumnRef() == nil {
			return false
		}
		if p := param(bound); p > 0 {
			st.RetentionParam, st.RetentionUnit = p, CutoffUnit
			return true
		}
		return ago(st, bound)
	}
	visit(where)
}

// ago reads "clock - interval" into st.
func ago(st *Stmt, n *pg_query.Node) bool {
	e := n.GetAExpr()
	if e == nil || len(e.Name) != 1 || e.Name[0].GetString_().GetSval() != "-" || !clock(e.Lexpr) {
		return false
	}
	iv := e.Rexpr
	if text, ok := intervalConst(iv); ok {
		st.Retention = text
		return true
	}
	if p := param(iv); p > 0 {
		st.RetentionParam = p
		return true
	}
	if makeInterval(st, iv) {
		return true
	}
	if m := iv.GetAExpr(); m != nil && len(m.Name) == 1 && m.Name[0].GetString_().GetSval() == "*" {
		for _, pair := range [][2]*pg_query.Node{{m.Lexpr, m.Rexpr}, {m.Rexpr, m.Lexpr}} {
			if p := param(pair[0]); p > 0 {
				if unit, ok := intervalConst(pair[1]); ok {
					st.RetentionParam, st.RetentionUnit = p, unit
					return true
				}
			}
		}
	}
	return false
}

// makeIntervalArgs are make_interval's parameters in order, with the
// interval unit each counts.
var makeIntervalArgs = []struct{ name, unit string }{
	{"years", "year"}, {"months", "month"}, {"weeks", "week"}, {"days", "day"},
	{"hours", "hour"}, {"mins", "minute"}, {"secs", "second"},
}

// makeInterval reads make_interval(days => 14) (constant arguments, named
// or positional) into st.Retention ("14 day"), or make_interval(days =>
// $1) into RetentionParam 1 × RetentionUnit "1 day".
func makeInterval(st *Stmt, n *pg_query.Node) bool {
	fc := n.GetFuncCall()
	if fc == nil || lastName(fc.Funcname) != "make_interval" {
		return false
	}
	var parts []string
	pn, unit := 0, ""
	for i, a := range fc.Args {
		name, arg := "", a
		if na := a.GetNamedArgExpr(); na != nil {
			name, arg = na.Name, na.Arg
		} else if i < len(makeIntervalArgs) {
			name = makeIntervalArgs[i].name
		}
		u := ""
		for _, m := range makeIntervalArgs {
			if m.name == name {
				u = m.unit
			}
		}
		if u == "" {
			return false
		}
		if p := param(arg); p > 0 {
			if pn != 0 {
				return false
			}
			pn, unit = p, "1 "+u
			continue
		}
		c := arg.GetAConst()
		if c == nil || c.GetIval() == nil && c.GetFval() == nil {
			return false
		}
		if c.GetIval() != nil {
			if c.GetIval().Ival != 0 {
				parts = append(parts, strconv.Itoa(int(c.GetIval().Ival))+" "+u)
			}
		} else {
			parts = append(parts, c.GetFval().Fval+" "+u)
		}
	}
	switch {
	case pn != 0 && len(parts) == 0:
		st.RetentionParam, st.RetentionUnit = pn, unit
	case pn == 0 && len(parts) > 0:
		st.Retention = strings.Join(parts, " ")
	default:
		return false
	}
	return true
}

// clock reports whether n reads the current time.
func clock(n *pg_query.Node) bool {
	if n == nil {
		return false
	}
	if n.GetSqlvalueFunction() != nil {
		return true // current_timestamp, localtimestamp, current_date, …
	}
	if fc := n.GetFuncCall(); fc != nil && len(fc.Args) == 0 {
		switch lastName(fc.Funcname) {
		case "now", "clock_timestamp", "statement_timestamp", "transaction_timestamp":
			return true
		}
	}
	if tc := n.GetTypeCast(); tc != nil {
		return clock(tc.Arg)
	}
	return false
}

// param is the number of a parameter ($n, also cast), or 0.
func param(n *pg_query.Node) int {
	if n == nil {
		return 0
	}
	if tc := n.GetTypeCast(); tc != nil {
		return param(tc.Arg)
	}
	if p := n.GetParamRef(); p != nil {
		return int(p.Number)
	}
	return 0
}

// intervalConst is the text of interval '14 days' or '14 days'::interval.
func intervalConst(n *pg_query.Node) (string, bool) {
	tc := n.GetTypeCast()
	if tc == nil || tc.TypeName == nil || lastName(tc.TypeName.Names) != "interval" {
		return "", false
	}
	c := tc.Arg.GetAConst()
	if c == nil || c.GetSval() == nil {
		return "", false
	}
	return strings.TrimSpace(c.GetSval().Sval), true
}
