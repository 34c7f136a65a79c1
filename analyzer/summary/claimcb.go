package summary

import (
	"fmt"
	"go/token"
	"go/types"
	"sort"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/guard"
	"github.com/jobeffects/jobeffects/analyzer/rules"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// Callbacks run under a claim. An idempotency helper claims a key and
// runs the caller's callback only when the claim is new:
//
//	func (i *Idem) Exec(ctx context.Context, key string, fn func(context.Context) error) error {
//		first, err := i.claim(ctx, "idem:"+key) // SETNX
//		if err != nil || !first {
//			return err
//		}
//		return fn(ctx)
//	}
//
// The helper's summary records that it calls fn only on the claim's
// first-time edge, and which of its parameters the claimed key derives
// from (GuardedCall). Where the callback is known (a static call here, a
// call through an interface in the whole-program phase), its effects are
// guarded by that claim, external ones with the crash window a claim in
// another store leaves; database writes are left as they are (the claim
// is not known to commit with them) and money is never guarded by it. A
// key the caller makes new on every delivery (a uuid, or a struct's id
// field a converter fills from one when the message has none) claims a
// new key every time: the effects are random-key there. A helper that
// gives the claim back when the callback fails (deletes the key) guards
// only the effects the callback cannot fail after (Effect.FailsLater,
// guard/release.go): a failure after the webhook releases the key and the
// redelivery sends it again. A call nothing resolves whose reading by its
// name is an external non-idempotent effect (a publish through a library
// the program does not follow) is guarded, or random-key, for what the
// reading makes it (Guard.OnReading; infer.Apply still applies the
// reading).

// GuardedCall is a func-typed parameter (Param, 0-based, receiver first,
// as CallsParams) that the function calls only when a claim is new, and
// that claim as a guard (KeyParam: the parameter the claimed key derives
// from).
type GuardedCall struct {
	Param int
	Guard effect.Guard
}

// GuardedCall is the guarded call of parameter k, or nil.
func (s *Summary) GuardedCall(k int) *GuardedCall { return s.guardedCall(k) }

func (s *Summary) guardedCall(k int) *GuardedCall {
	for i := range s.GuardedCalls {
		if s.GuardedCalls[i].Param == k {
			return &s.GuardedCalls[i]
		}
	}
	return nil
}

// guardedCalls keeps the parameters every call of which a claim decides,
// with the claim's key traced to this function's parameters; a key made
// new here guards nothing.
func (w *walker) guardedCalls(pcs []*guard.ParamCall) []GuardedCall {
	byParam := map[int][]*guard.ParamCall{}
	for _, pc := range pcs {
		byParam[pc.Param] = append(byParam[pc.Param], pc)
	}
	var out []GuardedCall
	for k, calls := range byParam {
		var g *effect.Guard
		var claim *guard.Site
		for _, pc := range calls {
			if pc.Guard == nil {
				g = nil
				break
			}
			if g == nil {
				g, claim = pc.Guard, pc.Claim
			}
		}
		if g == nil || claim == nil {
			continue
		}
		o, ok := w.claimKeyOrigin(claim.Instr)
		if !ok || o.random != "" {
			continue
		}
		gg := *g
		gg.KeyParam, gg.KeyField = o.param, o.paramField
		if gg.Expr == "" {
			gg.Expr = o.expr
		}
		out = append(out, GuardedCall{Param: k, Guard: gg})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Param < out[j].Param })
	return out
}

// claimKeyOrigin traces the key a claim call takes: its string-like
// arguments (the receiver left out). ok is false when it has none.
func (w *walker) claimKeyOrigin(ci ssa.CallInstruction) (keySource, bool) {
	c := ci.Common()
	args := c.Args
	if !c.IsInvoke() {
		if fn := c.StaticCallee(); fn != nil && fn.Signature.Recv() != nil && len(args) > 0 {
			args = args[1:]
		}
	}
	var out keySource
	ok := false
	for _, a := range args {
		if !keyLike(a.Type()) {
			continue
		}
		ok = true
		o := w.keyOrigin(a)
		o.expr = w.p.text.exprText(a)
		if o.random != "" {
			return o, true
		}
		// The key is the caller's: the one parameter besides the
		// receiver it derives from (a receiver's prefix is the
		// helper's configuration).
		if r, one := soleArgParam(w.fn, o.params); one && out.param == 0 {
			o.param, o.paramField = r.param, r.field
			out = o
		}
	}
	return out, ok
}

