package summary

import (
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/guard"
	"github.com/jobeffects/jobeffects/analyzer/models"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// walker summarises one function.
type walker struct {
	// active guards callValue against cycles through function values
	// (a closure that calls itself through its own variable).
	active   map[*ssa.Function]bool
	p        *Package
	fn       *ssa.Function
	name     string
	sites    []*guard.Site
	calls    []int
	pitfalls []guard.Pitfall
}

func (p *Package) summarise(fn *ssa.Function) (*Summary, []*guard.Site) {
	w := &walker{p: p, fn: fn, name: SSAName(fn)}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if ci, ok := instr.(ssa.CallInstruction); ok {
				w.call(ci)
			}
		}
	}
	genv := &guard.Env{Fset: p.env.Fset, Index: p.env.Index, Text: p.text.exprText}
	pitfalls, claimReturn := guard.Analyze(fn, w.sites, genv)
	w.pitfalls = append(w.pitfalls, pitfalls...)

	s := &Summary{CallsParams: w.calls, Pitfalls: w.pitfalls, ClaimReturn: claimReturn}
	for _, site := range w.sites {
		if site.Effect.Kind == effect.KindAck {
			continue // used by the guard analysis only
		}
		e := *site.Effect
		e.Exec = w.execIndex(w.injectedHandle(site.Exec))
		s.Effects = append(s.Effects, e)
	}
	p.attachDirectives(fn, s)
	s.normalize(p.env.KeepPaths)
	if p.env.Dependency {
		s.foldUnresolved()
	}
	return s, w.sites
}

// attachDirectives gives the function's own effects and pitfalls, and the
// function, the //jobeffects:ignore directives on their lines. Effects of
// callees arrive with theirs.
func (p *Package) attachDirectives(fn *ssa.Function, s *Summary) {
	ix := p.env.Directives
	if ix == nil {
		return
	}
	s.Ignore = ix.At(PosString(p.env.Fset, fn.Pos()))
	for i := range s.Effects {
		if e := &s.Effects[i]; e.Ignore == nil {
			e.Ignore = ix.At(e.Evidence())
		}
	}
	for i := range s.Pitfalls {
		if pf := &s.Pitfalls[i]; pf.Suppressed == "" {
			if reason, ok := ix.At(pf.Pos).Silences(pf.Rule); ok {
				pf.Suppressed = reason
			}
		}
	}
}

func (w *walker) hop(ci ssa.CallInstruction) effect.Hop {
	return effect.Hop{Pos: PosString(w.p.env.Fset, ci.Pos()), Func: w.name}
}

func (w *walker) addSite(e *effect.Effect, ci ssa.CallInstruction, exec ssa.Value, direct bool) {
	exec = normalize(exec)
	if exec != nil && !e.Tx {
		e.Tx = w.isTx(exec)
	}
	w.sites = append(w.sites, &guard.Site{Effect: e, Instr: ci, Exec: exec, Direct: direct})
}

// execIndex maps an executor value to the index of the parameter (or, for
// closures, free variable after the parameters) it is.
func (w *walker) execIndex(v ssa.Value) int {
	switch v := v.(type) {
	case *ssa.Parameter:
		for i, p := range w.fn.Params {
			if p == v {
				return i
			}
		}
	case *ssa.FreeVar:
		for i, f := range w.fn.FreeVars {
			if f == v {
				return len(w.fn.Params) + i
			}
		}
	}
	return effect.NoExec
}

func (w *walker) call(ci ssa.CallInstruction) {
	c := ci.Common()
	if c.IsInvoke() {
		w.invoke(ci, c)
		return
	}
	if _, ok := c.Value.(*ssa.Builtin); ok {
		return
	}
	callee := c.StaticCallee()
	if callee == nil {
		w.callValue(ci, c.Value, nil)
		return
	}
	var bindings []ssa.Value
	if mc, ok := c.Value.(*ssa.MakeClosure); ok {
		bindings = mc.Bindings
	}
	w.static(ci, callee, c.Args, bindings)
}

