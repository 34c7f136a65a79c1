package sqlclass

import (
	pg_query "github.com/pganalyze/pg_query_go/v6"
)

// A sweep in batches: an UPDATE that sets a column to a constant on the
// rows a LIMIT subquery of its own table picks, where that subquery
// leaves out the rows already holding the constant:
//
//	update user_calendar_subscriptions set disabled = true
//	where id = any (select id from user_calendar_subscriptions
//	    where last_access < now() - $1 and not disabled
//	    order by id limit 100 for update skip locked)
//
// (goalert's CleanupMgrDisableOldCalSub, run in a loop until fewer than
// 100 rows change). Each row it changes holds the constant afterwards and
// is never picked again, so no row is changed twice whatever the number
// of runs: a second delivery sets only rows the first had not reached
// yet, the batches its own loop (or the next periodic run) would have set
// anyway. The end state is "every eligible row set": a set, not "the
// next n". Its conditions, all of them:
//   - the LIMIT is a constant: a batch size. A LIMIT the caller passes
//     ($2) is a quantity it decides, a quota (accept the next n of a
//     waitlist), and a second delivery takes n more;
//   - the column is set to a constant (not now(), not a parameter such as
//     an owner id a claim of rows writes: set owner = $1 where owner is
//     null limit 10 takes ten more rows for the worker on each run);
//   - a conjunct of the subquery's WHERE is false on a row holding that
//     constant: not c (c set true), c (set false), c <> v, c != v, c is
//     distinct from v, not (c = v) (v the constant), c is null, c is not
//     true / c is false (set true), c is not false / c is true (set
//     false), c = b for the other boolean. A WHERE that only tests
//     another value of the column (status = 'waitlisted', set status =
//     'accepted') picks from a pool, the "next n" of a quota: it stays an
//     increment.

// sweepColumn returns the column of vals (the constants an UPDATE sets,
// by column) whose new value sel's WHERE leaves out, when sel's LIMIT is
// a constant; "" otherwise.
func sweepColumn(sel *pg_query.SelectStmt, vals map[string]*pg_query.Node) string {
	if !constLimit(sel.LimitCount) || sel.WhereClause == nil {
		return ""
	}
	for _, c := range conjuncts(sel.WhereClause) {
		if col := excludesValue(c, vals); col != "" {
			return col
		}
	}
	return ""
}

// constLimit reports whether a LIMIT is a non-null integer constant, cast
// or not.
func constLimit(n *pg_query.Node) bool {
	c := aConst(n)
	return c != nil && !c.GetIsnull() && c.GetIval() != nil
}

// conjuncts flattens a WHERE's top-level AND.
func conjuncts(n *pg_query.Node) []*pg_query.Node {
	if b := n.GetBoolExpr(); b != nil && b.Boolop == pg_query.BoolExprType_AND_EXPR {
		var out []*pg_query.Node
		for _, a := range b.Args {
			out = append(out, conjuncts(a)...)
		}
		return out
	}
	return []*pg_query.Node{n}
}

// excludesValue returns the column of vals a conjunct is false on when
// the column holds its value there (a constant, not null); "".
func excludesValue(n *pg_query.Node, vals map[string]*pg_query.Node) string {
	// col: the column's name when n is a (qualified) reference to one
	// of vals whose value is a constant.
	col := func(x *pg_query.Node) string {
		cr := x.GetColumnRef()
		if cr == nil {
			return ""
		}
		f := stringsOf(cr.Fields)
		if len(f) == 0 {
			return ""
		}
		v, ok := vals[f[len(f)-1]]
		if !ok || !constValue(v) {
			return ""
		}
		return f[len(f)-1]
	}
	if c := col(n); c != "" {
		if b, ok := boolConst(vals[c]); ok && !b {
			return c // where flag … set flag = false
		}
		return ""
	}
	if b := n.GetBoolExpr(); b != nil && b.Boolop == pg_query.BoolExprType_NOT_EXPR && len(b.Args) == 1 {
		if c := col(b.Args[0]); c != "" {
			if v, ok := boolConst(vals[c]); ok && v {
				return c // not disabled … set disabled = true
			}
			return ""
		}
		if e := b.Args[0].GetAExpr(); e != nil && e.Kind == pg_query.A_Expr_Kind_AEXPR_OP && lastName(e.Name) == "=" {
			return comparedWith(e, vals, col) // not (c = v)
		}
		return ""
	}
	if nt := n.GetNullTest(); nt != nil && nt.Nulltesttype == pg_query.NullTestType_IS_NULL {
		return col(nt.Arg) // c is null: the constant is not null
	}
	if bt := n.GetBooleanTest(); bt != nil {
		c := col(bt.Arg)
		v, ok := boolConst(vals[c])
		if c == "" || !ok {
			return ""
		}
		switch bt.Booltesttype {
		case pg_query.BoolTestType_IS_NOT_TRUE, pg_query.BoolTestType_IS_FALSE:
			if v {
				return c
			}
		case pg_query.BoolTestType_IS_NOT_FALSE, pg_query.BoolTestType_IS_TRUE:
			if !v {
				return c
			}
		}
		return ""
	}
	e := n.GetAExpr()
	if e == nil {
		return ""
	}
	switch {
	case e.Kind == pg_query.A_Expr_Kind_AEXPR_DISTINCT,
		e.Kind == pg_query.A_Expr_Kind_AEXPR_OP && (lastName(e.Name) == "<>" || lastName(e.Name) == "!="):
		return comparedWith(e, vals, col)
	case e.Kind == pg_query.A_Expr_Kind_AEXPR_OP && lastName(e.Name) == "=":
		// c = false … set c = true: the other boolean.
		for _, pair := range [][2]*pg_query.Node{{e.Lexpr, e.Rexpr}, {e.Rexpr, e.Lexpr}} {
			if c := col(pair[0]); c != "" {
				v, ok1 := boolConst(vals[c])
				w, ok2 := boolConst(pair[1])
				if ok1 && ok2 && v != w {
					return c
				}
			}
		}
	}
	return ""
}

// comparedWith returns the column of a comparison of one of vals with
// its own value (c <> v, v is distinct from c), "" otherwise.
func comparedWith(e *pg_query.A_Expr, vals map[string]*pg_query.Node, col func(*pg_query.Node) string) string {
	for _, pair := range [][2]*pg_query.Node{{e.Lexpr, e.Rexpr}, {e.Rexpr, e.Lexpr}} {
		if c := col(pair[0]); c != "" && sameExpr(vals[c], pair[1]) {
			return c
		}
	}
	return ""
}

// constValue reports whether an expression is a non-null constant, cast
// or not: the same value on every run and every row.
func constValue(n *pg_query.Node) bool {
	c := aConst(n)
	return c != nil && !c.GetIsnull()
}

// boolConst returns the value of a boolean constant (true, false), cast
// or not.
func boolConst(n *pg_query.Node) (bool, bool) {
	if c := aConst(n); c != nil && c.GetBoolval() != nil {
		return c.GetBoolval().Boolval, true
	}
	return false, false
}