// applyGuardedCall guards the effects the callback passed for gc brought
// in at ci (the sites from index from on) by the callee's claim, with the
// key this call passes there.
func (w *walker) applyGuardedCall(ci ssa.CallInstruction, gc *GuardedCall, from int, args, bindings []ssa.Value) {
	g := gc.Guard
	g.KeyParam, g.KeyField = 0, ""
	var o keySource
	expr := ""
	if gc.Guard.KeyParam > 0 {
		if v := pick(gc.Guard.KeyParam-1, args, bindings); v != nil {
			o = w.fieldKeyOrigin(v, gc.Guard.KeyField)
			g.KeyParam, g.KeyField = o.param, o.paramField
			expr = w.p.text.exprText(v)
			if gc.Guard.KeyField != "" && expr != "" {
				expr += "." + gc.Guard.KeyField
			}
		}
	}
	if expr != "" {
		g.Expr = expr
	}
	reported := false
	for _, s := range w.sites[from:] {
		e := s.Effect
		if o.random != "" {
			pos := PosString(w.p.env.Fset, o.at)
			if pos == "" {
				pos = PosString(w.p.env.Fset, ci.Pos())
			}
			if !reported && w.randomClaim(e, pos, orExpr(expr), o.random) {
				reported = true
			}
			continue
		}
		guardByClaim(e, &g)
	}
}

// GuardCallback guards the effects of a callback that a call through an
// interface (call) hands an implementation that runs it under a claim
// (gc), with the key the call passes: random there, the effects are
// random-key (the pitfall returned once); a parameter of call's function,
// its callers decide (Guard.KeyParam).
func GuardCallback(call *effect.Effect, gc *GuardedCall, effs []effect.Effect) []guard.Pitfall {
	g := gc.Guard
	g.KeyParam, g.KeyField = 0, ""
	var random *effect.RandomArg
	if k := gc.Guard.KeyParam; k > 0 {
		random = RandomArgAt(call, k, gc.Guard.KeyField)
		if random == nil {
			g.KeyParam, g.KeyField = KeyParamAt(call, k, gc.Guard.KeyField)
		}
	}
	var pits []guard.Pitfall
	for i := range effs {
		e := &effs[i]
		if random == nil {
			guardByClaim(e, &g)
			continue
		}
		pos := random.Pos
		if pos == "" {
			pos = call.Evidence()
		}
		if p := RandomClaim(e, pos, orExpr(random.Expr), random.Source); p != nil && len(pits) == 0 {
			pits = append(pits, *p)
		}
	}
	return pits
}

// guardByClaim guards e by a claim made in another store than e's (a
// callback run under a helper's claim): external effects with the crash
// window; database writes and money are left as they are.
func guardByClaim(e *effect.Effect, g *effect.Guard) {
	if e.Guard != nil || e.Issue != "" {
		return
	}
	onReading := false
	if !e.Risk.NonIdempotent() || e.Kind == effect.KindDBWrite {
		// An unknown call whose reading will make it an external
		// non-idempotent effect (a publish through a library the
		// program does not resolve) is guarded for what it is read as.
		if !claimReadable(e) {
			return
		}
		onReading = true
	}
	if e.Risk == effect.Critical {
		e.Detail = effect.JoinDetail(e.Detail, "a claim does not protect money: a crash between the call and the mark repeats it; pass a stable idempotency key")
		return
	}
	if g.Released && e.FailsLater {
		// The callback can fail after the effect: the helper then gives
		// the claim back and the redelivery runs the effect again.
		e.Detail = effect.JoinDetail(e.Detail, "the claim it runs under is given back when the callback fails, and the callback can still fail after it: the redelivery runs it again")
		return
	}
	gg := *g
	gg.OnReading = onReading
	e.Guard = &gg
}

// claimReadable reports whether e is a call nothing decided that its
// pending reading makes an external non-idempotent effect short of money:
// what a claim helper's callback guards, once read.
func claimReadable(e *effect.Effect) bool {
	r := e.PendingReading()
	return r != nil && r.Risk.NonIdempotent() && r.Risk != effect.Critical && r.Kind != effect.KindDBWrite
}

// randomClaim marks e, run under a claim of a key new on every delivery,
// random-key; it reports whether it did.
func (w *walker) randomClaim(e *effect.Effect, pos, expr, source string) bool {
	p := RandomClaim(e, pos, expr, source)
	if p == nil {
		return false
	}
	w.pitfalls = append(w.pitfalls, *p)
	return true
}

// RandomClaim marks e random-key when it is an effect a claim would have
// guarded, and returns the pitfall to report (nil when e is not one).
func RandomClaim(e *effect.Effect, pos, expr, source string) *guard.Pitfall {
	if e.Guard != nil || e.Issue != "" || (!e.Risk.NonIdempotent() || e.Kind == effect.KindDBWrite) && !claimReadable(e) {
		return nil
	}
	e.Issue, e.IssuePos = rules.RandomKey, pos
	what := e.Describe()
	if claimReadable(e) {
		read := e.Apply(*e.Reading)
		what = read.Describe()
	}
	return &guard.Pitfall{Rule: rules.RandomKey, Pos: pos, Message: fmt.Sprintf(
		"claimed key %s derives from %s: every delivery claims a new key, so the %s the claim's callback runs is not deduplicated; derive the key from the job's business identity",
		expr, source, what)}
}

