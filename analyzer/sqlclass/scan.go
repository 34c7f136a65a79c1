package sqlclass

import (
	"sort"

	pg_query "github.com/pganalyze/pg_query_go/v6"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// scanner collects the effects nested in a statement: data-modifying CTEs
// (classified recursively, in order) and effectful function calls.
type scanner struct {
	ctes []Stmt
	// cteNames are the names of the CTEs ctes came from, one each.
	cteNames []string
	fns      []locStmt
}

type locStmt struct {
	loc int32
	st  Stmt
}

// scan walks m. quietSeq suppresses nextval() (used for an INSERT's rows).
func (sc *scanner) scan(m proto.Message, quietSeq bool) {
	if m == nil {
		return
	}
	r := m.ProtoReflect()
	inspect(r, func(r2 protoreflect.Message) bool {
		switch v := r2.Interface().(type) {
		case *pg_query.CommonTableExpr:
			if isDML(v.Ctequery) {
				for _, st := range classifyNode(v.Ctequery) {
					sc.ctes = append(sc.ctes, st)
					sc.cteNames = append(sc.cteNames, v.Ctename)
				}
				return false
			}
		case *pg_query.FuncCall:
			if st, ok := funcEffect(v); ok && !(quietSeq && st.Op == Nextval) {
				sc.fns = append(sc.fns, locStmt{v.Location, st})
			}
		}
		return true
	})
}

func (sc *scanner) scanList(ns []*pg_query.Node, quietSeq bool) {
	for _, n := range ns {
		sc.scan(n, quietSeq)
	}
}

// functions returns the function effects in source order, without repeats:
// a function called again with other arguments is a repeat too (the first
// call's CallArgs stand for it), as before CallArgs were kept.
func (sc *scanner) functions() []Stmt {
	sort.SliceStable(sc.fns, func(i, j int) bool { return sc.fns[i].loc < sc.fns[j].loc })
	var out []Stmt
	seen := map[Stmt]bool{}
	for _, f := range sc.fns {
		key := f.st
		key.CallArgs = ""
		if !seen[key] {
			seen[key] = true
			out = append(out, f.st)
		}
	}
	return out
}

// unreadCTEs: in a statement that is itself an insert, update or delete,
// a data-modifying CTE the statement does not take rows from (its FROM,
// USING or inserted select) returns its rows to the statement only, not
// to the client: whether a delete in it found anything (a CTE clearing a
// table before the update) is not what the statement returns, so it is
// no compare-and-set the caller can test. from are the relations the
// statement takes rows from.
func (sc *scanner) unreadCTEs(from []*pg_query.Node, where *pg_query.Node) {
	read := map[string]bool{}
	// where exists (select 1 from d), where id in (select id from d):
	// the statement's rows depend on the CTE's. A scalar subquery
	// ((select count(*) from d) >= 0, which only makes the CTE run) does
	// not filter by what the CTE returned.
	if where != nil {
		inspect(where.ProtoReflect(), func(r protoreflect.Message) bool {
			sl, ok := r.Interface().(*pg_query.SubLink)
			if !ok || sl.SubLinkType == pg_query.SubLinkType_EXPR_SUBLINK {
				return true
			}
			if sl.Subselect != nil {
				inspect(sl.Subselect.ProtoReflect(), func(r2 protoreflect.Message) bool {
					if rv, ok := r2.Interface().(*pg_query.RangeVar); ok && rv.Schemaname == "" {
						read[rv.Relname] = true
					}
					return true
				})
			}
			return true
		})
	}
	var walk func(n *pg_query.Node)
	walk = func(n *pg_query.Node) {
		switch {
		case n == nil:
		case n.GetRangeVar() != nil:
			if rv := n.GetRangeVar(); rv.Schemaname == "" {
				read[rv.Relname] = true
			}
		case n.GetJoinExpr() != nil:
			walk(n.GetJoinExpr().Larg)
			walk(n.GetJoinExpr().Rarg)
		default:
			read["*"] = true // a subselect or function in FROM: not told
		}
	}
	for _, n := range from {
		walk(n)
	}
	if read["*"] {
		return
	}
	for i := range sc.ctes {
		if i < len(sc.cteNames) && !read[sc.cteNames[i]] && sc.ctes[i].ReportsChange {
			sc.ctes[i].ReportsChange, sc.ctes[i].Returning = false, false
		}
	}
}
