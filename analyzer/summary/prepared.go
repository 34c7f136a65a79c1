package summary

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// Prepared statements: a statement's SQL is the text it was prepared with.
// It is followed from the Prepare call to the Exec on the statement,
// through tx.Stmt(stmt), through helpers that return a statement they are
// given (Summary.StmtArg), into callees that execute a statement parameter
// (Effect.StmtArg), and into the struct fields statements are kept in:
// a field assigned the result of a Prepare, or paired with its SQL in a
// statement-list literal ({&s.insertStmt, insertSQL} prepared in a loop),
// has that SQL, in this package and (by a fact on the field) in others.

// stmtSQL returns the SQL texts a prepared statement value was prepared
// with, and the transaction (or handle) it runs on when known. param is
// the index of the function's parameter the statement is, when it is one.
func (w *walker) stmtSQL(v ssa.Value, depth int) (texts []string, exec ssa.Value, param int) {
	if v == nil || depth > 8 {
		return nil, nil, effect.NoExec
	}
	v = normalize(v)
	switch x := v.(type) {
	case *ssa.Extract:
		if call, ok := x.Tuple.(*ssa.Call); ok && x.Index == 0 {
			return w.stmtCall(call, depth)
		}
	case *ssa.Call:
		return w.stmtCall(x, depth)
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
			if f := fieldVar(fa); f != nil {
				return w.p.fieldSQL(f), nil, effect.NoExec
			}
		}
	case *ssa.Field:
		if f := fieldOf(x.X.Type(), x.Field); f != nil {
			return w.p.fieldSQL(f), nil, effect.NoExec
		}
	case *ssa.Phi:
		// statement = tx.Stmt(statement) under a condition (dendrite's
		// TxStmt): every edge's SQL; a parameter when all edges agree. A
		// statement reassigned in a loop leads back to its phi: that edge
		// adds nothing.
		if w.stmtPhis[x] {
			return nil, nil, effect.NoExec
		}
		if w.stmtPhis == nil {
			w.stmtPhis = map[*ssa.Phi]bool{}
		}
		w.stmtPhis[x] = true
		defer delete(w.stmtPhis, x)
		param = effect.NoExec
		first, sameExec := true, true
		for _, e := range x.Edges {
			if c, ok := e.(*ssa.Const); ok && c.IsNil() {
				continue
			}
			if ph, ok := normalize(e).(*ssa.Phi); ok && w.stmtPhis[ph] {
				continue // the loop back: the other edges decide
			}
			t, ex, p := w.stmtSQL(e, depth+1)
			texts = append(texts, t...)
			if first {
				param, exec, first = p, ex, false
				continue
			}
			if p != param {
				param = effect.NoExec
			}
			if ex != exec {
				sameExec = false // on a tx on one edge, the pool on another
			}
		}
		if !sameExec {
			exec = nil
		}
		if len(texts) > 0 {
			return texts, exec, effect.NoExec
		}
		return nil, nil, param
	}
	return nil, nil, w.execIndex(v)
}

// stmtCall reads a call that makes a statement: a Prepare, a tx.Stmt of
// another statement, or a helper that returns one of its parameters.
func (w *walker) stmtCall(call *ssa.Call, depth int) ([]string, ssa.Value, int) {
	if texts, ok := w.boundStmtCall(call); ok {
		return texts, nil, effect.NoExec
	}
	var obj *types.Func
	recv, args := ssa.Value(nil), call.Call.Args
	if call.Call.IsInvoke() {
		obj, recv = call.Call.Method, call.Call.Value
	} else if callee := call.Call.StaticCallee(); callee != nil {
		obj, _ = callee.Object().(*types.Func)
		if obj != nil {
			recv, args = splitRecv(obj, args)
		}
		if s := w.summaryOf(callee); s != nil && s.StmtArg > 0 && s.StmtArg-1 < len(call.Call.Args) {
			return w.stmtSQL(call.Call.Args[s.StmtArg-1], depth+1)
		}
		if s := w.summaryOf(callee); s != nil {
			if texts := w.builtStmtTexts(s, call.Call.Args); len(texts) > 0 {
				return texts, nil, effect.NoExec
			}
		}
	}
	if obj == nil {
		return nil, nil, effect.NoExec
	}
	m := w.p.env.Index.Lookup(obj)
	switch {
	case m == nil && call.Call.IsInvoke():
		// The application's own interface over the library's handles
		// (mint-app's sqlutils.NamedPreparer: PrepareNamed(query string)
		// (*sqlx.NamedStmt, error)): a method given one SQL text that
		// returns a statement prepares that text.
		if i := w.structuralPrepare(obj); i >= 0 && i < len(args) {
			return stringValuesIn(w.p, args[i]), recv, effect.NoExec
		}
	case m == nil:
	case m.Prepare != nil && *m.Prepare >= 0 && *m.Prepare < len(args):
		return stringValuesIn(w.p, args[*m.Prepare]), recv, effect.NoExec
	case m.StmtFrom != nil && *m.StmtFrom >= 0 && *m.StmtFrom < len(args):
		texts, _, param := w.stmtSQL(args[*m.StmtFrom], depth+1)
		return texts, recv, param
	}
	return nil, nil, effect.NoExec
}

