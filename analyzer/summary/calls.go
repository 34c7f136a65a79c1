package summary

import (
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/guard"
	"github.com/jobeffects/jobeffects/analyzer/models"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// call dispatches a call instruction: an interface call, a call of a
// function value, or a static call.
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
			w.applyModel(ci, obj, m, recv, margs)
			return
		}
		if ix.Unmodeled(obj) {
			w.unmodeled(ci, obj)
			return
		}
		if !ix.Modeled(obj.Pkg()) && ix.Inert(obj) {
			// A call the catalog declares without effect in a library
			// whose other calls are analysed like the application's code
			// (no packages: list, pgx v4's pool Acquire and Release).
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
			recv, _ := splitRecv(obj, args)
			w.withReading(readFunc(obj, recv))
			return
		}
	default:
		w.unknown(ci, callee.String(), "calls "+callee.String()+", which was not analysed")
		return
	}
	if sum != nil {
		before := len(w.sites)
		w.includeFrom(ci, sum, args, bindings, obj)
		w.rmwIncluded(before, args)
		w.messageKeys(ci, args, before)
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
		cur := &sum.Effects[i]
		if cur.BufferedArg > 0 {
			// Decided before any fold: html.Render's bufio.Writer over
			// the *bytes.Buffer goquery passes writes nothing.
			r := *cur
			if !w.resolveBuffered(&r, args, bindings) {
				continue
			}
			cur = &r
		}
		if boundary && foldable(cur) {
			folded = foldInto(folded, cur, callee)
			folded.Path = []effect.Hop{hop}
			continue
		}
		if cur.Kind == effect.KindMemory && boundary {
			continue // another module's own state (memory.go)
		}
		e := cur.Prepend(hop)
		if !w.resolveWhen(&e, ci, args, bindings) {
			continue // a branch this call's constants rule out (cond.go)
		}
		w.upCondArgs(&e, ci, args, bindings)
		if src := cur.SetFrom; src != nil {
			w.mapSetFrom(&e, src, args, bindings)
		}
		if e.DocArg > 0 {
			w.resolveDoc(&e, args, bindings)
		}
		if e.TableTypeArg > 0 && !w.resolveTableType(&e, args, bindings) {
			continue // a read into a value of no table (assocread.go)
		}
		if e.SavedRowArg > 0 {
			w.resolveSavedRow(&e, ci, args, bindings) // savedrow.go
		}
		guard.DupTested(&e)
		w.upOver(&e, args, bindings)   // collected.go
		w.upRowsOf(&e, args, bindings) // rowsof.go
		if !w.holderAt(&e, args, bindings) {
			w.calleeFill(&e, ci, args, bindings)
			continue // a write to a value this function made for itself
		}
		w.resolveKey(ci, &e, args, bindings)
		if e.RetentionParam > 0 {
			w.resolveRetention(ci, &e, args, bindings)
		}
		if e.Via != "" {
			e.Via = w.viaAt(e.Via, args, bindings)
		}
		if e.MethodArg > 0 || e.RequestArg > 0 || e.URLArg > 0 || e.RPCMethodArg > 0 || e.TextBodyArg > 0 || e.TokenGrantArg > 0 {
			w.resolveHTTP(&e, args, bindings)
		}
		if e.RPCTypeArg > 0 {
			resolveSOAP(w, &e, ci)
		}
		w.resolveRequestFields(&e, args, bindings)
		if e.StmtArg > 0 && w.resolveStmt(ci, &e, args, bindings) {
			continue
		}
		var exec ssa.Value
		if e.Exec != effect.NoExec {
			exec = pick(e.Exec, args, bindings)
		}
		if e.SQLArg > 0 && w.resolveSQLArg(ci, &e, exec, args, bindings) {
			continue
		}
		if e.CallerTx != nil {
			w.resolveCallerTx(&e, exec)
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
		recv, _ := splitRecv(callee, args)
		folded.Reading = boundaryReading(sum, readFuncNet(callee, recv, folded.Kind == effect.KindNetwork))
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
			from := len(w.sites)
			w.valueArgs = sum.paramArgsAt(k, args, bindings) // cond.go
			w.callArgTx(ci, v, sum.txArgOf(ci, k, v))
			w.valueArgs = nil
			if gc := sum.guardedCall(k); gc != nil {
				w.applyGuardedCall(ci, gc, from, args, bindings)
			}
		}
	}
	w.callParamFields(ci, sum, args, bindings)
	pits := w.callerKeyPitfalls(w.callerTxPitfalls(sum.Pitfalls, args, bindings), args, bindings) // keycols.go
	for _, p := range guard.DropStopped(ci, w.callerLockPitfalls(ci, pits, args, bindings)) {
		if w.pitFrom == nil {
			w.pitFrom = map[int]ssa.CallInstruction{}
		}
		w.pitFrom[len(w.pitfalls)] = ci
		w.pitfalls = append(w.pitfalls, p)
	}
}

