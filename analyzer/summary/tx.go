package summary

import (
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/guard"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// isTx reports whether an executor is a transaction handle: by its type
// (pgx.Tx, *sql.Tx), because a Begin call made it (gorm's db.Begin()
// returns a *gorm.DB), or because it is the parameter through which a
// transaction callback (pgx.BeginFunc, gorm Transaction) receives its
// transaction.
func (w *walker) isTx(v ssa.Value) bool {
	return w.isTxIn(v, map[ssa.Value]bool{})
}

// isTxIn is isTx with the values already being asked about: a struct that
// stores a load of its own field into another (s.a = s.b) leads back to
// itself, and such cycles occur in real code (ulikunitz/xz's lzma).
func (w *walker) isTxIn(v ssa.Value, seen map[ssa.Value]bool) bool {
	if seen[v] {
		return false
	}
	seen[v] = true
	if w.p.env.Index.IsTransaction(v.Type()) {
		return true
	}
	switch x := v.(type) {
	case *ssa.Extract:
		if x.Index == 0 {
			return w.isBegin(x.Tuple)
		}
	case *ssa.Call:
		return w.isBegin(x) || w.txBound(x)
	case *ssa.Parameter:
		return w.txParam(x)
	case *ssa.Alloc:
		return w.holdsTx(x, seen)
	case *ssa.UnOp:
		// A client kept in a transaction (ent's tx.User) runs in it.
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
			if p, ok := spilledParam(normalize(fa.X)).(*ssa.Parameter); ok {
				if fields := w.txParamFields(p); fields != "" {
					return hasField(fields, fa.Field)
				}
			}
			return w.isTxIn(normalize(fa.X), seen)
		}
	case *ssa.Field:
		// A field of a struct a transaction callback receives by value,
		// which its helper filled from the transaction (entity.queries).
		if p, ok := spilledParam(normalize(x.X)).(*ssa.Parameter); ok {
			return hasField(w.txParamFields(p), x.Field)
		}
	}
	return false
}

// txBound reports whether a call builds a value around a transaction it
// is given (sqlc's q.WithTx(tx), a repository's WithTx): the value then
// executes in that transaction.
func (w *walker) txBound(call *ssa.Call) bool {
	if !ssavalue.HandleType(call.Type()) {
		return false
	}
	for _, a := range call.Call.Args {
		a = normalize(a)
		if w.p.env.Index.IsTransaction(a.Type()) || w.isBegin(a) {
			return true
		}
		if ex, ok := a.(*ssa.Extract); ok && ex.Index == 0 && w.isBegin(ex.Tuple) {
			return true
		}
		if p, ok := a.(*ssa.Parameter); ok && w.txParam(p) {
			return true
		}
	}
	return false
}

// holdsTx reports whether a struct the function builds keeps a
// transaction in one of its fields (&Repo{DB: tx}): its methods that run
// on that field run in the transaction.
func (w *walker) holdsTx(a *ssa.Alloc, seen map[ssa.Value]bool) bool {
	for _, st := range ssavalue.StructStores(a) {
		v := normalize(st.Val)
		if _, isAlloc := v.(*ssa.Alloc); !isAlloc && w.isTxIn(v, seen) {
			return true
		}
	}
	return false
}

func (w *walker) isBegin(v ssa.Value) bool {
	call, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	var obj *types.Func
	if call.Call.IsInvoke() {
		obj = call.Call.Method
	} else if callee := call.Call.StaticCallee(); callee != nil {
		obj, _ = callee.Object().(*types.Func)
	}
	if obj == nil {
		return false
	}
	m := w.p.env.Index.Lookup(obj)
	return m != nil && m.Begin
}

// txParam reports whether p is the first parameter of a closure passed as
// the transaction callback of a model (TxCallback) in its parent, or the
// parameter through which an application helper that runs its callback in
// a transaction (Summary.TxCalls) hands it the transaction.
func (w *walker) txParam(p *ssa.Parameter) bool {
	fn := p.Parent()
	if fn == nil || fn.Parent() == nil || len(fn.Params) == 0 {
		return false
	}
	for _, b := range fn.Parent().Blocks {
		for _, instr := range b.Instrs {
			ci, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			if w.helperTxParam(ci, fn, p) {
				return true
			}
			if fn.Params[0] != p {
				continue
			}
			obj, args := ssavalue.Callee(ci.Common())
			if obj == nil {
				continue
			}
			m := w.p.env.Index.Lookup(obj)
			if m == nil || m.TxCallback == nil || *m.TxCallback < 0 || *m.TxCallback >= len(args) {
				continue
			}
			for _, r := range resolveFuncs(args[*m.TxCallback]) {
				if r.fn == fn {
					return true
				}
			}
		}
	}
	return false
}