// resolveGuardKey decides, at a static call, the key of a callee's claim
// guard that derives from one of its parameters (effect.Guard.KeyParam):
// a value new on every delivery drops the guard (random-key); a
// parameter here hands the question on.
func (w *walker) resolveGuardKey(ci ssa.CallInstruction, e *effect.Effect, args, bindings []ssa.Value) {
	g := e.Guard
	if g == nil || g.KeyParam == 0 {
		return
	}
	ng := *g
	ng.KeyParam, ng.KeyField = 0, ""
	e.Guard = &ng
	v := pick(g.KeyParam-1, args, bindings)
	if v == nil {
		return
	}
	o := w.fieldKeyOrigin(v, g.KeyField)
	if o.random == "" {
		ng.KeyParam, ng.KeyField = o.param, o.paramField
		return
	}
	pos := PosString(w.p.env.Fset, o.at)
	if pos == "" {
		pos = PosString(w.p.env.Fset, ci.Pos())
	}
	e.Guard = nil
	w.randomClaim(e, pos, orExpr(ng.Expr), o.random)
}

// ResolveGuardKey is resolveGuardKey where the whole-program phase
// resolves a call through an interface (call) to an implementation's
// effect e: what call passes for the claim's key parameter (random, or
// again a parameter of call's function).
func ResolveGuardKey(call, e *effect.Effect, method bool) *guard.Pitfall {
	g := e.Guard
	if g == nil || g.KeyParam == 0 {
		return nil
	}
	ng := *g
	ng.KeyParam, ng.KeyField = 0, ""
	e.Guard = &ng
	if !method {
		return nil
	}
	if a := RandomArgAt(call, g.KeyParam, g.KeyField); a != nil {
		e.Guard = nil
		pos := a.Pos
		if pos == "" {
			pos = call.Evidence()
		}
		return RandomClaim(e, pos, orExpr(ng.Expr), a.Source)
	}
	ng.KeyParam, ng.KeyField = KeyParamAt(call, g.KeyParam, g.KeyField)
	return nil
}

// RandomArgAt is the random argument a call through an interface passes
// as parameter index (1-based, receiver first), or that parameter's
// field, or nil.
func RandomArgAt(call *effect.Effect, index int, field string) *effect.RandomArg {
	for i, a := range call.RandomArgs {
		if a.Index == index && a.Field == field {
			return &call.RandomArgs[i]
		}
	}
	return nil
}

// KeyParamAt is the parameter (and field) of the calling function that a
// call through an interface passes as parameter index (or its field).
func KeyParamAt(call *effect.Effect, index int, field string) (int, string) {
	for _, p := range call.KeyParams {
		if p.Index == index && p.Field == field {
			return p.Param, p.Field
		}
	}
	if field != "" {
		for _, p := range call.KeyParams {
			if p.Index == index && p.Field == "" {
				// The parameter itself passed on (h(ctx, event)):
				// its field is the key.
				return p.Param, field
			}
		}
	}
	return 0, ""
}

// keyResultField is the parameter (1-based) and field a key-like result
// derives from when it is read off a parameter other than the receiver
// and from no random source (Summary.KeyResultField); 0, "" otherwise.
func (w *walker) keyResultField(v ssa.Value) (int, string) {
	ix := w.p.env.Index
	t := &trace{w: w, fn: ix.IsRandom, field: ix.IsRandomField, result: randomResult, idSource: keyRandom, random: true, fields: true, paramRoute: true, seen: map[ssa.Value]bool{}}
	if t.source(v, 0) != "" {
		return 0, ""
	}
	r, ok := soleArgParam(w.fn, t.params)
	if !ok || r.field == "" {
		return 0, ""
	}
	return r.param, r.field
}