// boundStmtCall reads a call of a statement builder's method value
// (goalert's alert.NewStore: p := prep.P, then update: p("UPDATE …")):
// the bound receiver is the method's first argument. ok when the method
// is a statement builder and its text is known.
func (w *walker) boundStmtCall(call *ssa.Call) ([]string, bool) {
	mc, ok := call.Call.Value.(*ssa.MakeClosure)
	if !ok || len(mc.Bindings) != 1 {
		return nil, false
	}
	fn, ok := mc.Fn.(*ssa.Function)
	if !ok || fn.Synthetic == "" || fn.Parent() != nil {
		return nil, false
	}
	obj, ok := fn.Object().(*types.Func)
	if !ok || obj == nil {
		return nil, false
	}
	sig, ok := obj.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return nil, false
	}
	real := fn.Prog.FuncValue(obj)
	if real == nil || real == fn {
		return nil, false
	}
	s := w.summaryOf(real)
	if s == nil {
		return nil, false
	}
	args := append([]ssa.Value{mc.Bindings[0]}, call.Call.Args...)
	texts := w.builtStmtTexts(s, args)
	return texts, len(texts) > 0
}

// prepared classifies the execution of a prepared statement.
// params, when known, are the values bound to the statement's parameters
// (model bind).
func (w *walker) prepared(ci ssa.CallInstruction, stmt ssa.Value, params []ssa.Value) {
	texts, exec, param := w.stmtSQL(stmt, 0)
	if len(texts) > 0 {
		w.sqlTexts(ci, texts, -1, exec, params, false)
		return
	}
	e := &effect.Effect{Kind: effect.KindDBWrite, Op: effect.OpUnknown, Risk: effect.Unknown,
		Detail: "prepared statement whose SQL is not known here", Path: []effect.Hop{w.hop(ci)}}
	if param != effect.NoExec {
		e.StmtArg = param + 1
	}
	w.addSite(e, ci, nil, true)
}

// resolveStmt decides, at a call, the effect of a callee's execution of a
// statement parameter: the SQL of the statement the caller passes. It
// reports whether it added the classified effects instead of e.
func (w *walker) resolveStmt(ci ssa.CallInstruction, e *effect.Effect, args, bindings []ssa.Value) bool {
	v := pick(e.StmtArg-1, args, bindings)
	e.StmtArg = 0
	texts, exec, param := w.stmtSQL(v, 0)
	if len(texts) == 0 {
		if param != effect.NoExec {
			e.StmtArg = param + 1
		}
		w.passArgs(e, args, bindings)
		return false
	}
	before := len(w.sites)
	w.sqlTexts(ci, texts, -1, exec, w.argsOf(e, args, bindings), false)
	// The effects are at the callee's execution, reached by e's path
	// (a trigger's hops follow it).
	for _, s := range w.sites[before:] {
		s.Effect.Path = append(append([]effect.Hop(nil), e.Path...), s.Effect.Path[1:]...)
		s.Direct = false
	}
	return true
}

// stmtArg says which parameter's statement fn returns (1-based; 0 when
// none): fn is a TxStmt(tx, stmt)-like helper.
func (w *walker) stmtArg(fn *ssa.Function) int {
	res := fn.Signature.Results()
	if res.Len() == 0 || !w.isStmt(res.At(0).Type()) {
		return 0
	}
	isNil := func(v ssa.Value) bool { // return nil, err
		c, ok := v.(*ssa.Const)
		return ok && c.IsNil()
	}
	return oneIndex(returnedFirst(fn), isNil, func(v ssa.Value) int {
		if _, _, param := w.stmtSQL(v, 0); param != effect.NoExec {
			return param + 1
		}
		return 0
	})
}

// isStmt reports whether values of type t are prepared statements: a type
// whose Exec methods execute their receiver (catalog: prepared).
//
// The answer depends on t's method set only, and for a named type or a
// pointer to one that set is fixed by the *types.Named and the pointer:
// it is computed once per package for them (the method set of a large
// generated client type is costly, and the question is asked for every
// field store and call result of the package).
func (w *walker) isStmt(t types.Type) bool {
	key, ok := stmtKeyOf(t)
	if !ok {
		return w.isStmtUncached(t)
	}
	if got, ok := w.p.stmts[key]; ok {
		return got
	}
	got := w.isStmtUncached(t)
	if w.p.stmts == nil {
		w.p.stmts = map[stmtKey]bool{}
	}
	w.p.stmts[key] = got
	return got
}

