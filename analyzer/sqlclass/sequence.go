package sqlclass

import (
	"strings"

	pg_query "github.com/pganalyze/pg_query_go/v6"
)

// Sequences. A sequence hands out numbers (IDs, stream positions, invoice
// numbers): a second delivery takes another number, which leaves a gap
// and duplicates nothing. What the number is used for is rated on its
// own: an INSERT that gets it is the insert it is, an upsert that moves
// a row to a new position (on conflict do update set id = nextval(…)) a
// set. So nextval() is safe (Op Nextval, RiskSafe), as the in-memory
// sequence (g.nextID++ used as an ID) already was.
//
// Databases without sequences (SQLite, MySQL) keep them in a counter
// table: update seqs set stream_id = stream_id + 1 where name = $1
// returning stream_id. That is the same allocator, told from a counter
// that counts (views = views + 1 returning views) by three conditions:
// the statement assigns only that column, steps it by the constant 1 and
// returns it (the new number is the point), and the column or the table
// is named as a sequence or an identifier (…id, …seq, …sequence,
// …position, …serial: see sequenceName). Anything else stays an
// increment.

// sequenceCounter reports the column of an UPDATE that is a hand-rolled
// sequence, "" when it is not one.
func (s selfRef) sequenceCounter(up *pg_query.UpdateStmt) string {
	if len(up.TargetList) != 1 || len(up.ReturningList) == 0 {
		return ""
	}
	rt := up.TargetList[0].GetResTarget()
	if rt == nil || rt.Name == "" || len(rt.Indirection) > 0 || !s.plusOne(rt.Val, rt.Name) {
		return ""
	}
	for _, r := range up.ReturningList {
		rr := r.GetResTarget()
		if rr == nil {
			return ""
		}
		cr := rr.Val.GetColumnRef()
		if cr == nil || !s.is(cr, rt.Name) {
			return "" // returns something else too: not only a number drawn
		}
	}
	table := ""
	if up.Relation != nil {
		table = up.Relation.Relname
	}
	if !sequenceName(rt.Name) && !sequenceName(table) {
		return ""
	}
	return rt.Name
}

// plusOne reports whether val is col + 1 or 1 + col (col the target's own
// column).
func (s selfRef) plusOne(val *pg_query.Node, col string) bool {
	e := val.GetAExpr()
	if e == nil || e.Kind != pg_query.A_Expr_Kind_AEXPR_OP || lastName(e.Name) != "+" {
		return false
	}
	self := func(n *pg_query.Node) bool {
		cr := n.GetColumnRef()
		return cr != nil && s.is(cr, col)
	}
	one := func(n *pg_query.Node) bool {
		c := n.GetAConst()
		return c != nil && c.GetIval() != nil && c.GetIval().Ival == 1
	}
	return (self(e.Lexpr) && one(e.Rexpr)) || (one(e.Lexpr) && self(e.Rexpr))
}

// sequenceName reports whether a column or table name names a sequence or
// an identifier: what a number drawn from a counter is used as.
func sequenceName(name string) bool {
	n := strings.ToLower(name)
	for _, suffix := range []string{"id", "ids", "seq", "sequence", "sequences", "serial", "position", "pos"} {
		if n == suffix || strings.HasSuffix(n, "_"+suffix) {
			return true
		}
	}
	// camel case and run-together names: nextId, streamID, next_val_seq
	return strings.HasSuffix(name, "Id") || strings.HasSuffix(name, "ID") ||
		strings.HasSuffix(n, "seq") || strings.HasPrefix(n, "seq_") || strings.HasPrefix(n, "sequence")
}
