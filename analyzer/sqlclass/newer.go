package sqlclass

import (
	pg_query "github.com/pganalyze/pg_query_go/v6"
)

// Write-if-newer upserts. An upsert whose DO UPDATE applies only while the
// row is older than what is inserted —
//
//	insert into t (k, n, updated_at) values ($1, 1, $2)
//	on conflict (k) do update set n = t.n + 1, updated_at = excluded.updated_at
//	where t.updated_at < excluded.updated_at
//
// (or excluded.version > t.version, or t.col is distinct from excluded.col,
// or <>; alone under ANDs, or ORed with "t.col is null") and that sets the
// compared column to the inserted value, changes the row once: a second
// delivery inserting the same value finds the row no longer older and
// updates nothing, whatever the SET does with it. It is a set, not an
// increment — provided the inserted value is the same on every delivery:
// a $n parameter (NewerParam, which the caller checks: time.Now() there is
// new on every delivery) or a constant; now() and other functions keep it
// what its SET says. Without that WHERE, or with one on another column, the
// upsert stays an increment.

// writeIfNewer returns the column a write-if-newer upsert compares and the
// parameter the compared value is inserted from (0 for a constant); "" when
// the upsert is not one.
func (s selfRef) writeIfNewer(occ *pg_query.OnConflictClause, ins *pg_query.InsertStmt) (string, int) {
	if occ == nil || occ.WhereClause == nil {
		return "", 0
	}
	fromExcluded := map[string]bool{}
	for _, t := range occ.TargetList {
		rt := t.GetResTarget()
		if rt == nil || rt.Name == "" || rt.Val == nil {
			continue
		}
		if cr := rt.Val.GetColumnRef(); cr != nil {
			if f := stringsOf(cr.Fields); len(f) == 2 && f[0] == "excluded" && f[1] == rt.Name {
				fromExcluded[rt.Name] = true
			}
		}
	}
	col := s.newerCond(occ.WhereClause, fromExcluded)
	if col == "" {
		return "", 0
	}
	param, ok := insertedStable(ins, col)
	if !ok {
		return "", 0
	}
	return col, param
}

// newerCond finds in a WHERE the column compared with its inserted value
// so that only an older row passes.
func (s selfRef) newerCond(where *pg_query.Node, set map[string]bool) string {
	if b := where.GetBoolExpr(); b != nil {
		switch b.Boolop {
		case pg_query.BoolExprType_AND_EXPR:
			for _, a := range b.Args {
				if c := s.newerCond(a, set); c != "" {
					return c
				}
			}
		case pg_query.BoolExprType_OR_EXPR:
			// t.col is null or excluded.col > t.col: every branch but the
			// comparison must be the compared column being null.
			col := ""
			for _, a := range b.Args {
				if c := s.newerCond(a, set); c != "" && (col == "" || col == c) {
					col = c
				}
			}
			if col == "" {
				return ""
			}
			for _, a := range b.Args {
				if s.newerCond(a, set) == col {
					continue
				}
				nt := a.GetNullTest()
				if nt == nil || nt.Nulltesttype != pg_query.NullTestType_IS_NULL {
					return ""
				}
				cr := nt.Arg.GetColumnRef()
				if cr == nil || !s.is(cr, col) {
					return ""
				}
			}
			return col
		}
		return ""
	}
	e := where.GetAExpr()
	if e == nil {
		return ""
	}
	op := lastName(e.Name)
	target, excl := s.targetAndExcluded(e.Lexpr, e.Rexpr)
	flipped := false
	if target == "" {
		target, excl = s.targetAndExcluded(e.Rexpr, e.Lexpr)
		flipped = true
	}
	if target == "" || target != excl || !set[target] {
		return ""
	}
	switch {
	case e.Kind == pg_query.A_Expr_Kind_AEXPR_DISTINCT:
		return target
	case e.Kind != pg_query.A_Expr_Kind_AEXPR_OP:
		return ""
	case op == "<>" || op == "!=":
		return target
	case op == "<" && !flipped, op == ">" && flipped:
		// t.col < excluded.col, excluded.col > t.col
		return target
	}
	return ""
}

// targetAndExcluded names the column when a is the target's column and b
// excluded's.
func (s selfRef) targetAndExcluded(a, b *pg_query.Node) (string, string) {
	ca, cb := a.GetColumnRef(), b.GetColumnRef()
	if ca == nil || cb == nil {
		return "", ""
	}
	fa, fb := stringsOf(ca.Fields), stringsOf(cb.Fields)
	if len(fa) == 0 || len(fb) != 2 || fb[0] != "excluded" || !s.is(ca, fa[len(fa)-1]) {
		return "", ""
	}
	return fa[len(fa)-1], fb[1]
}

// insertedStable reports whether the INSERT of one VALUES row gives col a
// value that can be the same on every delivery: a parameter (returned) or
// a constant (0).
func insertedStable(ins *pg_query.InsertStmt, col string) (int, bool) {
	if ins == nil || ins.SelectStmt == nil {
		return 0, false
	}
	sel := ins.SelectStmt.GetSelectStmt()
	if sel == nil || len(sel.ValuesLists) != 1 {
		return 0, false
	}
	row := sel.ValuesLists[0].GetList()
	if row == nil || len(row.Items) != len(ins.Cols) {
		return 0, false
	}
	for i, c := range ins.Cols {
		if rt := c.GetResTarget(); rt == nil || rt.Name != col {
			continue
		}
		v := row.Items[i]
		for v.GetTypeCast() != nil {
			v = v.GetTypeCast().Arg
		}
		if p := v.GetParamRef(); p != nil && p.Number > 0 {
			return int(p.Number), true
		}
		if v.GetAConst() != nil {
			return 0, true
		}
		return 0, false
	}
	return 0, false
}