// fieldKeyOrigin traces field of the struct v is (or points to), or v
// itself when field is "": a parameter of this function hands it on; a
// local struct, what is stored into the field, or the id field a
// converter's result fills (Summary.IDResult).
func (w *walker) fieldKeyOrigin(v ssa.Value, field string) keySource {
	if w.fieldDepth > 3 {
		return keySource{} // a field traced through a field traced through …
	}
	w.fieldDepth++
	defer func() { w.fieldDepth-- }()
	if field == "" {
		return w.keyOrigin(v)
	}
	x := ssavalue.Unconvert(v)
	if p := paramOf(x); p != nil {
		x = p
	}
	if ld, ok := x.(*ssa.UnOp); ok && ld.Op == token.MUL {
		if _, isParam := ld.X.(*ssa.Parameter); isParam {
			x = ld.X
		} else if a, ok := ld.X.(*ssa.Alloc); ok && structOf(a.Type()) != nil {
			x = a // a struct variable read whole
		}
	}
	switch y := x.(type) {
	case *ssa.Parameter, *ssa.FreeVar:
		if k := w.execIndex(y); k != effect.NoExec {
			return keySource{param: k + 1, paramField: field}
		}
		return keySource{}
	}
	alloc := localStruct(x)
	if alloc == nil {
		return w.storedFieldOrigin(x.Type(), field)
	}
	if vals := w.keptFieldValues(alloc, field); len(vals) > 0 {
		var out keySource
		for _, val := range vals {
			o := w.keyOrigin(val)
			if o.random != "" {
				return o
			}
			if out.param == 0 && out.identity == "" {
				out = o
			}
		}
		return out
	}
	st := structOf(alloc.Type())
	if st == nil {
		return keySource{}
	}
	if idx := idField(st); idx >= 0 && st.Field(idx).Name() == field && !w.idTracing {
		w.idTracing = true
		k := w.idValueKey(alloc, idx, alloc)
		w.idTracing = false
		if k != nil {
			o := keySource{random: k.Random, identity: k.Identity, param: k.Param}
			if k.Random != "" {
				o.at = alloc.Pos()
			}
			return o
		}
	}
	return w.storedFieldOrigin(alloc.Type(), field)
}

// paramOf is the parameter v is: the parameter itself, or the cell a
// closure's capture spills it to, loaded (*t0 after *t0 = ev); nil
// otherwise.
func paramOf(v ssa.Value) *ssa.Parameter {
	v = ssavalue.Unconvert(v)
	if p, ok := v.(*ssa.Parameter); ok {
		return p
	}
	ld, ok := v.(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return nil
	}
	cell, ok := ld.X.(*ssa.Alloc)
	if !ok {
		return nil
	}
	return cellParam(cell)
}

// cellParam is the parameter a local cell holds (the function's copy of
// it, spilled: *t0 = arg), when that is the only value stored there.
func cellParam(cell *ssa.Alloc) *ssa.Parameter {
	var p *ssa.Parameter
	for _, r := range ssavalue.Referrers(cell) {
		if st, ok := r.(*ssa.Store); ok && st.Addr == cell {
			q, ok := st.Val.(*ssa.Parameter)
			if !ok || p != nil {
				return nil
			}
			p = q
		}
	}
	return p
}

// storedFieldOrigin is what the package stores into field of struct type
// t anywhere (storedRandom): the source of a value nothing closer says.
func (w *walker) storedFieldOrigin(t types.Type, field string) keySource {
	st := structOf(t)
	if st == nil {
		return keySource{}
	}
	for i := 0; i < st.NumFields(); i++ {
		if st.Field(i).Name() == field {
			if f := w.p.storedRandom(st, i); f.name != "" {
				return keySource{random: f.name, at: f.at}
			}
		}
	}
	return keySource{}
}

// structFieldArgs are, for the arguments of a call through an interface
// that are structs or pointers to one (h.Handle(ctx, &event)), their
// string-like fields that derive from a random source (RandomArgs) or
// from a parameter of this function (KeyParams): the implementation may
// key a claim or a request by one of them.
func (w *walker) structFieldArgs(args []ssa.Value) ([]effect.RandomArg, []effect.KeyParam) {
	var random []effect.RandomArg
	var params []effect.KeyParam
	for i, a := range args {
		if keyLike(a.Type()) {
			continue
		}
		st := structOf(a.Type())
		if st == nil || st.NumFields() > 32 {
			continue
		}
		for j := 0; j < st.NumFields(); j++ {
			f := st.Field(j)
			if !f.Exported() && f.Pkg() != nil && w.fn.Package() != nil && f.Pkg() != w.fn.Package().Pkg {
				continue
			}
			if !keyLike(f.Type()) {
				continue
			}
			o := w.fieldKeyOrigin(a, f.Name())
			switch {
			case o.random != "":
				random = append(random, effect.RandomArg{Index: i + 2, Field: f.Name(), Source: o.random, Expr: w.p.text.exprText(a) + "." + f.Name(), Pos: PosString(w.p.env.Fset, o.at)})
			case o.param != 0:
				params = append(params, effect.KeyParam{Index: i + 2, Param: o.param, Field: o.paramField, ArgField: f.Name()})
			}
		}
	}
	return random, params
}
