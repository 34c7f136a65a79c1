package summary

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/guard"
	"github.com/jobeffects/jobeffects/analyzer/rules"
	"github.com/jobeffects/jobeffects/analyzer/sqlclass"
)

// Key provenance across calls. A key is often made in one function and
// sent in another: the handler builds it and a client helper sets the
// header, a constructor stores it in the worker, a helper returns it. The
// trace of a key value therefore goes
//   - up to the callers, when it reaches a parameter: the callee's effect
//     says so (Key.Param) and each call site checks its argument
//     (resolveKey), so a uuid made two calls above the API call is
//     random-key where it is made;
//   - into the results of called functions: a summary says which random
//     or identity source its string-like results derive from
//     (RandomResult, IdentityResult);
//   - into the package's struct fields: a random value stored into a field
//     of a long-lived object (a worker's key made by its constructor) is
//     the source of a key read from that field (storedRandom).

// fieldOrigin is the random source a struct field is assigned from.
type fieldOrigin struct {
	name string
	at   token.Pos
}

// collectRandomFields records the struct fields the package assigns a
// random, time or attempt value to. Fields of job payloads are left out:
// a key made once at enqueue and carried in the payload is the same on
// every delivery of that job (a tagged field, a River args type).
func (p *Package) collectRandomFields(funcs []*ssa.Function) {
	// A field given an id that is filled only when the message lacks one
	// (fillempty.go) is not made random by it: that value is the
	// message's, the business key a create resolves.
	w := &walker{p: p, tracingBusinessKey: 1}
	ix := p.env.Index
	for _, fn := range funcs {
		w.fn = fn
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				st, ok := instr.(*ssa.Store)
				if !ok || !keyLike(st.Val.Type()) {
					continue
				}
				fa, ok := st.Addr.(*ssa.FieldAddr)
				if !ok {
					continue
				}
				f := fieldVar(fa)
				if f == nil || p.randomFields[f].name != "" || payloadField(fa) {
					continue
				}
				t := &trace{w: w, fn: ix.IsRandom, field: ix.IsRandomField, result: randomResult, seen: map[ssa.Value]bool{}}
				if s := t.source(st.Val, 0); s != "" {
					if p.randomFields == nil {
						p.randomFields = map[*types.Var]fieldOrigin{}
					}
					at := t.at
					if !at.IsValid() {
						at = st.Pos()
					}
					p.randomFields[f] = fieldOrigin{name: s + " (stored in " + f.Name() + ")", at: at}
				}
			}
		}
	}
}

// storedRandom returns the random source field i of struct type elem is
// assigned from in this package, if any.
func (p *Package) storedRandom(elem types.Type, i int) fieldOrigin {
	if len(p.randomFields) == 0 {
		return fieldOrigin{}
	}
	st, ok := elem.Underlying().(*types.Struct)
	if !ok || i >= st.NumFields() {
		return fieldOrigin{}
	}
	return p.randomFields[st.Field(i)]
}

// payloadField reports whether a field belongs to what a job carries: a
// field with a tag (marshalled), or a struct with a Kind method (River's
// JobArgs).
func payloadField(fa *ssa.FieldAddr) bool {
	ptr, ok := fa.X.Type().Underlying().(*types.Pointer)
	if !ok {
		return true
	}
	st, ok := ptr.Elem().Underlying().(*types.Struct)
	if !ok || fa.Field >= st.NumFields() {
		return true
	}
	if reflect.StructTag(st.Tag(fa.Field)) != "" {
		return true
	}
	obj, _, _ := types.LookupFieldOrMethod(ptr, true, nil, "Kind")
	_, isMethod := obj.(*types.Func)
	return isMethod
}

// clockTime reports whether t is time.Time, the value a clock returns.
func clockTime(t types.Type) bool {
	n, ok := t.(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "time" && n.Obj().Name() == "Time"
}

// keyLike reports whether a value of type t can be a key: a string, bytes
// or a fixed-size byte array (uuid.UUID), or a pointer to one.
func keyLike(t types.Type) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&types.IsString != 0
	case *types.Slice:
		b, ok := u.Elem().Underlying().(*types.Basic)
		return ok && b.Kind() == types.Byte
	case *types.Array:
		b, ok := u.Elem().Underlying().(*types.Basic)
		return ok && b.Kind() == types.Byte
	}
	return false
}

