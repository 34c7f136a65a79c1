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
	fns  []locStmt
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
				sc.ctes = append(sc.ctes, classifyNode(v.Ctequery)...)
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

// functions returns the function effects in source order, without repeats.
func (sc *scanner) functions() []Stmt {
	sort.SliceStable(sc.fns, func(i, j int) bool { return sc.fns[i].loc < sc.fns[j].loc })
	var out []Stmt
	seen := map[Stmt]bool{}
	for _, f := range sc.fns {
		if !seen[f.st] {
			seen[f.st] = true
			out = append(out, f.st)
		}
	}
	return out
}