// resolveCallerTx decides, at a call of a helper whose claim and effect
// run on the same parameter handle, the effect's guard-separate-tx: the
// argument is a transaction (or a querier built from one: dbgen.New(tx),
// q.WithTx(tx)), so the claim and the effect commit together; or this
// function's own parameter, so its callers decide; or anything else (the
// pool), so they are separate statements and the issue stands.
func (w *walker) resolveCallerTx(e *effect.Effect, exec ssa.Value) {
	v := normalize(exec)
	switch {
	case v != nil && w.isTx(v):
		e.Guard, e.Issue, e.IssuePos = e.CallerTx, "", ""
		e.CallerTx = nil
	case v != nil && w.execIndex(v) != effect.NoExec:
	default:
		e.CallerTx = nil
	}
}

// callerTxPitfalls resolves, like resolveCallerTx, the guard-separate-tx
// pitfalls a callee leaves to its callers (guard.Pitfall.TxParam).
func (w *walker) callerTxPitfalls(pits []guard.Pitfall, args, bindings []ssa.Value) []guard.Pitfall {
	var out []guard.Pitfall
	for _, p := range pits {
		if p.TxParam > 0 {
			v := normalize(pick(p.TxParam-1, args, bindings))
			switch {
			case v != nil && w.isTx(v):
				continue
			case v != nil && w.execIndex(v) != effect.NoExec:
				p.TxParam = w.execIndex(v) + 1
			default:
				p.TxParam = 0
			}
		}
		out = append(out, p)
	}
	return out
}

// callerLockPitfalls resolves the check-then-act pitfalls a callee leaves
// to its callers (guard.Pitfall.LockParam): this function holds an
// advisory transaction lock on what it passes there (dropped), passes its
// own parameter (handed on), or anything else (it stands).
func (w *walker) callerLockPitfalls(ci ssa.CallInstruction, pits []guard.Pitfall, args, bindings []ssa.Value) []guard.Pitfall {
	var out []guard.Pitfall
	for _, p := range pits {
		if p.LockParam > 0 {
			v := normalize(pick(p.LockParam-1, args, bindings))
			switch {
			case v != nil && w.lockedBefore(ci, v):
				continue
			case v != nil && w.execIndex(v) != effect.NoExec:
				p.LockParam = w.execIndex(v) + 1
			default:
				p.LockParam = 0
			}
		}
		out = append(out, p)
	}
	return out
}

// boundaryReading is the reading of a library call whose unresolved calls
// are folded at the boundary, unless the library's code already says
// otherwise: a read is never inferred where the code shows a write.
func boundaryReading(sum *Summary, r *effect.Reading) *effect.Reading {
	if r == nil || r.Risk != effect.Safe {
		return r
	}
	for i := range sum.Effects {
		if e := &sum.Effects[i]; !foldable(e) && e.Risk.NonIdempotent() {
			return nil
		}
	}
	return r
}