// static handles a call whose callee is known.
func (w *walker) static(ci ssa.CallInstruction, callee *ssa.Function, args, bindings []ssa.Value) {
	// Synthetic wrappers (bound method values, method expressions,
	// promoted-method adaptors) stand for the method they wrap.
	if callee.Synthetic != "" && callee.Parent() == nil {
		if obj, ok := callee.Object().(*types.Func); ok && obj != nil {
			if len(bindings) == 1 && len(args) == len(callee.Params) { // bound: receiver is the binding
				args = append([]ssa.Value{bindings[0]}, args...)
			}
			bindings = nil
			if real := callee.Prog.FuncValue(obj); real != nil && real != callee {
				callee = real
			}
		}
	}
	if o := callee.Origin(); o != nil {
		callee = o
	}
	obj, _ := callee.Object().(*types.Func)
	ix := w.p.env.Index
	if obj != nil {
		if m := ix.Lookup(obj); m != nil {
			recv, margs := splitRecv(obj, args)
			w.model(ci, m, recv, margs)
			return
		}
		if ix.Modeled(obj.Pkg()) {
			// A library not descended into: function values it is given
			// are taken as called (sort.Slice, sync.Once.Do, errgroup).
			if !ix.ModeledLibrary(obj.Pkg()) {
				for _, a := range args {
					if isFunc(a) {
						w.callValue(ci, a, nil)
					}
				}
			}
			return
		}
	}
	var sum *Summary
	switch {
	case w.p.set[callee]:
		sum = w.p.sums[callee]
	case obj != nil:
		var ok bool
		if sum, ok = w.p.env.Import(obj); !ok {
			w.unknown(ci, FuncName(obj), "calls "+FuncName(obj)+", whose package was not analysed")
			return
		}
	default:
		w.unknown(ci, callee.String(), "calls "+callee.String()+", which was not analysed")
		return
	}
	if sum != nil {
		w.includeFrom(ci, sum, args, bindings, obj)
	}
	// Function values handed to a callee that does not call them before
	// returning are not its effects here (it stores them).
}

func splitRecv(obj *types.Func, args []ssa.Value) (ssa.Value, []ssa.Value) {
	if sig, ok := obj.Type().(*types.Signature); ok && sig.Recv() != nil && len(args) > 0 {
		return args[0], args[1:]
	}
	return nil, args
}

// include adds a callee's summary at a call site: its effects with this
// site prepended to their paths and executors mapped to the arguments.
func (w *walker) include(ci ssa.CallInstruction, sum *Summary, args, bindings []ssa.Value) {
	w.includeFrom(ci, sum, args, bindings, nil)
}

// includeFrom is include for a known callee: when the callee lies in
// another module, the effects its code cannot resolve (dynamic calls,
// raw network I/O) are folded into one effect named at this boundary:
// "github.com/acme/sdk.(*Client).Create performs network I/O". Classified
// effects (an HTTP POST it makes) keep their kind and whole path.
func (w *walker) includeFrom(ci ssa.CallInstruction, sum *Summary, args, bindings []ssa.Value, callee *types.Func) {
	hop := w.hop(ci)
	boundary := callee != nil && w.p.env.ThirdParty != nil && w.p.env.ThirdParty(callee.Pkg())
	var folded *effect.Effect
	for i := range sum.Effects {
		if boundary && foldable(&sum.Effects[i]) {
			src := &sum.Effects[i]
			if folded == nil {
				folded = &effect.Effect{Kind: effect.KindDynamic, Op: effect.OpCall, Risk: effect.Unknown,
					Target: FuncName(callee), Path: []effect.Hop{hop}, Exec: effect.NoExec, More: src.More}
			} else {
				folded.More += 1 + src.More
			}
			if src.Kind == effect.KindNetwork || src.Kind == effect.KindProcess {
				folded.Kind = src.Kind
			}
			continue
		}
		e := sum.Effects[i].Prepend(hop)
		var exec ssa.Value
		if e.Exec != effect.NoExec {
			exec = pick(e.Exec, args, bindings)
		}
		if sum.ClaimReturn != nil && e.Op == effect.OpClaim && e.Guard == nil {
			// A claim helper: this call's result is the claim's outcome.
			w.addSite(&e, ci, exec, true)
			w.sites[len(w.sites)-1].ClaimReturn = sum.ClaimReturn
			continue
		}
		w.addSite(&e, ci, exec, false)
	}
	if folded != nil {
		what := "makes calls that cannot be resolved here"
		switch folded.Kind {
		case effect.KindNetwork:
			what = "performs network I/O"
		case effect.KindProcess:
			what = "runs a process"
		}
		folded.Detail = callee.Pkg().Path() + "." + strings.Replace(FuncName(callee), callee.Pkg().Name()+".", "", 1) + " " + what
		w.addSite(folded, ci, nil, true)
	}
	for _, k := range sum.CallsParams {
		if v := pick(k, args, bindings); v != nil {
			w.callArg(ci, v)
		}
	}
	w.pitfalls = append(w.pitfalls, sum.Pitfalls...)
}

