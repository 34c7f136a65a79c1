package sqlclass

import (
	"strings"

	pg_query "github.com/pganalyze/pg_query_go/v6"
)

// What an insert gives its columns and what a call passes its function,
// spelt so that a Stmt stays comparable. A caller that knows a function's
// parameters binds a call's constants to them, so that an insert in the
// function's body that takes a column from a parameter is known to insert
// the constant (a trigger's PERFORM enqueue('kind') of a helper that
// inserts into a job table: which job it enqueues).

// argValue spells one inserted value or call argument: 'text for a
// string constant (through casts), the name of an unqualified column
// reference (in a PL/pgSQL body, a variable or the function's parameter;
// through casts), "" for anything else or text with a line break.
func argValue(n *pg_query.Node) string {
	if s, ok := constString(n); ok {
		if strings.ContainsAny(s, "\n\r") {
			return ""
		}
		return "'" + s
	}
	for n != nil && n.GetTypeCast() != nil {
		n = n.GetTypeCast().Arg
	}
	if cr := n.GetColumnRef(); cr != nil && len(cr.Fields) == 1 {
		if s := cr.Fields[0].GetString_(); s != nil {
			return s.Sval
		}
	}
	return ""
}

// columnValues spells ColumnValues: for an insert of one VALUES row, each
// column whose value argValue spells, "col=value", one a line, in column
// order.
func columnValues(ins *pg_query.InsertStmt) string {
	if ins == nil || ins.SelectStmt == nil {
		return ""
	}
	sel := ins.SelectStmt.GetSelectStmt()
	if sel == nil || len(sel.ValuesLists) != 1 {
		return ""
	}
	row := sel.ValuesLists[0].GetList()
	if row == nil || len(row.Items) != len(ins.Cols) {
		return ""
	}
	var lines []string
	for i, c := range ins.Cols {
		if rt := c.GetResTarget(); rt != nil && rt.Name != "" {
			if v := argValue(row.Items[i]); v != "" {
				lines = append(lines, rt.Name+"="+v)
			}
		}
	}
	return strings.Join(lines, "\n")
}

// callArgs spells CallArgs: argValue of each positional argument, one a
// line ("" where it spells none); "" for a call with a named argument.
func callArgs(fc *pg_query.FuncCall) string {
	vals := make([]string, len(fc.Args))
	for i, a := range fc.Args {
		if a.GetNamedArgExpr() != nil {
			return ""
		}
		vals[i] = argValue(a)
	}
	return strings.Join(vals, "\n")
}

// ColumnValue returns what an insert gives column col as argValue spells
// it ('text or a name), or "".
func (s Stmt) ColumnValue(col string) string {
	for _, l := range strings.Split(s.ColumnValues, "\n") {
		if name, v, ok := strings.Cut(l, "="); ok && strings.EqualFold(name, col) {
			return v
		}
	}
	return ""
}

// CallArg returns the i-th (0-based) argument of a Call as argValue
// spells it, or "".
func (s Stmt) CallArg(i int) string {
	if s.CallArgs == "" {
		return ""
	}
	args := strings.Split(s.CallArgs, "\n")
	if i < 0 || i >= len(args) {
		return ""
	}
	return args[i]
}