// foldable reports whether an effect is one a library's boundary stands for.
func foldable(e *effect.Effect) bool {
	switch e.Kind {
	case effect.KindDynamic, effect.KindNetwork, effect.KindProcess, effect.KindUnknown:
		return e.Guard == nil && e.Issue == ""
	case effect.KindHTTP:
		return unresolvedRequest(e) && e.Guard == nil && e.Issue == ""
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

func (w *walker) invoke(ci ssa.CallInstruction, c *ssa.CallCommon) {
	m := c.Method
	ix := w.p.env.Index
	if model := ix.Lookup(m); model != nil {
		w.applyModel(ci, m, model, c.Value, c.Args)
		return
	}
	if fn, model := w.mirroredClaim(m, c.Args); model != nil {
		// A claim through an interface mirroring the SDK's client
		// (mirror.go).
		w.applyModel(ci, fn, model, c.Value, c.Args)
		return
	}
	if k := structuralSQL(m); k >= 0 {
		w.model(ci, &models.Model{SQL: &k}, c.Value, c.Args)
		return
	}
	if structuralHTTPDo(m) {
		w.model(ci, httpDoModel, c.Value, c.Args)
		return
	}
	if ix.Unmodeled(m) {
		w.unmodeled(ci, m)
		return
	}
	if ix.Modeled(m.Pkg()) {
		return
	}
	if callees, ok := w.p.globalCallees(c.Value, m); ok {
		// One of the package's interface-typed variables: the methods of
		// the types its code stores there (globaliface.go).
		args := append([]ssa.Value{c.Value}, c.Args...)
		for _, fn := range callees {
			w.static(ci, fn, args, nil)
		}
		return
	}
	name := FuncName(m)
	callSQL := w.callSQL(ci, c.Args) // callsql.go
	w.unknown(ci, name, "calls "+name+" through an interface; its implementation is not known here")
	w.withReading(readFunc(m, c.Value))
	w.rmwReading(c.Args)
	site := w.sites[len(w.sites)-1]
	site.Effect.CallArgs = w.wrappedMethods(c.Args, argConsts(c.Args))
	site.Effect.CondArgs = effect.ArgList(w.condArgsOf(ci, c.Value, c.Args)) // cond.go
	w.wrappedGraphQL(site.Effect, c.Args)
	site.Effect.StableArgs = w.stableArgs(c.Args)
	site.Effect.RandomArgs = append(w.randomArgs(c.Args), w.randomBodyArgs(c.Args)...)
	site.Effect.RandomArgs = append(site.Effect.RandomArgs, w.mapFieldArgs(c.Args)...) // mapkey.go
	site.Effect.CallURLs, site.Effect.CallBodies = w.callRequests(c.Args)
	site.Effect.CallSQL = callSQL
	site.Effect.CallGrants, site.Effect.CallGrantArgs = w.callGrants(c.Args) // tokengrant.go
	site.Effect.KeyParams = w.keyParams(c.Args)
	site.Effect.ArgKeys = w.argKeys(c.Args)
	site.Effect.NonZero = w.nonZeroFields(c.Args) // keylasts.go
	site.Effect.TableArgs = w.tableArgs(c.Args)   // tablefield.go
	site.Effect.RowArgs = w.rowArgs(ci, c.Args)   // savedrow.go
	site.Effect.ArgsKey = w.argsKey(ci, c.Args, 2)
	if site.Effect.ArgsKey == nil {
		site.Effect.ArgsKey = w.batchArgsKey(ci, "", c.Args, 2) // a batch the implementation inserts
	}
	if site.Effect.Key == nil {
		// A row whose idempotency-key field is new on every delivery
		// (rowkey.go).
		site.Effect.Key = w.rowKey(c.Args)
	}
	if ra, kp := w.structFieldArgs(c.Args); len(ra) > 0 || len(kp) > 0 {
		site.Effect.RandomArgs = append(site.Effect.RandomArgs, ra...)
		site.Effect.KeyParams = append(site.Effect.KeyParams, kp...)
	}
	// The receiver is the handle the call runs on: when it is a
	// transaction or bound to one, the writes the call turns out to make
	// on it commit there (effect.TxGuard).
	site.Exec = normalize(c.Value)
	e := site.Effect
	e.Reflective = reflective(c.Value)
	if !e.Reflective {
		e.Via = w.via(c.Value) + viaMethod + m.Name()
	}
	// A message with its receiver's deduplication key handed to the
	// interface: what the call resolves to is keyed by it (messagekey.go).
	w.messageKeys(ci, c.Args, len(w.sites)-1)
}

// viaMethod separates the origin of an interface value from the method
// called on it in Effect.Via.
const viaMethod = " method "

// via says where a called interface or func value comes from, as
// Effect.Via spells it: a struct field ("field pkg.T.F"), a parameter
// ("param 2", which callers replace by their argument's origin), or
// anything else ("value").
func (w *walker) via(v ssa.Value) string {
	if f := FieldVia(v); f != "" {
		return f
	}
	if f := ElemFieldVia(v); f != "" {
		return f
	}
	if k := w.execIndex(normalize(v)); k != effect.NoExec {
		return "param " + strconv.Itoa(k)
	}
	return viaValue
}

// viaValue is the Effect.Via of a dynamic call on a value that is neither
// a field nor a parameter.
const viaValue = "value"

// ViaDynamic reports whether an Effect.Via is that of an interface or
// func-value call, which the whole-program phase resolves when value flow
// reaches it.
func ViaDynamic(via string) bool { return via != "" }

// viaAt replaces a "param N" origin of a callee's effect by the origin of
// the argument this call passes there.
func (w *walker) viaAt(via string, args, bindings []ssa.Value) string {
	rest, ok := strings.CutPrefix(via, "param ")
	if !ok {
		return via
	}
	num, method, _ := strings.Cut(rest, viaMethod)
	k, err := strconv.Atoi(num)
	if err != nil {
		return ""
	}
	base := viaValue
	if v := pick(k, args, bindings); v != nil {
		base = w.via(v)
	}
	if method == "" {
		return base
	}
	return base + viaMethod + method
}

// ViaField splits an Effect.Via naming a struct field into the field's
// key (FieldKey) and the method called on it ("" for a func value).
func ViaField(via string) (field, method string, ok bool) {
	if !strings.HasPrefix(via, "field ") {
		return "", "", false
	}
	field, method, _ = strings.Cut(via, viaMethod)
	return field, method, true
}

// FieldVia names the struct field a value is loaded from, as
// Effect.Via spells it, or "".
func FieldVia(v ssa.Value) string {
	load, ok := ssavalue.Unconvert(v).(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return ""
	}
	fa, ok := load.X.(*ssa.FieldAddr)
	if !ok {
		return ""
	}
	return FieldKey(fa.X.Type(), fa.Field)
}

// ElemSuffix marks a field key as the elements of the map, slice or array
// the field holds: "field pkg.T.Senders[]".
const ElemSuffix = "[]"

// ElemFieldVia names the struct field whose map, slice or array a value is
// an element of (ranged over, indexed, looked up: for _, s := range
// d.senders { s.Send(…) }), as Effect.Via spells it ("field
// pkg.T.F[]"), or "". Whoever fills that collection decides the call, as
// whoever sets a field does.
func ElemFieldVia(v ssa.Value) string {
	if x, ok := ssavalue.Unconvert(v).(*ssa.UnOp); ok && x.Op == token.MUL {
		if ia, ok := x.X.(*ssa.IndexAddr); ok {
			if fa, ok := ia.X.(*ssa.FieldAddr); ok { // an array field, in place
				if k := FieldKey(fa.X.Type(), fa.Field); k != "" {
					return k + ElemSuffix
				}
				return ""
			}
		}
	}
	if coll := ssavalue.ElemOf(v); coll != nil {
		if f := FieldVia(coll); f != "" {
			return f + ElemSuffix
		}
	}
	return ""
}

// FieldKey names field i of the struct t points to: "field
// pkg/path.Type.Field"; "" for fields of unnamed structs.
func FieldKey(ptr types.Type, i int) string {
	if name := ssavalue.QualifiedField(ptr, i); name != "" {
		return "field " + name
	}
	return ""
}

// reflective reports whether an interface value comes from reflection or
// from an untyped registry: a type assertion of reflect.Value.Interface()'s
// result, or of an element of a map, slice or field of type any. Only an
// empty interface is untyped: a value of an interface with methods (an
// error) already says what it is, and asserting it to another interface
// tests a capability (goalert's validate.Many flattening the
// MultiFieldErrors among the errors it is given), it dispatches no job.
func reflective(v ssa.Value) bool { return reflectiveFrom(v, map[*ssa.Phi]bool{}) }

func reflectiveFrom(v ssa.Value, seen map[*ssa.Phi]bool) bool {
	for i := 0; i < 8; i++ {
		switch x := v.(type) {
		case *ssa.ChangeInterface:
			v = x.X
		case *ssa.Extract:
			v = x.Tuple
		case *ssa.TypeAssert:
			return emptyInterface(x.X.Type()) && untypedOrigin(x.X)
		case *ssa.Phi:
			if seen[x] {
				return false // a loop: its other edges decide
			}
			seen[x] = true
			for _, e := range x.Edges {
				if reflectiveFrom(e, seen) {
					return true
				}
			}
			return false
		default:
			return false
		}
	}
	return false
}

// emptyInterface reports whether t is an interface without methods (any).
func emptyInterface(t types.Type) bool {
	it, ok := t.Underlying().(*types.Interface)
	return ok && it.NumMethods() == 0
}

// untypedOrigin reports whether an any value is made by reflection or read
// from a container of any.
func untypedOrigin(v ssa.Value) bool {
	switch x := v.(type) {
	case *ssa.Call:
		if callee := x.Call.StaticCallee(); callee != nil {
			if obj, ok := callee.Object().(*types.Func); ok && obj.FullName() == "(reflect.Value).Interface" {
				return true
			}
		}
	case *ssa.Lookup:
		return true
	case *ssa.Extract:
		if l, ok := x.Tuple.(*ssa.Lookup); ok {
			return l != nil
		}
	case *ssa.UnOp:
		switch x.X.(type) {
		case *ssa.IndexAddr, *ssa.FieldAddr:
			return true
		}
	}
	return false
}

// unmodeled adds the unknown effect of a call into a catalogued library
// that the catalog neither models nor declares inert.
func (w *walker) unmodeled(ci ssa.CallInstruction, fn *types.Func) {
	name := FuncName(fn)
	w.unknown(ci, name, "calls "+fn.Pkg().Path()+"."+strings.Replace(name, fn.Pkg().Name()+".", "", 1)+", which the catalog knows the library of but does not model")
	if !w.p.env.Index.DeclaredUnknown(fn) {
		// A call the catalog declares unknown is a decision, not a gap
		// for names to fill.
		w.withReading(readFunc(fn, nil))
	}
}

// httpDoModel reads a call of an HTTP client interface as
// (*net/http.Client).Do is read (catalog/net.yaml): by its request.
var httpDoModel = func() *models.Model {
	req := 0
	return &models.Model{Request: &req, Kind: effect.KindHTTP, Target: "http"}
}()

// structuralHTTPDo recognises an HTTP client behind an application's
// interface by its shape: a method Do(*http.Request) (*http.Response,
// error), the method set applications declare to swap *http.Client for a
// wrapper or a test double (HTTPDoer, HTTPClient). The request is what is
// sent, whichever implementation sends it: its method and URL decide, as
// they do for *http.Client (a wrapper that sends something else is not
// followed; a fake is a test's).
func structuralHTTPDo(m *types.Func) bool {
	if m.Name() != "Do" {
		return false
	}
	sig, ok := m.Type().(*types.Signature)
	if !ok || sig.Params().Len() != 1 || sig.Results().Len() != 2 {
		return false
	}
	resp, ok := sig.Results().At(0).Type().(*types.Pointer)
	return isRequest(sig.Params().At(0).Type()) && ok && isNamed(resp.Elem(), "net/http", "Response") &&
		types.Identical(sig.Results().At(1).Type(), types.Universe.Lookup("error").Type())
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
	if params.Len() > 0 && ssavalue.IsContext(params.At(0).Type()) {
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

// foldInto adds src, an effect a library's code cannot resolve, to the
// one effect named at the boundary call of callee (nil: make it): it
// counts the effects it stands for and takes the rawest kind among them
// (network I/O or a process; an HTTP call it cannot classify is network
// I/O). Shared by includeFrom and FoldAtBoundary.
func foldInto(folded, src *effect.Effect, callee *types.Func) *effect.Effect {
	if folded == nil {
		folded = &effect.Effect{Kind: effect.KindDynamic, Op: effect.OpCall, Risk: effect.Unknown,
			Target: FuncName(callee), Exec: effect.NoExec, More: src.More}
	} else {
		folded.More = effect.AddCount(folded.More, effect.AddCount(1, src.More))
	}
	switch src.Kind {
	case effect.KindNetwork, effect.KindProcess:
		folded.Kind = src.Kind
	case effect.KindHTTP:
		folded.Kind = effect.KindNetwork
	}
	return folded
}

// FoldAtBoundary is includeFrom's fold for a call into another module that
// only the whole program resolves (an interface call reaching a library's
// method, mqtt.Client.Connect → (*mqtt.client).Connect): the effects the
// library's code cannot resolve are one effect named at the boundary, read
// from the callee's names as the per-package pass reads them; its own
// memory is no effect here. kept are the other effects, unchanged; folded
// has no path (the caller gives it one) and is nil when nothing folds.
func FoldAtBoundary(sum *Summary, callee *types.Func) (kept []effect.Effect, folded *effect.Effect) {
	network := false
	for i := range sum.Effects {
		src := &sum.Effects[i]
		switch {
		case foldable(src):
			folded = foldInto(folded, src, callee)
		case src.Kind == effect.KindMemory:
			// another module's own state (memory.go)
		default:
			kept = append(kept, *src)
		}
	}
	if folded == nil {
		return kept, nil
	}
	network = folded.Kind == effect.KindNetwork
	folded.Reading = boundaryReading(sum, readFuncNet(callee, nil, network))
	what := "makes calls that cannot be resolved here"
	switch folded.Kind {
	case effect.KindNetwork:
		what = "performs network I/O"
	case effect.KindProcess:
		what = "runs a process"
	}
	folded.Detail = callee.Pkg().Path() + "." + strings.Replace(FuncName(callee), callee.Pkg().Name()+".", "", 1) + " " + what
	return kept, folded
}