// foldable reports whether an effect is one a library's boundary stands for.
func foldable(e *effect.Effect) bool {
	switch e.Kind {
	case effect.KindDynamic, effect.KindNetwork, effect.KindProcess, effect.KindUnknown:
		return e.Guard == nil && e.Issue == ""
	}
	return false
}

func pick(k int, args, bindings []ssa.Value) ssa.Value {
	switch {
	case k < 0:
		return nil
	case k < len(args):
		return args[k]
	case k-len(args) < len(bindings):
		return bindings[k-len(args)]
	}
	return nil
}

// callValue handles a call of (or a callback run through) a function value:
// resolved functions contribute their effects; the function's own func
// parameters are recorded for callers to substitute; anything else is an
// unknown effect. txFrom, if non-nil, is the fresh transaction the callee
// hands the callback as its first argument.
func (w *walker) callValue(ci ssa.CallInstruction, v ssa.Value, txFrom ssa.Value) {
	refs := resolveFuncs(v)
	if len(refs) == 0 {
		if k := w.execIndex(normalize(v)); k != effect.NoExec {
			w.calls = append(w.calls, k)
			return
		}
		// An element of a func-slice parameter: functional options
		// (for _, o := range opts { o(m) }). Callers pass the slice.
		if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
			if ia, ok := load.X.(*ssa.IndexAddr); ok {
				if k := w.execIndex(normalize(ia.X)); k != effect.NoExec {
					w.calls = append(w.calls, k)
					return
				}
			}
		}
		if w.p.env.Index.InertFunc(v.Type()) {
			return // context.CancelFunc and the like
		}
		w.unknown(ci, describeValue(v), "calls function value "+describeValue(v)+", which is not known here")
		return
	}
	for _, r := range refs {
		callee := r.fn
		if w.active[callee] {
			continue
		}
		if w.active == nil {
			w.active = map[*ssa.Function]bool{}
		}
		w.active[callee] = true
		w.callRef(ci, r, txFrom)
		delete(w.active, callee)
	}
}

// callRef adds the effects of one resolved function value called at ci.
func (w *walker) callRef(ci ssa.CallInstruction, r funcRef, txFrom ssa.Value) {
	callee := r.fn
	var sum *Summary
	switch {
	case w.p.set[callee]:
		if sum = w.p.sums[callee]; sum == nil {
			return // not summarised yet: its own round adds it
		}
	default:
		obj, _ := callee.Object().(*types.Func)
		if obj == nil {
			w.unknown(ci, callee.String(), "calls "+callee.String()+", which was not analysed")
			return
		}
		if m := w.p.env.Index.Lookup(obj); m != nil || w.p.env.Index.Modeled(obj.Pkg()) {
			if m != nil {
				w.model(ci, m, r.recv, nil)
			}
			return
		}
		var ok bool
		if sum, ok = w.p.env.Import(obj); !ok {
			w.unknown(ci, FuncName(obj), "calls "+FuncName(obj)+", whose package was not analysed")
			return
		}
	}
	args := make([]ssa.Value, len(callee.Params))
	if r.recv != nil && len(args) > 0 {
		args[0] = r.recv
	}
	hop := w.hop(ci)
	for i := range sum.Effects {
		e := sum.Effects[i].Prepend(hop)
		var exec ssa.Value
		switch {
		case e.Exec == effect.NoExec:
		case txFrom != nil && e.Exec == 0 && r.recv == nil:
			exec = txFrom
			e.Tx = true
		default:
			exec = pick(e.Exec, args, r.bindings)
		}
		w.addSite(&e, ci, exec, false)
	}
	for _, k := range sum.CallsParams {
		if a := pick(k, args, r.bindings); a != nil {
			w.callArg(ci, a)
		} else {
			w.unknown(ci, SSAName(callee), SSAName(callee)+" calls a function value it is given")
		}
	}
	w.pitfalls = append(w.pitfalls, sum.Pitfalls...)
}

func (w *walker) invoke(ci ssa.CallInstruction, c *ssa.CallCommon) {
	m := c.Method
	ix := w.p.env.Index
	if model := ix.Lookup(m); model != nil {
		w.model(ci, model, c.Value, c.Args)
		return
	}
	if k := structuralSQL(m); k >= 0 {
		w.model(ci, &models.Model{SQL: &k}, c.Value, c.Args)
		return
	}
	if ix.Modeled(m.Pkg()) {
		return
	}
	name := FuncName(m)
	w.unknown(ci, name, "calls "+name+" through an interface; its implementation is not known here")
}