// resultOrigins sets the random and identity sources fn's key-like
// results derive from.
func (w *walker) resultOrigins(s *Summary) {
	results := w.fn.Signature.Results()
	any := false
	for i := 0; i < results.Len(); i++ {
		if keyLike(results.At(i).Type()) || clockTime(results.At(i).Type()) {
			any = true
		}
	}
	if !any {
		return
	}
	for _, b := range w.fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		for i, r := range ret.Results {
			if clockTime(results.At(i).Type()) {
				// A clock's wrapper (func (c *Clock) Now() time.Time,
				// returning an injected func's value in tests and
				// time.Now() otherwise): a key built from its value is
				// new on every delivery as one built from time.Now is.
				if o := w.keyOrigin(r); o.random != "" && s.RandomResult == "" {
					s.RandomResult = o.random
				}
				continue
			}
			if !keyLike(results.At(i).Type()) {
				continue
			}
			o := w.keyOrigin(r)
			if o.random != "" && s.RandomResult == "" {
				s.RandomResult = o.random
			}
			if o.identity != "" && s.IdentityResult == "" {
				s.IdentityResult = o.identity
			}
			if s.KeyResultParam == 0 {
				s.KeyResultParam, s.KeyResultField = w.keyResultField(r)
			}
		}
	}
}

// resolveKey decides, at a call, a callee's key that derives from one of
// its parameters: the argument passed here may be random (then the
// callee's key guard does not hold, and random-key is reported where the
// random value is made), the job's identity, or again a parameter.
func (w *walker) resolveKey(ci ssa.CallInstruction, e *effect.Effect, args, bindings []ssa.Value) {
	hadLasts := e.Key != nil && e.Key.Lasts != nil
	w.resolveKeyLasts(e, args, bindings) // keylasts.go
	w.resolveObjectKey(e, args, bindings)
	w.resolveKeyParams(e, args, bindings)
	w.resolveNewer(e, args, bindings)
	w.resolveStamps(e, args, bindings)  // stampclock.go
	w.resolveKeyCols(e, args, bindings) // keycols.go
	w.resolveDupKey(e, args, bindings)
	w.resolvePlanLink(e, args, bindings)
	w.resolveArgKeys(e, args, bindings)
	w.resolveGuardKey(ci, e, args, bindings)
	w.resolveArgsKey(ci, e, args, bindings)
	if nk, ok := w.resolvePathKey(e.MessageKey, args, bindings); ok {
		e.MessageKey = nk // msgpath.go
	}
	k := e.Key
	if nk, ok := w.resolvePathKey(k, args, bindings); ok {
		w.pathKeyResolved(e, nk) // msgpath.go
		return
	}
	if k == nil || k.Param == 0 || k.Random != "" || hadLasts {
		return
	}
	nk := *k
	nk.Param = 0
	e.Key = &nk
	v := pick(k.Param-1, args, bindings)
	if v == nil {
		return
	}
	o := w.keyOrigin(v)
	if k.IfSet && nonEmpty(v) {
		nk.IfSet = false // always sent from here on
	} else if k.IfSet && o.random == "" {
		if _, isParam := normalize(v).(*ssa.Parameter); isParam && o.param != 0 {
			nk.Param = o.param // the callers' argument decides
			return
		}
		// A value that may be empty (a stored field): the key is sent
		// only when it is set, so it guards nothing a reviewer can count on.
		if e.Guard != nil && e.Guard.Kind == effect.GuardKey {
			e.Guard = nil
		}
		e.Key = nil
		what := w.p.text.exprText(v)
		if what == "" {
			what = "the value passed"
		}
		e.Detail = effect.JoinDetail(e.Detail, "its idempotency key is sent only when set, and "+what+" may be empty")
		return
	}
	switch {
	case o.random != "":
		nk.Random = o.random
		pos := PosString(w.p.env.Fset, o.at)
		if pos == "" {
			pos = PosString(w.p.env.Fset, ci.Pos())
		}
		if e.Guard != nil && e.Guard.Kind == effect.GuardKey {
			e.Guard = nil
		}
		if e.Issue != "" || !e.Risk.NonIdempotent() {
			return
		}
		e.Issue, e.IssuePos = rules.RandomKey, pos
		callee := "the callee"
		if len(e.Path) > 1 {
			callee = e.Path[1].Func
		}
		w.pitfalls = append(w.pitfalls, guard.Pitfall{Rule: rules.RandomKey, Pos: pos, Message: fmt.Sprintf(
			"idempotency key %s, passed to %s, derives from %s: every delivery sends a new key, so the %s is not deduplicated; derive the key from the job's business identity",
			orExpr(w.p.text.exprText(v)), callee, o.random, e.Describe())})
	case o.identity != "":
		nk.Identity = o.identity
		if e.Guard != nil && e.Guard.Kind == effect.GuardKey && e.Guard.Note == "" {
			g := *e.Guard
			g.Note = effect.IdentityNote(o.identity)
			e.Guard = &g
		}
	default:
		nk.Param = o.param
	}
}

