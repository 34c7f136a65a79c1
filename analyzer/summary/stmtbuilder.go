package summary

import (
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/sqlclass"
)

// Statement builders: a helper that prepares the SQL text a caller passes
// it, often after appending filter clauses (dendrite's
// prepareWithFilters(db, txn, query, params, senders, …) adds
// " AND sender IN (…)", " ORDER BY id", " LIMIT $n" and returns
// db.Prepare(query)). Its summary names the parameter the text comes from
// (Summary.StmtTextArg) and whether clauses are appended; the caller's
// text is then the statement's. Appended clauses can turn an INSERT into
// an idempotent one (ON CONFLICT DO NOTHING) but never make a SELECT a
// write, so with appended clauses only texts that are plain reads are
// taken; anything else stays "SQL not known here".

// stmtTextArg returns the parameter (1-based, receiver first; 0 when
// none) whose text every statement the function returns is prepared from,
// and whether clauses are appended to it on some path.
func (w *walker) stmtTextArg(fn *ssa.Function) (arg int, appended bool) {
	res := fn.Signature.Results()
	if res.Len() == 0 || !w.isStmt(res.At(0).Type()) {
		return 0, false
	}
	var sqls []ssa.Value
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) == 0 {
			continue
		}
		if c, ok := ret.Results[0].(*ssa.Const); ok && c.IsNil() {
			continue
		}
		got, ok := w.preparedTexts(ret.Results[0], map[*ssa.Phi]bool{})
		if !ok {
			return 0, false
		}
		sqls = append(sqls, got...)
	}
	for _, v := range sqls {
		p, app, ok := textParam(fn, v, map[*ssa.Phi]bool{})
		if !ok || (arg != 0 && arg != p+1) {
			return 0, false
		}
		arg, appended = p+1, appended || app
	}
	return arg, appended
}

// preparedTexts returns the SQL arguments of the Prepare calls a returned
// statement comes from (through phis: prepared on the transaction when
// there is one, on the pool otherwise); false when some edge is not a
// Prepare.
func (w *walker) preparedTexts(v ssa.Value, seen map[*ssa.Phi]bool) ([]ssa.Value, bool) {
	switch x := normalize(v).(type) {
	case *ssa.Extract:
		if call, ok := x.Tuple.(*ssa.Call); ok && x.Index == 0 {
			return w.preparedTexts(call, seen)
		}
	case *ssa.Call:
		var obj *types.Func
		args := x.Call.Args
		if x.Call.IsInvoke() {
			obj = x.Call.Method
		} else if callee := x.Call.StaticCallee(); callee != nil {
			obj, _ = callee.Object().(*types.Func)
			if obj != nil {
				_, args = splitRecv(obj, args)
			}
		}
		if obj == nil {
			return nil, false
		}
		m := w.p.env.Index.Lookup(obj)
		if m != nil && m.Prepare != nil && *m.Prepare >= 0 && *m.Prepare < len(args) {
			return []ssa.Value{args[*m.Prepare]}, true
		}
		if m == nil && x.Call.IsInvoke() {
			// The application's own interface over the library's
			// handles (goalert's util.Preparer, whose PrepareContext
			// its Prepare.P calls): read by its shape, as stmtCall does.
			if i := w.structuralPrepare(obj); i >= 0 && i < len(args) {
				return []ssa.Value{args[i]}, true
			}
		}
	case *ssa.Phi:
		if seen[x] {
			return nil, true
		}
		seen[x] = true
		var out []ssa.Value
		for _, e := range x.Edges {
			if c, ok := e.(*ssa.Const); ok && c.IsNil() {
				continue
			}
			got, ok := w.preparedTexts(e, seen)
			if !ok {
				return nil, false
			}
			out = append(out, got...)
		}
		return out, len(out) > 0
	}
	return nil, false
}

// textParam reports the parameter a text starts with: the parameter
// itself, or it with strings appended (query += " AND …", in branches
// and loops).
func textParam(fn *ssa.Function, v ssa.Value, seen map[*ssa.Phi]bool) (param int, appended, ok bool) {
	switch x := v.(type) {
	case *ssa.Parameter:
		for i, p := range fn.Params {
			if p == x {
				return i, false, true
			}
		}
	case *ssa.BinOp:
		if x.Op.String() == "+" {
			p, _, ok := textParam(fn, x.X, seen)
			return p, true, ok
		}
	case *ssa.Phi:
		if seen[x] {
			return effect.NoExec, false, true // a loop back: the other edges decide
		}
		seen[x] = true
		param = effect.NoExec
		for _, e := range x.Edges {
			p, app, ok := textParam(fn, e, seen)
			if !ok {
				return 0, false, false
			}
			if p == effect.NoExec {
				appended = true
				continue
			}
			if param != effect.NoExec && p != param {
				return 0, false, false
			}
			param, appended = p, appended || app
		}
		return param, appended, param != effect.NoExec
	}
	return 0, false, false
}

// builtStmtTexts is the caller's side: the texts of the argument a
// statement builder prepares, kept only where they are plain reads when
// the builder appends clauses.
func (w *walker) builtStmtTexts(s *Summary, args []ssa.Value) []string {
	if s.StmtTextArg <= 0 || s.StmtTextArg-1 >= len(args) {
		return nil
	}
	texts := stringValuesIn(w.p, args[s.StmtTextArg-1])
	if !s.StmtTextAppended {
		return texts
	}
	for _, t := range texts {
		if !plainRead(t) {
			return nil
		}
	}
	return texts
}

// plainRead reports whether every statement of text is a SELECT (no
// data-modifying CTE, no function that may write: those classify as
// something else).
func plainRead(text string) bool {
	if strings.Contains(text, ";") {
		return false
	}
	for _, st := range sqlclass.Classify(text) {
		if st.Op != sqlclass.Select {
			return false
		}
	}
	return true
}
