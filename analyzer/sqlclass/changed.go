package sqlclass

import (
	pg_query "github.com/pganalyze/pg_query_go/v6"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// An INSERT … SELECT that copies only the rows a data-modifying CTE of the
// same statement changed:
//
//	with changed as (
//	    update items set state = $2 where id = $1 and state is distinct from $2
//	    returning id, state)
//	insert into item_history (item_id, state) select id, state from changed
//
//	with d as (delete from queue where id = $1 returning *)
//	insert into archive select * from d
//
// A second run of the statement finds the change made (the compare-and-set
// updates nothing, the delete finds nothing, the claim's key is taken), so
// the CTE returns no row and the insert inserts none: the history row is
// written once per change, not once per delivery. The select must take its
// rows from that CTE alone: FROM is the CTE, or inner joins with the CTE as
// one side (a join only narrows its rows); no set operation (a UNION arm
// could add rows from elsewhere), no outer join. A CTE whose second run
// changes again (a plain update, an upsert without a WHERE) gates nothing.

// fromChange returns, for an insert whose select reads only one
// data-modifying CTE of the statement, how many entries before the
// insert's that CTE's entry is, and the CTE's name; 0 when it does not.
func fromChange(sc *scanner, ins *pg_query.InsertStmt) (int, string) {
	sel := ins.SelectStmt.GetSelectStmt()
	if sel == nil || sel.Larg != nil || sel.Rarg != nil || len(sel.FromClause) != 1 || ins.WithClause == nil {
		return 0, ""
	}
	if sel.WithClause != nil && len(sel.WithClause.Ctes) > 0 {
		return 0, "" // CTEs of the select itself: another scope, not followed
	}
	ctes := map[string]bool{}
	for _, c := range ins.WithClause.Ctes {
		if cte := c.GetCommonTableExpr(); cte != nil && isDML(cte.Ctequery) {
			ctes[cte.Ctename] = true
		}
	}
	name := changeSource(sel.FromClause[0], ctes)
	if name == "" {
		return 0, ""
	}
	idx := -1
	for i, n := range sc.cteNames {
		if n != name {
			continue
		}
		if idx >= 0 {
			return 0, "" // a CTE of more than one entry: which one changes is not told
		}
		idx = i
	}
	if idx < 0 || idx >= len(sc.ctes) {
		return 0, ""
	}
	c := sc.ctes[idx]
	if !c.Returning || !(c.Op == Claim || c.Op == Delete || c.ReportsChange) {
		return 0, ""
	}
	return len(sc.ctes) - idx, name
}

// changeSource names the data-modifying CTE a FROM item takes its rows
// from: the CTE itself, or an inner join one side of which is it.
func changeSource(n *pg_query.Node, ctes map[string]bool) string {
	if rv := n.GetRangeVar(); rv != nil {
		if rv.Schemaname == "" && ctes[rv.Relname] {
			return rv.Relname
		}
		return ""
	}
	j := n.GetJoinExpr()
	if j == nil || j.Jointype != pg_query.JoinType_JOIN_INNER {
		return ""
	}
	if name := changeSource(j.Larg, ctes); name != "" {
		return name
	}
	return changeSource(j.Rarg, ctes)
}

// setIfDifferent returns a column the update assigns a value and whose
// WHERE (in a conjunction) requires the column to differ from that same
// value: set state = $2 where id = $1 and state is distinct from $2 (or
// state <> $2). The update changes a row only while it does not hold the
// value yet: a second run with the same value changes, and returns,
// nothing. "" when there is none. The value must be a parameter or a
// constant (now() differs run by run). Whether the value is the same on every
// run is the caller's to know, as for an upsert whose DO UPDATE has a
// WHERE.
//
// A strict order test of the column against that value (set status = $1
// where id = any($2) and $1 > status: an enum moved only forward,
// goalert's alert close, alert/store.go:134-141) is one too, ordered:
// the row it set holds the value, which is not strictly above or below
// itself, so a second run changes and returns nothing. A test that
// admits equality (status <= $1) does not.
func (s selfRef) setIfDifferent(targets []*pg_query.Node, where *pg_query.Node) (col string, ordered bool) {
	vals := map[string]*pg_query.Node{}
	for _, t := range targets {
		if rt := t.GetResTarget(); rt != nil && rt.Name != "" && len(rt.Indirection) == 0 && rt.Val != nil {
			vals[rt.Name] = rt.Val
		}
	}
	if len(vals) == 0 || where == nil {
		return "", false
	}
	var conj func(n *pg_query.Node) string
	conj = func(n *pg_query.Node) string {
		if b := n.GetBoolExpr(); b != nil {
			if b.Boolop != pg_query.BoolExprType_AND_EXPR {
				return ""
			}
			for _, a := range b.Args {
				if c := conj(a); c != "" {
					return c
				}
			}
			return ""
		}
		e := n.GetAExpr()
		if e == nil {
			return ""
		}
		strict := e.Kind == pg_query.A_Expr_Kind_AEXPR_OP && (lastName(e.Name) == "<" || lastName(e.Name) == ">")
		differs := strict || e.Kind == pg_query.A_Expr_Kind_AEXPR_DISTINCT ||
			(e.Kind == pg_query.A_Expr_Kind_AEXPR_OP && (lastName(e.Name) == "<>" || lastName(e.Name) == "!="))
		if !differs {
			return ""
		}
		ordered = strict
		for _, pair := range [][2]*pg_query.Node{{e.Lexpr, e.Rexpr}, {e.Rexpr, e.Lexpr}} {
			cr := pair[0].GetColumnRef()
			if cr == nil {
				continue
			}
			f := stringsOf(cr.Fields)
			if len(f) == 0 || !s.is(cr, f[len(f)-1]) {
				continue
			}
			if v, ok := vals[f[len(f)-1]]; ok && fixedValue(v) && sameExpr(v, pair[1]) {
				return f[len(f)-1]
			}
		}
		return ""
	}
	col = conj(where)
	return col, col != "" && ordered
}

// fixedValue reports whether an expression is a parameter or a constant,
// cast or not: not now(), random() or a column, which differ run by run
// or row by row.
func fixedValue(n *pg_query.Node) bool {
	for n.GetTypeCast() != nil {
		n = n.GetTypeCast().Arg
	}
	return n.GetParamRef() != nil || n.GetAConst() != nil
}

// sameExpr reports whether two expressions are the same tree, where they
// are written aside.
func sameExpr(a, b *pg_query.Node) bool {
	if a == nil || b == nil {
		return false
	}
	ca, cb := proto.Clone(a), proto.Clone(b)
	clearLocations(ca.ProtoReflect())
	clearLocations(cb.ProtoReflect())
	return proto.Equal(ca, cb)
}

// clearLocations zeroes every location field of a parse tree.
func clearLocations(m protoreflect.Message) {
	inspect(m, func(r protoreflect.Message) bool {
		if fd := r.Descriptor().Fields().ByName("location"); fd != nil {
			r.Clear(fd)
		}
		return true
	})
}