// nonEmpty reports whether a key value cannot be empty as a reviewer reads
// it: a non-empty constant, a value computed by a call (a checksum, a
// formatted string) or a concatenation with a non-empty constant.
func nonEmpty(v ssa.Value) bool {
	switch x := normalize(v).(type) {
	case *ssa.Const:
		return x.Value != nil && (x.Value.Kind() != constant.String || constant.StringVal(x.Value) != "")
	case *ssa.Call:
		return true
	case *ssa.BinOp:
		return x.Op == token.ADD && (nonEmpty(x.X) || nonEmpty(x.Y))
	}
	return false
}

// resolveObjectKey decides, at a call, the key of an object a callee
// overwrites when it derives from one of the callee's parameters: a
// random argument makes the overwrite a new object on every delivery
// (uploadBytes(ctx, uuid.NewString()+".pdf", body)); a parameter here
// again leaves it to this function's callers.
func (w *walker) resolveObjectKey(e *effect.Effect, args, bindings []ssa.Value) {
	keys := e.ObjectKeys
	e.ObjectKeys = nil
	var kept []*effect.Key
	for _, k := range keys {
		if k.Param == 0 {
			continue
		}
		v := pick(k.Param-1, args, bindings)
		if v == nil {
			continue
		}
		o := w.keyOrigin(v)
		switch {
		case o.random != "":
			dropOverwriteNotes(e, keys)
			newObject(e, w.p.text.exprText(v), o.random)
			return
		case o.param != 0:
			nk := *k
			nk.Param = o.param
			kept = append(kept, &nk)
		}
	}
	e.ObjectKeys = kept
}

// dropOverwriteNotes takes the overwrite notes of keys out of e's detail
// (the write turned out a new object).
func dropOverwriteNotes(e *effect.Effect, keys []*effect.Key) {
	for _, k := range keys {
		e.Detail = strings.TrimPrefix(strings.ReplaceAll(e.Detail, overwriteNote(e, k.Expr), ""), "; ")
		e.Detail = strings.ReplaceAll(e.Detail, "; ; ", "; ")
	}
}

// resolveKeyParams decides, at a call, the arguments a callee's call
// through an interface takes from the callee's parameters: a random
// argument here makes them the call's random arguments (then the
// implementation the whole-program phase resolves it to writes a new
// object under them); a parameter here again leaves them to this
// function's callers; anything else drops them.
func (w *walker) resolveKeyParams(e *effect.Effect, args, bindings []ssa.Value) {
	if len(e.KeyParams) == 0 {
		return
	}
	var kept []effect.KeyParam
	random := append([]effect.RandomArg(nil), e.RandomArgs...)
	for _, kp := range e.KeyParams {
		v := pick(kp.Param-1, args, bindings)
		if v == nil {
			continue
		}
		switch o := w.keyOrigin(v); {
		case o.random != "":
			ra := effect.RandomArg{Index: kp.Index, Source: o.random, Expr: w.p.text.exprText(v), Pos: PosString(w.p.env.Fset, o.at)}
			random = append(random, ra)
			if kp.ArgField != "" {
				ra.Field = kp.ArgField // the field too (a model's key_field)
				random = append(random, ra)
			}
		case o.param != 0:
			kept = append(kept, effect.KeyParam{Index: kp.Index, Param: o.param, ArgField: kp.ArgField})
		}
	}
	e.KeyParams, e.RandomArgs = kept, random
}

// ResolveKeyParams decides, where the whole-program phase resolves a call
// through an interface (call) to an implementation's effect e, itself a
// call through an interface, the arguments e takes from the
// implementation's parameters: what call passes there (random, or again
// a parameter of call's function) is what e passes (resolveKeyParams,
// for a static call).
func ResolveKeyParams(call, e *effect.Effect, method bool) {
	if len(e.KeyParams) == 0 {
		return
	}
	kps := e.KeyParams
	e.KeyParams = nil
	if !method {
		return
	}
	random := append([]effect.RandomArg(nil), e.RandomArgs...)
	for _, kp := range kps {
		for _, a := range call.RandomArgs {
			if a.Index == kp.Param && a.Field == kp.Field {
				random = append(random, effect.RandomArg{Index: kp.Index, Source: a.Source, Expr: a.Expr, Pos: a.Pos})
				if kp.ArgField != "" {
					random = append(random, effect.RandomArg{Index: kp.Index, Field: kp.ArgField, Source: a.Source, Expr: a.Expr, Pos: a.Pos})
				}
			}
		}
		for _, p := range call.KeyParams {
			if p.Index == kp.Param && p.Field == kp.Field {
				e.KeyParams = append(e.KeyParams, effect.KeyParam{Index: kp.Index, Param: p.Param, ArgField: kp.ArgField})
			} else if p.Index == kp.Param && kp.Field != "" && p.Field == "" {
				// The parameter itself passed on: its field still.
				e.KeyParams = append(e.KeyParams, effect.KeyParam{Index: kp.Index, Param: p.Param, Field: kp.Field, ArgField: kp.ArgField})
			}
		}
	}
	e.RandomArgs = random
}