// helperTxParam reports whether the call ci passes fn to a function that
// calls it with a transaction as its parameter p.
func (w *walker) helperTxParam(ci ssa.CallInstruction, fn *ssa.Function, p *ssa.Parameter) bool {
	callee := ci.Common().StaticCallee()
	if callee == nil {
		return false
	}
	s := w.summaryOf(callee)
	if s == nil {
		return false
	}
	args := ci.Common().Args
	for _, c := range s.TxCalls {
		if c.Fields != "" || c.Param >= len(args) || c.Arg >= len(fn.Params) || fn.Params[c.Arg] != p {
			continue
		}
		for _, r := range resolveFuncs(args[c.Param]) {
			if r.fn == fn {
				return true
			}
		}
	}
	return false
}

// injectedHandle maps an executor kept in a field of a parameter, when
// that field may hold a transaction (an interface such as sqlc's DBTX, or a
// transaction type), to the parameter: callers that pass the same value
// (q.WithTx(tx)) pass the same handle. Concrete pool fields (d.Pool) are
// never transactions and stay unnamed.
func (w *walker) injectedHandle(v ssa.Value) ssa.Value {
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return v
	}
	fa, ok := load.X.(*ssa.FieldAddr)
	if !ok {
		return v
	}
	p, ok := fa.X.(*ssa.Parameter)
	if !ok {
		return v
	}
	if types.IsInterface(load.Type()) || w.p.env.Index.IsTransaction(load.Type()) {
		return p
	}
	return v
}

// TxCall says that a function calls its func-typed parameter Param
// (receiver first) with a transaction handle as the callback's argument
// Arg: what the callback runs on that argument commits together.
type TxCall struct {
	Param, Arg int
	// Fields, when the callback's argument is a struct passed by value
	// that the function fills from the transaction (fn(entityTx{tx: tx,
	// queries: dbgen.New(tx)})), lists the fields that hold it
	// (comma-separated indices); "" when the argument is the transaction.
	Fields string `json:",omitempty"`
	// Locked: the function takes an exclusive advisory transaction lock
	// on that transaction before the call (select
	// pg_advisory_xact_lock(…)): a check the callback makes on it is
	// held (Effect.CallerLock).
	Locked bool `json:",omitempty"`
}

// txArg is the transaction a callee hands a callback it calls: the value
// standing for it here, and the callback's parameter that receives it;
// locked when the callee locks it first on every such call.
type txArg struct {
	v      ssa.Value
	arg    int
	locked bool
}

// txArgOf returns the transaction the function hands the callback it is
// given as parameter k, if it runs it in one; v (the callback) stands for
// it when the call has no value of its own.
func (s *Summary) txArgOf(ci ssa.CallInstruction, k int, v ssa.Value) *txArg {
	for _, c := range s.TxCalls {
		if c.Param == k {
			tx := &txArg{v: ci.Value(), arg: c.Arg, locked: true}
			if tx.v == nil {
				tx.v = v
			}
			for _, o := range s.TxCalls {
				if o.Param == k && (!o.Locked || o.Arg != c.Arg || o.Fields != "") {
					tx.locked = false
				}
			}
			return tx
		}
	}
	return nil
}

// recordTxCall notes that the function calls its parameter k (the value v)
// with a transaction: one it is handed for it (tx), or one it passes
// itself at a direct call (fn(tx), fn(&Repo{DB: tx})).
func (w *walker) recordTxCall(ci ssa.CallInstruction, v ssa.Value, k int, tx *txArg) {
	if tx != nil {
		w.addTxCall(TxCall{Param: k, Arg: tx.arg})
		return
	}
	c := ci.Common()
	if c.Value != v {
		return
	}
	for j, a := range c.Args {
		if w.isTx(normalize(a)) {
			w.addTxCall(TxCall{Param: k, Arg: j, Locked: w.lockedBefore(ci, a)})
			return
		}
	}
	for j, a := range c.Args {
		if fields := w.txFieldsOf(normalize(a)); fields != "" {
			w.addTxCall(TxCall{Param: k, Arg: j, Fields: fields})
			return
		}
	}
}

// txFieldsOf lists the fields of a struct value built here (a literal
// loaded to be passed by value) that hold a transaction or a handle built
// around one; "" when none.
func (w *walker) txFieldsOf(v ssa.Value) string {
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return ""
	}
	a, ok := load.X.(*ssa.Alloc)
	if !ok {
		return ""
	}
	if _, isStruct := load.Type().Underlying().(*types.Struct); !isStruct {
		return ""
	}
	var fields []string
	for _, st := range ssavalue.StructStores(a) {
		fa, ok := st.Addr.(*ssa.FieldAddr)
		if !ok {
			continue
		}
		if val := normalize(st.Val); w.isTx(val) {
			fields = append(fields, strconv.Itoa(fa.Field))
		}
	}
	return strings.Join(fields, ",")
}

// hasField reports whether a TxCall's Fields lists field i.
func hasField(fields string, i int) bool {
	for _, f := range strings.Split(fields, ",") {
		if f == strconv.Itoa(i) {
			return true
		}
	}
	return false
}

