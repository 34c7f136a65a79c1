package sqlclass

import (
	"sort"
	"strings"

	pg_query "github.com/pganalyze/pg_query_go/v6"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// selectedCols lists the columns a read of one table returns and those
// its WHERE tests (Stmt.Selects, Stmt.Filters): select status from emails
// where id = $1 returns "status" and tests "id". Selects is "" when the
// select list holds anything but plain columns (*, count(*), an
// expression: select coalesce(name, ”) from t where id = $1 tests "id"
// still); both are "" when the read is not of one table alone (a join, a
// set operation, no FROM), has a CTE, a HAVING, or a subquery in its
// WHERE: what it answers is then not told by the names.
func selectedCols(sel *pg_query.SelectStmt) (selects, filters string) {
	if sel == nil || sel.Larg != nil || sel.WithClause != nil || sel.HavingClause != nil || len(sel.FromClause) != 1 ||
		sel.FromClause[0].GetRangeVar() == nil || len(sel.TargetList) == 0 {
		return "", ""
	}
	tested := map[string]bool{}
	if sel.WhereClause != nil && !whereCols(sel.WhereClause.ProtoReflect(), tested) {
		return "", ""
	}
	cols := map[string]bool{}
	for _, t := range sel.TargetList {
		rt := t.GetResTarget()
		if rt == nil || rt.Val == nil {
			return "", sortedKeys(tested)
		}
		c := refColumn(rt.Val.GetColumnRef())
		if c == "" {
			// What it returns is not told (an expression, a star),
			// what it looks up by still is (a lookup key, Effect.LookupKey).
			return "", sortedKeys(tested)
		}
		cols[c] = true
	}
	return sortedKeys(cols), sortedKeys(tested)
}

// refColumn is the column a reference names, "" for none or a star.
func refColumn(cr *pg_query.ColumnRef) string {
	if cr == nil || len(cr.Fields) == 0 {
		return ""
	}
	if last := cr.Fields[len(cr.Fields)-1].GetString_(); last != nil {
		return last.Sval
	}
	return ""
}

// whereCols adds to cols the columns an expression refers to; false when
// it holds a subquery (or a star), whose columns are another read's.
func whereCols(m protoreflect.Message, cols map[string]bool) bool {
	switch n := m.Interface().(type) {
	case *pg_query.SubLink, *pg_query.SelectStmt:
		return false
	case *pg_query.ColumnRef:
		c := refColumn(n)
		if c == "" {
			return false
		}
		cols[c] = true
		return true
	}
	ok := true
	children(m, func(c protoreflect.Message) {
		if ok && !whereCols(c, cols) {
			ok = false
		}
	})
	return ok
}

// setConsts lists the columns an update's SET gives a string literal, each
// with its literal (Stmt.SetConsts): set status = 'sending', updated_at =
// now() is "status=sending".
func setConsts(targets []*pg_query.Node) string {
	var out []string
	for _, t := range targets {
		rt := t.GetResTarget()
		if rt == nil || rt.Name == "" || rt.Val == nil {
			continue
		}
		val := rt.Val
		for val.GetTypeCast() != nil {
			val = val.GetTypeCast().Arg
		}
		if c := val.GetAConst(); c != nil && c.GetSval() != nil {
			out = append(out, rt.Name+"="+c.GetSval().Sval)
		}
	}
	sort.Strings(out)
	return strings.Join(out, "\n")
}