// stmtKey names a method set: the named type's, or its pointer's.
type stmtKey struct {
	named *types.Named
	ptr   bool
}

// stmtKeyOf is t's key when t is a named type or a pointer to one (not
// through an alias or a named pointer type, whose method sets differ).
func stmtKeyOf(t types.Type) (stmtKey, bool) {
	switch x := t.(type) {
	case *types.Named:
		return stmtKey{named: x}, true
	case *types.Pointer:
		if n, ok := x.Elem().(*types.Named); ok {
			return stmtKey{named: n, ptr: true}, true
		}
	}
	return stmtKey{}, false
}

func (w *walker) isStmtUncached(t types.Type) bool {
	ms := types.NewMethodSet(t)
	for _, name := range []string{"ExecContext", "Exec"} {
		if sel := ms.Lookup(nil, name); sel != nil {
			if fn, ok := sel.Obj().(*types.Func); ok {
				if m := w.p.env.Index.Lookup(fn); m != nil && m.Prepared {
					return true
				}
			}
		}
	}
	return false
}

// collectPrepared records the SQL of the struct fields the package keeps
// prepared statements in.
func (p *Package) collectPrepared(funcs []*ssa.Function) {
	p.prepared = map[*types.Var][]string{}
	w := &walker{p: p}
	for _, fn := range funcs {
		w.fn = fn
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				st, ok := instr.(*ssa.Store)
				if !ok {
					continue
				}
				fa, ok := st.Addr.(*ssa.FieldAddr)
				if !ok {
					continue
				}
				f := fieldVar(fa)
				if f == nil {
					continue
				}
				// s.stmt, err = db.Prepare(sql)
				if w.isStmt(f.Type()) {
					if texts, _, _ := w.stmtSQL(st.Val, 0); len(texts) > 0 {
						p.prepared[f] = append(p.prepared[f], texts...)
					}
					continue
				}
				// {&s.stmt, sql} in a statement list.
				if target, ok := st.Val.(*ssa.FieldAddr); ok {
					if ptr, ok := f.Type().(*types.Pointer); ok && w.isStmt(ptr.Elem()) {
						if g := fieldVar(target); g != nil {
							if sql := pairedSQL(p, fa.X); sql != "" {
								p.prepared[g] = append(p.prepared[g], sql)
							}
						}
					}
				}
			}
		}
	}
}

// pairedSQL is the constant string stored into the one string field of
// the struct literal at addr (a statement list's element), or "".
func pairedSQL(p *Package, addr ssa.Value) string {
	sql := ""
	for _, st := range ssavalue.StructStores(addr) {
		fa := st.Addr.(*ssa.FieldAddr)
		if b, ok := fa.Type().(*types.Pointer).Elem().Underlying().(*types.Basic); ok && b.Kind() == types.String {
			if texts := stringValuesIn(p, st.Val); len(texts) == 1 {
				if sql != "" {
					return "" // two string fields: which is the SQL?
				}
				sql = texts[0]
			}
		}
	}
	return sql
}

// fieldSQL is the SQL of the statement kept in field f: recorded in this
// package, or imported with f's fact.
func (p *Package) fieldSQL(f *types.Var) []string {
	if texts, ok := p.prepared[f]; ok {
		return texts
	}
	if p.env.FieldSQL != nil {
		return p.env.FieldSQL(f)
	}
	return nil
}

// Prepared returns the package's statement fields and their SQL, for facts.
func (p *Package) Prepared() map[*types.Var][]string { return p.prepared }

func fieldVar(fa *ssa.FieldAddr) *types.Var {
	ptr, ok := fa.X.Type().Underlying().(*types.Pointer)
	if !ok {
		return nil
	}
	return fieldOf(ptr.Elem(), fa.Field)
}

func fieldOf(t types.Type, i int) *types.Var {
	st, ok := t.Underlying().(*types.Struct)
	if !ok || i >= st.NumFields() {
		return nil
	}
	return st.Field(i)
}

// structuralPrepare recognises a statement constructor by its shape: a
// method whose parameters are an optional context and one string, and
// whose first result is a prepared statement (isStmt). It returns the
// string's argument index, or -1.
func (w *walker) structuralPrepare(m *types.Func) int {
	sig, ok := m.Type().(*types.Signature)
	if !ok || sig.Variadic() || sig.Results().Len() == 0 || !w.isStmt(sig.Results().At(0).Type()) {
		return -1
	}
	params := sig.Params()
	i := 0
	if params.Len() > 0 && ssavalue.IsContext(params.At(0).Type()) {
		i = 1
	}
	if params.Len() != i+1 {
		return -1
	}
	if b, ok := params.At(i).Type().Underlying().(*types.Basic); !ok || b.Kind() != types.String {
		return -1
	}
	return i
}