// txParamFields is the Fields of the TxCall through which p, a closure's
// parameter, receives a struct holding the transaction; "" when none.
func (w *walker) txParamFields(p *ssa.Parameter) string {
	fn := p.Parent()
	if fn == nil || fn.Parent() == nil {
		return ""
	}
	for _, b := range fn.Parent().Blocks {
		for _, instr := range b.Instrs {
			ci, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			callee := ci.Common().StaticCallee()
			if callee == nil {
				continue
			}
			s := w.summaryOf(callee)
			if s == nil {
				continue
			}
			args := ci.Common().Args
			for _, c := range s.TxCalls {
				if c.Fields == "" || c.Param >= len(args) || c.Arg >= len(fn.Params) || fn.Params[c.Arg] != p {
					continue
				}
				for _, r := range resolveFuncs(args[c.Param]) {
					if r.fn == fn {
						return c.Fields
					}
				}
			}
		}
	}
	return ""
}

// lockedBefore reports whether the function takes an exclusive advisory
// transaction lock on the transaction tx on every path to ci.
func (w *walker) lockedBefore(ci ssa.CallInstruction, tx ssa.Value) bool {
	root := guard.TxRoot(w.p.env.Index, tx)
	for _, s := range w.sites {
		if s.Effect.AdvisoryLock && s.Exec != nil && guard.TxRoot(w.p.env.Index, s.Exec) == root && guard.Dominates(s.Instr, ci) {
			return true
		}
	}
	return false
}

func (w *walker) addTxCall(c TxCall) {
	for _, o := range w.txCalls {
		if o == c {
			return
		}
	}
	w.txCalls = append(w.txCalls, c)
}

// txHandle is the parameter an executor stands for when it runs in a
// transaction parameter: a value built around it (q.WithTx(tx)), or a
// handle switched to it behind a condition (q := db.New(pool); if tx !=
// nil { q = q.WithTx(tx) }: a phi one of whose edges is the transaction).
// On the edge without one there is no transaction to share, so the
// caller's claims and completions on that transaction are taken to
// cover the effect. Other values are returned as they are.
func (w *walker) txHandle(v ssa.Value) ssa.Value {
	if p := w.boundParam(v, 0); p != nil {
		return p
	}
	if phi, ok := v.(*ssa.Phi); ok {
		for _, e := range phi.Edges {
			if p := w.boundParam(normalize(e), 0); p != nil {
				return p
			}
		}
	}
	return v
}

// boundParam returns the transaction parameter v is, or is built around
// (a pointer a call makes from it).
func (w *walker) boundParam(v ssa.Value, depth int) *ssa.Parameter {
	switch x := v.(type) {
	case *ssa.Parameter:
		if w.p.env.Index.IsTransaction(x.Type()) || w.txParam(x) {
			return x
		}
		if depth > 0 && dbHandleInterface(x.Type()) {
			// A querier built around the handle interface it is given
			// (sqlc's dbgen.New(db DBTX) in a helper taking db): the
			// helper's effects run on what its caller passes, a pool or
			// a transaction.
			return x
		}
	case *ssa.Call:
		if !ssavalue.HandleType(x.Type()) || depth > 2 {
			return nil
		}
		for _, a := range x.Call.Args {
			if p := w.boundParam(normalize(a), depth+1); p != nil {
				return p
			}
		}
	}
	return nil
}

// dbHandleInterface reports whether t is an interface a database handle
// satisfies, a pool's and a transaction's alike (sqlc's DBTX: Exec, Query,
// QueryRow).
func dbHandleInterface(t types.Type) bool {
	iface, ok := t.Underlying().(*types.Interface)
	if !ok {
		return false
	}
	for i := 0; i < iface.NumMethods(); i++ {
		switch iface.Method(i).Name() {
		case "Exec", "ExecContext", "Query", "QueryContext", "QueryRow", "QueryRowContext":
			return true
		}
	}
	return false
}

// sameTxStruct reports whether a and b are fields of one struct that a
// transaction callback receives by value and that its helper filled, both
// of them, from the transaction it began (entity.tx and entity.queries,
// from fn(entityTx{tx: tx, queries: dbgen.New(tx)})): they run on that
// transaction (guard.Env.SameTx).
func (w *walker) sameTxStruct(a, b ssa.Value) bool {
	pa, fa := txStructField(a)
	pb, fb := txStructField(b)
	if pa == nil || pa != pb {
		return false
	}
	if fa == fb {
		return true
	}
	fields := w.txParamFields(pa)
	return hasField(fields, fa) && hasField(fields, fb)
}

// txStructField is the parameter and field v reads (p.f, also through
// the copy of a parameter whose address is taken), or nil.
func txStructField(v ssa.Value) (*ssa.Parameter, int) {
	switch x := normalize(v).(type) {
	case *ssa.Field:
		if p, ok := spilledParam(normalize(x.X)).(*ssa.Parameter); ok {
			return p, x.Field
		}
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
			if p, ok := spilledParam(normalize(fa.X)).(*ssa.Parameter); ok {
				return p, fa.Field
			}
		}
	}
	return nil, -1
}
