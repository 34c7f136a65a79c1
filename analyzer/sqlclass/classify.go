package sqlclass

import (
	"fmt"
	"strings"

	pg_query "github.com/pganalyze/pg_query_go/v6"
)

// Classify parses text as PostgreSQL and returns one Stmt per effect, in
// source order: a multi-statement string gives several, and a
// data-modifying CTE gives its own entry before its statement's. It never
// returns an empty slice: empty or unparseable text gives
// []Stmt{{Op: Unknown, Detail: <reason or parser error>}}.
//
// Results are cached by text; Classify is safe for concurrent use and
// parses each text once per process (up to 131072 distinct texts, see
// maxCached). Callers must not modify the returned slice.
func Classify(text string) []Stmt {
	return cached(text, classifyText)
}

// classifyText is Classify without the cache. A panic while walking the
// tree (a bug here, or a node shape never seen) becomes an Unknown entry:
// the cache must never hold an empty result.
func classifyText(text string) (out []Stmt) {
	defer func() {
		if r := recover(); r != nil {
			out = []Stmt{{Op: Unknown, Detail: fmt.Sprintf("internal error classifying SQL: %v", r)}}
		}
	}()
	return classifyRaw(text)
}

// classifyRaw is classifyText without the panic guard (the fuzz test calls
// it so that bugs surface).
func classifyRaw(text string) []Stmt {
	if strings.TrimSpace(text) == "" {
		return []Stmt{{Op: Unknown, Detail: "empty SQL text"}}
	}
	res, err := parse(text)
	if err != nil {
		// Not PostgreSQL. MySQL and SQLite text is only looked at after the
		// PostgreSQL parser refused it: rewriting it first would change
		// PostgreSQL meaning ("?" is a jsonb operator there).
		if st, ok := vendorForm(text); ok {
			return []Stmt{st}
		}
		if strings.ContainsAny(text, "?`:") {
			if res2, err2 := parse(normalizeVendor(text)); err2 == nil {
				res = res2
				goto classified
			}
		}
		return []Stmt{{Op: Unknown, Detail: "parse error: " + err.Error()}}
	}
classified:
	var out []Stmt
	for _, raw := range res.Stmts {
		out = append(out, classifyNode(raw.Stmt)...)
	}
	if len(out) == 0 {
		return []Stmt{{Op: Unknown, Detail: "no statement (only comments or semicolons)"}}
	}
	return out
}

// parse calls the PostgreSQL parser, turning a panic in the cgo/protobuf
// layer into an error so that one bad string cannot take the analysis down.
func parse(text string) (res *pg_query.ParseResult, err error) {
	defer func() {
		if r := recover(); r != nil {
			res, err = nil, fmt.Errorf("parser panic: %v", r)
		}
	}()
	return pg_query.Parse(text)
}

