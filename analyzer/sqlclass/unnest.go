package sqlclass

import (
	"strings"

	pg_query "github.com/pganalyze/pg_query_go/v6"
)

// An INSERT … SELECT whose rows are the elements of one array parameter:
//
//	insert into alert_logs (alert_id, event)
//	select unnest, 'closed' from unnest($1::bigint[])
//
// (goalert's sqlc AlertLog_InsertMany, gadb/queries.sql.go). It inserts a
// row for each element of what its caller binds there and none for an
// empty array: whether that repeats is what the array holds, which only
// the Go code that built it can tell (summary/rowsof.go follows it to the
// ids a compare-and-set returned). The select must take its rows from
// that one function call alone: no set operation, no join, no other FROM
// item, no CTE of its own; a WHERE only narrows them.

// unnestParam is the parameter (1-based) an insert's select takes its
// rows from through unnest($n), 0 when it takes them otherwise.
func unnestParam(ins *pg_query.InsertStmt) int {
	sel := ins.SelectStmt.GetSelectStmt()
	if sel == nil || sel.Larg != nil || sel.Rarg != nil || len(sel.FromClause) != 1 || len(sel.ValuesLists) > 0 {
		return 0
	}
	if sel.WithClause != nil && len(sel.WithClause.Ctes) > 0 {
		return 0
	}
	rf := sel.FromClause[0].GetRangeFunction()
	if rf == nil || rf.Lateral || rf.IsRowsfrom || len(rf.Functions) != 1 {
		return 0
	}
	// Functions holds one list per function: the call and its column
	// definitions.
	items := rf.Functions[0].GetList().GetItems()
	if len(items) == 0 {
		return 0
	}
	fc := items[0].GetFuncCall()
	if fc == nil || len(fc.Args) != 1 || fc.AggStar || fc.AggDistinct || fc.FuncVariadic {
		return 0
	}
	if name := strings.Join(stringsOf(fc.Funcname), "."); name != "unnest" && name != "pg_catalog.unnest" {
		return 0
	}
	arg := fc.Args[0]
	for tc := arg.GetTypeCast(); tc != nil; tc = arg.GetTypeCast() {
		arg = tc.Arg
	}
	if p := arg.GetParamRef(); p != nil && p.Number > 0 {
		return int(p.Number)
	}
	return 0
}