func (w *walker) unknown(ci ssa.CallInstruction, target, detail string) {
	e := &effect.Effect{
		Kind:   effect.KindDynamic,
		Op:     effect.OpCall,
		Target: target,
		Risk:   effect.Unknown,
		Detail: detail,
		Path:   []effect.Hop{w.hop(ci)},
		Exec:   effect.NoExec,
	}
	w.addSite(e, ci, nil, true)
}

func isFunc(v ssa.Value) bool {
	_, ok := v.Type().Underlying().(*types.Signature)
	return ok
}

// structuralSQL recognises an SQL executor by its shape: a method named
// Exec/Query/QueryRow (optionally ...Context) whose first non-context
// parameter is a string followed by ...any. It returns the SQL argument
// index, or -1.
func structuralSQL(m *types.Func) int {
	switch m.Name() {
	case "Exec", "ExecContext", "Query", "QueryContext", "QueryRow", "QueryRowContext":
	default:
		return -1
	}
	sig, ok := m.Type().(*types.Signature)
	if !ok || !sig.Variadic() {
		return -1
	}
	params := sig.Params()
	i := 0
	if params.Len() > 0 && isContext(params.At(0).Type()) {
		i = 1
	}
	if params.Len() != i+2 {
		return -1
	}
	if b, ok := params.At(i).Type().Underlying().(*types.Basic); !ok || b.Kind() != types.String {
		return -1
	}
	last, ok := params.At(i + 1).Type().(*types.Slice)
	if !ok {
		return -1
	}
	if it, ok := last.Elem().Underlying().(*types.Interface); !ok || !it.Empty() {
		return -1
	}
	return i
}

func isContext(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "context" && n.Obj().Name() == "Context"
}

// isTx reports whether an executor is a transaction handle: by its type
// (pgx.Tx, *sql.Tx), because a Begin call made it (gorm's db.Begin()
// returns a *gorm.DB), or because it is the parameter through which a
// transaction callback (pgx.BeginFunc, gorm Transaction) receives its
// transaction.
func (w *walker) isTx(v ssa.Value) bool {
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
	case *ssa.UnOp:
		// A client kept in a transaction (ent's tx.User) runs in it.
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
			return w.isTx(normalize(fa.X))
		}
	}
	return false
}

// txBound reports whether a call builds a value around a transaction it
// is given (sqlc's q.WithTx(tx), a repository's WithTx): the value then
// executes in that transaction.
func (w *walker) txBound(call *ssa.Call) bool {
	if _, ok := call.Type().Underlying().(*types.Pointer); !ok {
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
// the transaction callback of a model (TxCallback) in its parent.
func (w *walker) txParam(p *ssa.Parameter) bool {
	fn := p.Parent()
	if fn == nil || fn.Parent() == nil || len(fn.Params) == 0 || fn.Params[0] != p {
		return false
	}
	for _, b := range fn.Parent().Blocks {
		for _, instr := range b.Instrs {
			ci, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			c := ci.Common()
			var obj *types.Func
			args := c.Args
			if c.IsInvoke() {
				obj = c.Method
			} else if callee := c.StaticCallee(); callee != nil {
				obj, _ = callee.Object().(*types.Func)
				if obj != nil {
					_, args = splitRecv(obj, args)
				}
			}
			if obj == nil {
				continue
			}
			m := w.p.env.Index.Lookup(obj)
			if m == nil || m.TxCallback == nil || *m.TxCallback >= len(args) {
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

// callArg handles an argument the callee calls: a function value, or a
// slice of them (functional options), whose elements are each called; an
// absent variadic slice calls nothing.
func (w *walker) callArg(ci ssa.CallInstruction, a ssa.Value) {
	if _, isSlice := a.Type().Underlying().(*types.Slice); !isSlice {
		w.callValue(ci, a, nil)
		return
	}
	if c, ok := a.(*ssa.Const); ok && c.IsNil() {
		return
	}
	elems := ssavalue.SliceElems(a)
	if elems == nil {
		w.unknown(ci, describeValue(a), "calls the function values in "+describeValue(a)+", which are not known here")
		return
	}
	for _, e := range elems {
		w.callValue(ci, e, nil)
	}
}
