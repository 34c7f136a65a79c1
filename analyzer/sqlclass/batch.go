package sqlclass

import (
	"sort"
	"strconv"
	"strings"

	pg_query "github.com/pganalyze/pg_query_go/v6"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// takesNext returns the column an UPDATE changes that also picks its rows
// in a LIMIT subquery of its own table (where user_id in (select user_id
// from applications where status = 'waitlisted' order by joined limit
// $2), set status = 'accepted'; where id = (select id from jobs order by
// last_run limit 1), set last_run = now()): the rows the update changes
// leave the subquery's choice, so a second run takes the next ones, a
// batch of "the next n". "" when there is none: a LIMIT subquery of
// another table, or one whose WHERE and ORDER BY test no column the
// update sets, picks the same rows again. A column set to NULL does not
// count: clearing the value the subquery picks by (set raw_body = null
// where raw_body is not null … limit $3, a retention prune) deletes it,
// and a second run's clearing of the next rows is what a DELETE … LIMIT
// of the next rows is, a delete.
//
// sweep reports that every such subquery is a batch of a sweep instead
// (sweep.go): a constant LIMIT, and a WHERE that leaves out the rows
// already holding the constant the update sets (set disabled = true
// where id = any (select id … and not disabled … limit 100)). The column
// is then that sweep's.
func takesNext(up *pg_query.UpdateStmt) (col string, sweep bool) {
	if up.Relation == nil {
		return "", false
	}
	set := map[string]bool{}
	vals := map[string]*pg_query.Node{}
	for _, t := range up.TargetList {
		if rt := t.GetResTarget(); rt != nil && rt.Name != "" {
			if c := rt.GetVal().GetAConst(); c != nil && c.GetIsnull() {
				continue
			}
			set[rt.Name] = true
			if len(rt.Indirection) == 0 {
				vals[rt.Name] = rt.Val
			}
		}
	}
	found, swept := "", ""
	visit := func(r protoreflect.Message) bool {
		if found != "" {
			return false
		}
		sel, ok := r.Interface().(*pg_query.SelectStmt)
		if !ok || sel.LimitCount == nil || !readsRelation(sel.FromClause, up.Relation.Relname) {
			return true
		}
		var picks []*pg_query.Node
		picks = append(picks, sel.WhereClause)
		picks = append(picks, sel.SortClause...)
		by := ""
		for _, p := range picks {
			if p == nil {
				continue
			}
			inspect(p.ProtoReflect(), func(r2 protoreflect.Message) bool {
				if cr, ok := r2.Interface().(*pg_query.ColumnRef); ok && by == "" {
					if f := stringsOf(cr.Fields); len(f) > 0 && set[f[len(f)-1]] {
						by = f[len(f)-1]
					}
				}
				return by == ""
			})
		}
		if by == "" {
			return true
		}
		if c := sweepColumn(sel, vals); c != "" {
			if swept == "" {
				swept = c
			}
			return true
		}
		found = by
		return false
	}
	if up.WhereClause != nil {
		inspect(up.WhereClause.ProtoReflect(), visit)
	}
	for _, f := range up.FromClause {
		inspect(f.ProtoReflect(), visit)
	}
	if up.WithClause != nil {
		inspect(up.WithClause.ProtoReflect(), visit)
	}
	if found != "" {
		return found, false
	}
	return swept, swept != ""
}

// readsRelation reports whether a FROM list names the relation (directly
// or in a join).
func readsRelation(from []*pg_query.Node, rel string) bool {
	reads := false
	for _, f := range from {
		inspect(f.ProtoReflect(), func(r protoreflect.Message) bool {
			if _, ok := r.Interface().(*pg_query.SelectStmt); ok {
				return false // a nested query's FROM is its own
			}
			if rv, ok := r.Interface().(*pg_query.RangeVar); ok && rv.Relname == rel {
				reads = true
			}
			return !reads
		})
	}
	return reads
}

// pickParams are the parameters of an UPDATE that only pick its rows:
// they occur in its WHERE (a key, a LIMIT) and nowhere in its SET list,
// FROM list or WITH clause, so no column is given their value. "1,2"
// (sorted), "" when none.
func pickParams(up *pg_query.UpdateStmt) string {
	where := paramsIn(up.WhereClause)
	if len(where) == 0 {
		return ""
	}
	var others []*pg_query.Node
	others = append(others, up.TargetList...)
	others = append(others, up.FromClause...)
	others = append(others, up.ReturningList...)
	used := paramsIn(others...)
	if up.WithClause != nil {
		inspect(up.WithClause.ProtoReflect(), func(r protoreflect.Message) bool {
			if p, ok := r.Interface().(*pg_query.ParamRef); ok {
				used[int(p.Number)] = true
			}
			return true
		})
	}
	var ns []int
	for n := range where {
		if !used[n] {
			ns = append(ns, n)
		}
	}
	sort.Ints(ns)
	parts := make([]string, len(ns))
	for i, n := range ns {
		parts[i] = strconv.Itoa(n)
	}
	return strings.Join(parts, ",")
}

func paramsIn(nodes ...*pg_query.Node) map[int]bool {
	out := map[int]bool{}
	for _, n := range nodes {
		if n == nil {
			continue
		}
		inspect(n.ProtoReflect(), func(r protoreflect.Message) bool {
			if p, ok := r.Interface().(*pg_query.ParamRef); ok && p.Number > 0 {
				out[int(p.Number)] = true
			}
			return true
		})
	}
	return out
}

// PickOnly lists PickParams as numbers.
func (s Stmt) PickOnly() map[int]bool {
	if s.PickParams == "" {
		return nil
	}
	out := map[int]bool{}
	for _, p := range strings.Split(s.PickParams, ",") {
		if n, err := strconv.Atoi(p); err == nil {
			out[n] = true
		}
	}
	return out
}
