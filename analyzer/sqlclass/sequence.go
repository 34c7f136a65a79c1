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

// An entity's version kept in a table is the same allocator: update docs
// set version = version + 1 where id = $1 returning version, or its upsert
// form (insert … values ($1, 1) on conflict (k) do update set version =
// t.version + 1 returning version), a row's change token that readers
// compare (an optimistic lock's): a second delivery moves it once more,
// which tells a concurrent reader that the row changed, and adds nothing
// up. Only the column named version, assigned alone and returned; a
// version stepped together with other columns (an optimistic lock's
// update without its WHERE on the version) stays an increment.

// sequenceCounter reports the column of an UPDATE that is a hand-rolled
// sequence, "" when it is not one.
func (s selfRef) sequenceCounter(up *pg_query.UpdateStmt) string {
	table := ""
	if up.Relation != nil {
		table = up.Relation.Relname
	}
	return s.steppedAndReturned(up.TargetList, up.ReturningList, table)
}

// upsertSequence is sequenceCounter for an upsert's DO UPDATE.
func (s selfRef) upsertSequence(ins *pg_query.InsertStmt) string {
	occ := ins.OnConflictClause
	if occ == nil || occ.WhereClause != nil {
		return ""
	}
	table := ""
	if ins.Relation != nil {
		table = ins.Relation.Relname
	}
	return s.steppedAndReturned(occ.TargetList, ins.ReturningList, table)
}

// steppedAndReturned reports the one column a SET list steps by one and
// the RETURNING list returns alone, when it or the table is named as a
// sequence, an identifier or a version.
func (s selfRef) steppedAndReturned(targets, returning []*pg_query.Node, table string) string {
	if len(targets) != 1 || len(returning) == 0 {
		return ""
	}
	rt := targets[0].GetResTarget()
	if rt == nil || rt.Name == "" || len(rt.Indirection) > 0 || !s.plusOne(rt.Val, rt.Name) {
		return ""
	}
	for _, r := range returning {
		rr := r.GetResTarget()
		if rr == nil {
			return ""
		}
		cr := rr.Val.GetColumnRef()
		if cr == nil || !s.is(cr, rt.Name) {
			return "" // returns something else too: not only a number drawn
		}
	}
	if !sequenceName(rt.Name) && !sequenceName(table) && !strings.EqualFold(rt.Name, "version") {
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