// classifyNode classifies one (raw) statement node.
func classifyNode(n *pg_query.Node) []Stmt {
	if n == nil || n.Node == nil {
		return []Stmt{{Op: Unknown, Detail: "empty statement node"}}
	}
	switch v := n.Node.(type) {
	case *pg_query.Node_InsertStmt:
		return classifyInsert(v.InsertStmt)
	case *pg_query.Node_UpdateStmt:
		return classifyUpdate(v.UpdateStmt)
	case *pg_query.Node_DeleteStmt:
		return classifyDelete(v.DeleteStmt)
	case *pg_query.Node_MergeStmt:
		return classifyMerge(v.MergeStmt)
	case *pg_query.Node_SelectStmt:
		return classifySelect(v.SelectStmt)
	case *pg_query.Node_TruncateStmt:
		// Every row of each table, as a DELETE with no WHERE (Matches
		// "*"): a TRUNCATE then a refill of the table is a replace.
		var out []Stmt
		for _, r := range v.TruncateStmt.Relations {
			out = append(out, Stmt{Op: Delete, Table: relName(r.GetRangeVar()), Detail: "truncate", Matches: "*"})
		}
		if len(out) == 0 {
			out = append(out, Stmt{Op: Delete, Detail: "truncate"})
		}
		return out
	case *pg_query.Node_CopyStmt:
		return classifyCopy(v.CopyStmt)
	case *pg_query.Node_NotifyStmt:
		return []Stmt{{Op: Notify, Table: v.NotifyStmt.Conditionname, Detail: "notify"}}
	case *pg_query.Node_ListenStmt:
		return none("listen")
	case *pg_query.Node_UnlistenStmt:
		return none("unlisten")
	case *pg_query.Node_CallStmt:
		name := ""
		if fc := v.CallStmt.Funccall; fc != nil {
			name = strings.Join(stringsOf(fc.Funcname), ".")
		}
		return []Stmt{{Op: Call, Detail: "procedure " + name + "() may write"}}
	case *pg_query.Node_DoStmt:
		return []Stmt{{Op: Call, Detail: "DO block: opaque procedural body may write"}}
	case *pg_query.Node_ExplainStmt:
		if explainAnalyze(v.ExplainStmt) {
			return classifyNode(v.ExplainStmt.Query)
		}
		return none("explain without analyze does not execute")
	case *pg_query.Node_PrepareStmt:
		return classifyNode(v.PrepareStmt.Query)
	case *pg_query.Node_ExecuteStmt:
		return []Stmt{{Op: Unknown, Detail: "execute of prepared statement " + v.ExecuteStmt.Name + ": its body is not visible here"}}
	case *pg_query.Node_DeclareCursorStmt:
		return classifyNode(v.DeclareCursorStmt.Query)
	case *pg_query.Node_CreateTableAsStmt:
		t := ""
		if into := v.CreateTableAsStmt.Into; into != nil {
			t = relName(into.Rel)
		}
		return []Stmt{{Op: DDL, Table: t, Detail: "create table/materialized view as"}}
	case *pg_query.Node_RefreshMatViewStmt:
		return []Stmt{{Op: UpdateSet, Table: relName(v.RefreshMatViewStmt.Relation), Detail: "refresh materialized view"}}
	case *pg_query.Node_TransactionStmt:
		return none("transaction control")
	case *pg_query.Node_VariableSetStmt:
		return none("set/reset")
	case *pg_query.Node_VariableShowStmt:
		return none("show")
	case *pg_query.Node_LockStmt:
		return none("lock")
	case *pg_query.Node_DeallocateStmt:
		return none("deallocate")
	case *pg_query.Node_DiscardStmt:
		return none("discard")
	case *pg_query.Node_VacuumStmt:
		return none("vacuum/analyze")
	case *pg_query.Node_CheckPointStmt:
		return none("checkpoint")
	case *pg_query.Node_LoadStmt:
		return none("load")
	case *pg_query.Node_ConstraintsSetStmt:
		return none("set constraints")
	case *pg_query.Node_ClosePortalStmt:
		return none("close cursor")
	case *pg_query.Node_FetchStmt:
		return none("fetch/move cursor")
	case *pg_query.Node_ReindexStmt:
		return none("reindex")
	case *pg_query.Node_ClusterStmt:
		return none("cluster")
	case *pg_query.Node_ReturnStmt, *pg_query.Node_PlassignStmt:
		return []Stmt{{Op: Unknown, Detail: "PL/pgSQL-only statement"}}
	}
	// What is left is schema and privilege DDL (Create*, Alter*, Drop*,
	// Grant*, Comment, Rename, Rule, View, Index, ...).
	kind := strings.TrimPrefix(fmt.Sprintf("%T", n.Node), "*pg_query.Node_")
	if strings.HasSuffix(kind, "Stmt") {
		return []Stmt{{Op: DDL, Detail: kind}}
	}
	return []Stmt{{Op: Unknown, Detail: "not a statement: " + kind}}
}

func none(why string) []Stmt { return []Stmt{{Op: None, Detail: why}} }

func explainAnalyze(e *pg_query.ExplainStmt) bool {
	for _, o := range e.Options {
		d := o.GetDefElem()
		if d == nil || d.Defname != "analyze" {
			continue
		}
		if d.Arg == nil {
			return true
		}
		if b := d.Arg.GetBoolean(); b != nil {
			return b.Boolval
		}
		if s := d.Arg.GetString_(); s != nil {
			switch strings.ToLower(s.Sval) {
			case "false", "off", "no", "0":
				return false
			}
			return true
		}
		if i := d.Arg.GetInteger(); i != nil {
			return i.Ival != 0
		}
		return true
	}
	return false
}