// ResolveKey decides, where the whole-program phase resolves a call
// through an interface (call) to an implementation's effect e, e's
// idempotency key when it is one of the implementation's parameters: an
// argument from a random or time source there sends a new key on every
// delivery, so the key guards nothing (random-key, reported at the call:
// the pitfall returned); a parameter of call's function there leaves it
// to that function's callers (resolveKey, for a static call).
func ResolveKey(call, e *effect.Effect, method bool) *guard.Pitfall {
	if e.Key != nil && e.Key.Lasts != nil {
		ResolveKeyLasts(call, e, method) // keylasts.go
		return nil
	}
	k := e.Key
	if k == nil || k.Param == 0 || k.Random != "" {
		return nil
	}
	nk := *k
	nk.Param = 0
	e.Key = &nk
	if !method {
		return nil
	}
	for _, p := range call.KeyParams {
		if p.Index == k.Param {
			nk.Param = p.Param
		}
	}
	for _, a := range call.RandomArgs {
		if a.Index != k.Param {
			continue
		}
		nk.Param, nk.Random = 0, a.Source
		if e.Guard != nil && e.Guard.Kind == effect.GuardKey {
			e.Guard = nil
		}
		if e.Issue != "" || !e.Risk.NonIdempotent() {
			return nil
		}
		pos := a.Pos
		if pos == "" {
			pos = call.Evidence()
		}
		e.Issue, e.IssuePos = rules.RandomKey, pos
		callee := "the callee"
		if len(e.Path) > 1 {
			callee = e.Path[1].Func
		}
		return &guard.Pitfall{Rule: rules.RandomKey, Pos: pos, Message: fmt.Sprintf(
			"idempotency key %s, passed to %s, derives from %s: every delivery sends a new key, so the %s is not deduplicated; derive the key from the job's business identity",
			orExpr(a.Expr), callee, a.Source, e.Describe())}
	}
	return nil
}

// ResolveObjectKey decides, where the whole-program phase resolves a call
// through an interface (call) to an implementation's effect e, the key of
// the object e overwrites when it is one of the implementation's
// parameters: an argument from a random or time source makes every
// delivery write a new object (resolveObjectKey, for a static call).
func ResolveObjectKey(call, e *effect.Effect, method bool) {
	keys := e.ObjectKeys
	e.ObjectKeys = nil
	if !method {
		return
	}
	for _, k := range keys {
		if k.Param == 0 {
			continue
		}
		for _, a := range call.RandomArgs {
			if a.Index == k.Param {
				dropOverwriteNotes(e, keys)
				newObject(e, a.Expr, a.Source)
				return
			}
		}
	}
}

// newerValue decides a write-if-newer upsert's compared value, the
// argument v given for its parameter: new on every delivery (a time or
// random source), the upsert is the increment its SET is; from a
// parameter, the callers decide (resolveNewer).
func (w *walker) newerValue(e *effect.Effect, v ssa.Value, at ssa.Instruction) {
	e.NewerThan = nil
	if v == nil {
		notNewer(e, "the value it compares is not known here")
		return
	}
	k := w.keyFrom(v, at)
	switch {
	case k.Random != "":
		notNewer(e, "the value it compares, "+orExpr(k.Expr)+", derives from "+k.Random+": new on every delivery")
	case k.Param != 0:
		e.NewerThan = k
	}
}

// resolveNewer decides, at a call, a callee's write-if-newer upsert whose
// compared value is one of its parameters.
func (w *walker) resolveNewer(e *effect.Effect, args, bindings []ssa.Value) {
	k := e.NewerThan
	if k == nil || k.Param == 0 {
		return
	}
	v := pick(k.Param-1, args, bindings)
	if v == nil {
		e.NewerThan = nil
		return
	}
	o := w.keyOrigin(v)
	switch {
	case o.random != "":
		e.NewerThan = nil
		notNewer(e, "the value it compares, "+orExpr(w.p.text.exprText(v))+", derives from "+o.random+": new on every delivery")
	case o.param != 0:
		nk := *k
		nk.Param = o.param
		e.NewerThan = &nk
	default:
		e.NewerThan = nil
	}
}

// notNewer makes a write-if-newer upsert the increment its SET is.
func notNewer(e *effect.Effect, why string) {
	e.Op, e.Risk = string(sqlclass.UpsertIncrement), effect.Medium
	e.Detail = effect.JoinDetail(e.Detail, "but "+why+", so the update applies again")
}
