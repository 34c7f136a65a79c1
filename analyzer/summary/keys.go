package summary

import (
	"go/token"
	"go/types"
	"reflect"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/models"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"

	"github.com/jobeffects/jobeffects/analyzer/effect"
)

// headerKey finds req.Header.Set/Add("Idempotency-Key", v): a header the
// catalog names as one receivers deduplicate on (idempotency_headers in
// net.yaml).
func (w *walker) headerKey(req ssa.Value) *effect.Key {
	for _, call := range headerSets(normalize(req)) {
		if w.p.env.Index.IdempotencyHeader(constOr(call.Call.Args, 1)) {
			k := w.keyFrom(call.Call.Args[2], call)
			k.IfSet = testedBefore(call, call.Call.Args[2]) && !nonEmpty(call.Call.Args[2])
			if _, isParam := normalize(call.Call.Args[2]).(*ssa.Parameter); k.IfSet && !isParam && k.Random == "" {
				return nil // sent only when set, and what is sent (a stored field) may be empty
			}
			return k
		}
	}
	return nil
}

// testedBefore reports whether the instruction at runs only on a branch of
// a test of v (if len(key) > 0, if key != ""): a block that dominates at's
// ends in an If whose condition reads v, directly or through len(v).
func testedBefore(at ssa.Instruction, v ssa.Value) bool {
	v = normalize(v)
	b := at.Block()
	for d := b.Idom(); d != nil; d = d.Idom() {
		iff, ok := d.Instrs[len(d.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		bin, ok := iff.Cond.(*ssa.BinOp)
		if !ok {
			continue
		}
		for _, x := range []ssa.Value{bin.X, bin.Y} {
			x = normalize(x)
			if sameValue(x, v, 0) {
				return true
			}
			if c, ok := x.(*ssa.Call); ok {
				if bi, ok := c.Call.Value.(*ssa.Builtin); ok && bi.Name() == "len" && len(c.Call.Args) == 1 && sameValue(normalize(c.Call.Args[0]), v, 0) {
					return true
				}
			}
		}
	}
	return false
}

// paramsKey finds the idempotency key set on API parameters: a store to the
// embedded Params.IdempotencyKey field or a SetIdempotencyKey call.
func (w *walker) paramsKey(params ssa.Value) *effect.Key {
	if params == nil {
		return nil
	}
	params = normalize(params)
	var found *effect.Key
	var visit func(v ssa.Value, depth int)
	visit = func(v ssa.Value, depth int) {
		if depth > 3 || found != nil {
			return
		}
		for _, r := range ssavalue.Referrers(v) {
			switch x := r.(type) {
			case *ssa.FieldAddr:
				if x.X != v {
					continue
				}
				if ssavalue.FieldName(x) == "IdempotencyKey" {
					for _, st := range ssavalue.FieldStores(v, "IdempotencyKey") {
						found = w.keyFrom(st.Val, st)
					}
					continue
				}
				visit(x, depth+1)
				// A nested struct literal is built in a local and copied in:
				// *field = *local.
				for _, fr := range ssavalue.Referrers(x) {
					if st, ok := fr.(*ssa.Store); ok && st.Addr == x {
						if load, ok := st.Val.(*ssa.UnOp); ok && load.Op == token.MUL {
							visit(load.X, depth+1)
						}
					}
				}
			case *ssa.Call:
				callee := x.Call.StaticCallee()
				if callee == nil || callee.Object() == nil || callee.Object().Name() != "SetIdempotencyKey" {
					continue
				}
				if len(x.Call.Args) == 2 && x.Call.Args[0] == v {
					found = w.keyFrom(x.Call.Args[1], x)
				}
			}
		}
	}
	visit(params, 0)
	return found
}

// keyFrom describes a key value: its source text, where it is set, and the
// random or time source it derives from, if any. A key that derives from
// nothing known here but a parameter names it (Key.Param), so that the
// callers check what they pass (resolveKey).
func (w *walker) keyFrom(v ssa.Value, at ssa.Instruction) *effect.Key {
	// Unwrap pointer helpers (stripe.String, aws.String): the key is their argument.
	inner := v
	if call, ok := v.(*ssa.Call); ok {
		if callee := call.Call.StaticCallee(); callee != nil && callee.Object() != nil && callee.Object().Name() == "String" && len(call.Call.Args) == 1 {
			inner = call.Call.Args[0]
		}
	}
	k := &effect.Key{Expr: w.p.text.exprText(inner), Pos: PosString(w.p.env.Fset, at.Pos())}
	if k.Pos == "" {
		k.Pos = PosString(w.p.env.Fset, v.Pos())
	}
	o := w.keyOrigin(inner)
	k.Random, k.Identity, k.Param = o.random, o.identity, o.param
	return k
}

// keySource is what a key value derives from.
type keySource struct {
	random   string    // the random, time or attempt source, or ""
	at       token.Pos // where that source is
	identity string    // the job-identity source, when not random
	param    int       // 1-based parameter (receiver first, then free variables) it also derives from; 0 none
	// paramField: the value derives from that field of the parameter (a
	// struct, or a pointer to one), read directly off it.
	paramField string
	expr       string // the key's source text, where a caller sets it
	params     []paramRef
}

// keyOrigin traces a key value to its sources.
func (w *walker) keyOrigin(v ssa.Value) keySource {
	ix := w.p.env.Index
	t := &trace{w: w, fn: ix.IsRandom, field: ix.IsRandomField, result: randomResult, idSource: keyRandom, random: true, fields: true, seen: map[ssa.Value]bool{}}
	var o keySource
	if s := t.source(v, 0); s != "" {
		if name, ok := strings.CutSuffix(s, fieldMark); ok {
			s = name[strings.LastIndexByte(name, '.')+1:] + " (changes on every delivery)"
		}
		o.random, o.at = s, t.at
		return o
	}
	o.param, o.paramField, o.params = t.param, t.paramField, t.params
	t = &trace{w: w, fn: ix.IsIdentity, field: ix.IsIdentityField, result: identityResult, idSource: keyIdentity, identity: true, seen: map[ssa.Value]bool{}}
	o.identity = strings.TrimSuffix(t.source(v, 0), fieldMark)
	return o
}

func randomResult(s *Summary) string   { return s.RandomResult }
func keyRandom(k *effect.Key) string   { return k.Random }
func keyIdentity(k *effect.Key) string { return k.Identity }
func identityResult(s *Summary) string { return s.IdentityResult }

// fieldMark ends the name source returns for a field.
const fieldMark = " (field)"

// trace follows a value back through the operations that build it, to a
// call or field fn and field accept. It goes into the results of the
// package's and imported functions (their summaries' result), and, with
// fields, to the values the package stores into a struct field it reads
// (a worker's key made once by its constructor).
type trace struct {
	w      *walker
	fn     func(*types.Func) bool
	field  func(types.Type, string) bool
	result func(*Summary) string
	// paramRoute: a field read off a parameter other than the receiver
	// is left to the callers (what they pass there), not taken from what
	// the package stores into that field elsewhere (keyResultField).
	paramRoute bool
	// idSource is the source of the kind traced in a key (Random or
	// Identity).
	idSource func(*effect.Key) string
	fields   bool
	seen     map[ssa.Value]bool
	at       token.Pos // where the source found is
	param    int       // the first parameter reached (1-based), 0 none
	// paramField is the field the first parameter reached was read at
	// (event.ID), "" when the parameter itself was reached.
	paramField string
	// params are all the parameters reached (with the field read off
	// one, "" for the whole), in order.
	params []paramRef
	// random: t looks for random sources (invokeRandom).
	random bool
	// clock: t looks for the database clock (stampclock.go): a value
	// scanned from a query that only reads it, the package's functions
	// returning one, the fields only ever given one.
	clock bool
	// identity: t looks for the job's identity, which a day-granular read
	// of a time does not end (clockday.go).
	identity bool
	// throughDay: t goes on through a day-granular read of a time and
	// into every argument of a call (clockday.go dayParams), where
	// otherwise it stops there.
	throughDay bool
}

// source returns the name of the function or field, among those fn and
// field accept, that v derives from, or "".
func (t *trace) source(v ssa.Value, depth int) string {
	if v == nil || t.seen[v] || depth > 24 {
		return ""
	}
	t.seen[v] = true
	rec := func(vs ...ssa.Value) string {
		for _, x := range vs {
			if r := t.source(x, depth+1); r != "" {
				return r
			}
		}
		return ""
	}
	found := func(name string, at token.Pos) string {
		t.at = at
		return name
	}
	switch x := v.(type) {
	case *ssa.Parameter:
		if t.param == 0 {
			t.param = paramIndex(t.w.fn, x) + 1
		}
		t.reached(paramIndex(t.w.fn, x)+1, "")
	case *ssa.FreeVar:
		if t.param == 0 {
			for i, fv := range t.w.fn.FreeVars {
				if fv == x {
					t.param = len(t.w.fn.Params) + i + 1
				}
			}
		}
	case *ssa.Call:
		c := x.Call
		if !t.identity && !t.throughDay && dayGranular(&c) {
			return "" // the calendar day of a time: the same all day (clockday.go)
		}
		args := c.Args
		if callee := c.StaticCallee(); callee != nil {
			if obj, ok := callee.Object().(*types.Func); ok && obj != nil && t.fn(obj) {
				return found(FuncName(obj), x.Pos())
			}
			s := t.w.summaryOf(callee)
			if s != nil && s.KeyResultField != "" && s.KeyResultParam > 0 && s.KeyResultParam <= len(c.Args) {
				// A key helper that reads one field of its argument
				// ("prefix:" + event.ID): that field of what is passed,
				// rather than what the package stores into that field
				// anywhere (its RandomResult).
				i := s.KeyResultParam - 1
				if r := t.fieldSource(c.Args[i], s.KeyResultField, x.Pos()); r != "" {
					return r
				}
				rest := append(append([]ssa.Value(nil), c.Args[:i]...), c.Args[i+1:]...)
				return rec(rest...)
			}
			if s != nil && t.result(s) != "" {
				return found(t.result(s)+" (in "+SSAName(callee)+")", x.Pos())
			}
			if t.clock {
				if r := t.w.clockReturned(callee, v, depth); r != "" {
					return found(r+" (in "+SSAName(callee)+")", x.Pos())
				}
			}
			if !t.identity && !t.throughDay {
				args = withoutDayParams(args, s)
			}
		} else if c.IsInvoke() {
			if t.fn(c.Method) {
				return found(FuncName(c.Method), x.Pos())
			}
			if t.random {
				if r := t.w.p.invokeRandom(c.Method); r != "" {
					return found(r, x.Pos())
				}
			}
			if r := rec(c.Value); r != "" {
				return r
			}
		}
		return rec(args...)
	case *ssa.BinOp:
		return rec(x.X, x.Y)
	case *ssa.MakeInterface:
		return rec(x.X)
	case *ssa.ChangeType:
		return rec(x.X)
	case *ssa.Convert:
		return rec(x.X)
	case *ssa.ChangeInterface:
		return rec(x.X)
	case *ssa.Extract:
		return rec(x.Tuple)
	case *ssa.Slice:
		return rec(x.X)
	case *ssa.Field:
		if t.clock {
			if r := t.w.clockField(x.X.Type(), x.Field); r != "" {
				return found(r, x.Pos())
			}
		}
		if name := ssavalue.FieldAt(x.X.Type(), x.Field); name != "" && t.field(x.X.Type(), name) {
			return found(typeShort(x.X.Type())+"."+name+fieldMark, x.Pos())
		}
		t.fieldOfParam(x.X, ssavalue.FieldAt(x.X.Type(), x.Field))
		if t.paramRoute && t.argParam(x.X) {
			return ""
		}
		if r := t.resultArgField(x.X, ssavalue.FieldAt(x.X.Type(), x.Field), depth); r != "" {
			return r
		}
		return rec(x.X)
	case *ssa.FieldAddr:
		elem := x.X.Type().Underlying().(*types.Pointer).Elem()
		if t.clock {
			if r := t.w.clockField(elem, x.Field); r != "" {
				return found(r, x.Pos())
			}
			if r := t.localClock(x, depth); r != "" {
				return r
			}
		}
		if name := ssavalue.FieldName(x); name != "" && t.field(elem, name) {
			return found(typeShort(elem)+"."+name+fieldMark, x.Pos())
		}
		t.fieldOfParam(x.X, ssavalue.FieldName(x))
		if t.paramRoute && t.argParam(x.X) {
			return "" // the field of what each caller passes
		}
		if r := t.idFieldSource(x); r != "" {
			return r
		}
		if r := t.resultArgField(x.X, ssavalue.FieldName(x), depth); r != "" {
			return r
		}
		if alloc := localStruct(x.X); alloc != nil {
			// A local struct whose field is stored here (ev :=
			// &Event{ID: …}): what is stored there, not what the
			// package stores into that field elsewhere, nor its other
			// fields.
			if vals := t.w.keptFieldValues(alloc, ssavalue.FieldName(x)); len(vals) > 0 {
				return rec(vals...)
			}
		}
		// A struct filled by another package's decoder
		// (json.Unmarshal(t.Payload(), &data)) holds what the decoded
		// bytes say, not what this package stores into that field
		// elsewhere (the producer that made the payload).
		// A struct parameter passed by value (a generated method's
		// params, InsertBounce(ctx, arg)) holds what each caller puts in
		// it, decided at the call (resolveKeyValue), not what one of
		// them stores there (p.MessageID = uuid.NewString() in another
		// handler).
		if t.fields && !decodedInto(x.X, x.Field, t.w.fn.Pkg) && !byValueParam(x.X) {
			if f := t.w.p.storedRandom(elem, x.Field); f.name != "" {
				return found(f.name, f.at)
			}
		}
		if alloc := localStruct(x.X); alloc != nil && t.random && !storedWhole(alloc) {
			// One field of a local struct read as the key
			// (ev.IdempotencyKey): the random values stored into its
			// other fields (ev.EventID = ulid.Make() for a legacy
			// payload) are not in it. The parameters they reach still
			// tell the callers what the struct is built from.
			t.paramsOnly(x.X, depth)
			return ""
		}
		return rec(x.X)
	case *ssa.IndexAddr:
		return rec(x.X)
	case *ssa.Index:
		return rec(x.X)
	case *ssa.UnOp:
		return rec(x.X)
	case *ssa.Phi:
		return rec(t.w.phiKept(x)...)
	case *ssa.MakeMap:
		// A map the function fills (a literal, m[k] = v after it) and
		// hands on whole — to a key generator that hashes or encodes
		// every entry: the keys and values stored into it. One stamped
		// with time.Now() makes the whole a new value on every call.
		var stored []ssa.Value
		for _, r := range ssavalue.Referrers(x) {
			if up, ok := r.(*ssa.MapUpdate); ok && up.Map == x {
				stored = append(stored, up.Key, up.Value)
			}
		}
		return rec(stored...)
	case *ssa.Alloc:
		if t.clock {
			if r := t.w.clockScanned(x); r != "" {
				return found(r, x.Pos())
			}
		}
		// Values stored into a local (varargs arrays, address-taken vars).
		var stored []ssa.Value
		for _, r := range ssavalue.Referrers(x) {
			switch y := r.(type) {
			case *ssa.Store:
				stored = append(stored, y.Val)
			case *ssa.IndexAddr, *ssa.FieldAddr:
				for _, rr := range ssavalue.Referrers(y.(ssa.Value)) {
					if st, ok := rr.(*ssa.Store); ok && !t.w.fillsEmpty(st) {
						stored = append(stored, st.Val)
					}
				}
			}
		}
		return rec(stored...)
	}
	return ""
}

// storedWhole reports whether a value is stored into the local struct
// alloc as a whole (*ev = other).
func storedWhole(alloc *ssa.Alloc) bool {
	for _, r := range ssavalue.Referrers(alloc) {
		if st, ok := r.(*ssa.Store); ok && st.Addr == alloc {
			return true
		}
	}
	return false
}

// paramsOnly traces v for the parameters it reaches, as source would,
// but finds no source: the parameters reached are recorded on t.
func (t *trace) paramsOnly(v ssa.Value, depth int) {
	sub := *t
	sub.fn = func(*types.Func) bool { return false }
	sub.field = func(types.Type, string) bool { return false }
	sub.result = func(*Summary) string { return "" }
	sub.random, sub.fields, sub.clock = false, false, false
	sub.seen[v] = false
	sub.source(v, depth+1)
	t.param, t.paramField, t.params = sub.param, sub.paramField, sub.params
}

// localStruct is the local struct v is, or the one the variable v is
// loaded from holds (ev := &Event{…} captured by a closure: a cell that
// is stored the literal once); nil otherwise.
// resultArgField traces field name of a call's result (savedRecipe.ID,
// savedRecipe, _ := q.CreateRecipe(ctx, CreateRecipeParams{ID:
// uuid.New()…})) to that field of a local struct the call is given: a
// create returns the row it was given, so the row's id is as new on each
// delivery as the id it was handed (socialchef's recipe_parts key
// (recipe_id, display_order) then repeats nothing). Only a source found
// there counts; otherwise the result is traced as before.
func (t *trace) resultArgField(base ssa.Value, name string, depth int) string {
	if name == "" {
		return ""
	}
	call := resultCall(base, 0)
	if call == nil {
		return ""
	}
	for _, a := range call.Call.Args {
		a = ssavalue.Unconvert(a)
		alloc := localStruct(a)
		if ld, ok := a.(*ssa.UnOp); ok && alloc == nil && ld.Op == token.MUL {
			alloc, _ = ld.X.(*ssa.Alloc) // a literal passed by value
		}
		if alloc == nil {
			continue
		}
		for _, v := range localFieldValues(alloc, name, 0) {
			if r := t.source(v, depth+1); r != "" {
				return r
			}
		}
	}
	return ""
}

// resultCall is the call whose result v is: the call, its result
// extracted, or a local variable holding either.
func resultCall(v ssa.Value, depth int) *ssa.Call {
	if depth > 3 {
		return nil
	}
	switch x := ssavalue.Unconvert(v).(type) {
	case *ssa.Call:
		return x
	case *ssa.Extract:
		c, _ := x.Tuple.(*ssa.Call)
		return c
	case *ssa.UnOp:
		if x.Op == token.MUL {
			return resultCall(x.X, depth+1)
		}
	case *ssa.Alloc:
		var val ssa.Value
		for _, r := range ssavalue.Referrers(x) {
			if st, ok := r.(*ssa.Store); ok && st.Addr == x {
				if val != nil {
					return nil
				}
				val = st.Val
			}
		}
		if val != nil {
			return resultCall(val, depth+1)
		}
	}
	return nil
}

func localStruct(v ssa.Value) *ssa.Alloc {
	switch x := v.(type) {
	case *ssa.Alloc:
		return x
	case *ssa.UnOp:
		cell, ok := x.X.(*ssa.Alloc)
		if !ok || x.Op != token.MUL {
			return nil
		}
		var lit *ssa.Alloc
		for _, r := range ssavalue.Referrers(cell) {
			if st, ok := r.(*ssa.Store); ok && st.Addr == cell {
				a, ok := st.Val.(*ssa.Alloc)
				if !ok || lit != nil {
					return nil
				}
				lit = a
			}
		}
		return lit
	}
	return nil
}

// decodedInto reports whether v, a struct's address (a local, or one a
// closure captured), is filled only by calls into other packages given
// that address (json.Unmarshal(b, &v), a codec's Decode): its fields are
// what those calls decode. A store into the field (or into the whole
// struct) leaves it to the other rules; so does a call of pkg's own (it
// may store a random value into the field) or a call through an
// interface or func value.
func decodedInto(v ssa.Value, field int, pkg *ssa.Package) bool {
	if fv, ok := v.(*ssa.FreeVar); ok {
		v = ssavalue.Binding(fv)
	}
	alloc, ok := v.(*ssa.Alloc)
	if !ok {
		return false
	}
	addrs := []ssa.Value{alloc}
	calls := 0
	for i := 0; i < len(addrs); i++ {
		for _, r := range ssavalue.Referrers(addrs[i]) {
			switch u := r.(type) {
			case *ssa.MakeInterface:
				if i == 0 {
					addrs = append(addrs, u)
				}
			case *ssa.Store:
				if u.Addr == addrs[i] {
					return false
				}
			case *ssa.FieldAddr:
				if u.Field == field {
					for _, fr := range ssavalue.Referrers(u) {
						if st, ok := fr.(*ssa.Store); ok && st.Addr == u {
							return false
						}
					}
				}
			case ssa.CallInstruction:
				callee := u.Common().StaticCallee()
				if callee == nil || callee.Pkg == nil || callee.Pkg == pkg {
					return false
				}
				calls++
			}
		}
	}
	return calls > 0
}

// localFieldValues are the values stored into field name of a local
// struct: into the field itself, or into that field of the literal the
// struct is copied from (ev := Event{…}: *ev = *complit); nil when the
// struct is stored whole from anything else.
func localFieldValues(alloc *ssa.Alloc, name string, depth int) []ssa.Value {
	var whole []*ssa.Store
	for _, r := range ssavalue.Referrers(alloc) {
		if st, ok := r.(*ssa.Store); ok && st.Addr == alloc {
			whole = append(whole, st)
		}
	}
	if len(whole) > 0 {
		if len(whole) != 1 || depth > 2 {
			return nil
		}
		ld, ok := whole[0].Val.(*ssa.UnOp)
		if !ok || ld.Op != token.MUL {
			return nil
		}
		lit, ok := ld.X.(*ssa.Alloc)
		if !ok || lit == alloc {
			return nil
		}
		return localFieldValues(lit, name, depth+1)
	}
	var vals []ssa.Value
	for _, st := range ssavalue.FieldStores(alloc, name) {
		vals = append(vals, st.Val)
	}
	return vals
}

// fieldSource traces field name of the struct v is (or points to): a
// parameter is recorded with its field; a local struct's field is traced
// (fieldKeyOrigin) for the kind of source t looks for.
func (t *trace) fieldSource(v ssa.Value, name string, at token.Pos) string {
	o := t.w.fieldKeyOrigin(v, name)
	if t.param == 0 && o.param != 0 {
		t.param, t.paramField = o.param, o.paramField
	}
	probe := &effect.Key{Random: o.random, Identity: o.identity}
	if s := t.kindOf(probe); s != "" {
		t.at = o.at
		if !t.at.IsValid() {
			t.at = at
		}
		return s
	}
	return ""
}

// argParam reports whether v is a parameter of the function other than
// its receiver (a value each call passes, not the long-lived object the
// method runs on).
func (t *trace) argParam(v ssa.Value) bool {
	p := paramOf(v)
	if p == nil {
		return false
	}
	fn := t.w.fn
	return !(fn.Signature.Recv() != nil && len(fn.Params) > 0 && fn.Params[0] == p)
}

// byValueParam reports whether v is the cell of a struct parameter
// passed by value: a copy each caller fills.
func byValueParam(v ssa.Value) bool {
	cell, ok := v.(*ssa.Alloc)
	if !ok {
		return false
	}
	p := cellParam(cell)
	if p == nil {
		return false
	}
	_, ok = p.Type().Underlying().(*types.Struct)
	return ok
}

// fieldOfParam records, when v is a parameter and none was reached
// yet, that the value is its field name.
func (t *trace) fieldOfParam(v ssa.Value, name string) {
	if name == "" {
		return
	}
	if p := paramOf(v); p != nil {
		t.reached(paramIndex(t.w.fn, p)+1, name)
	}
	if t.param != 0 {
		return
	}
	if p := paramOf(v); p != nil {
		if i := paramIndex(t.w.fn, p); i >= 0 {
			t.param, t.paramField = i+1, name
		}
	}
}

// idFieldSource is the source the id field of a local struct derives
// from when a converter's result fills it (ev := toEvent(msg); ev.ID:
// Summary.IDResult), "" otherwise.
func (t *trace) idFieldSource(x *ssa.FieldAddr) string {
	alloc, ok := x.X.(*ssa.Alloc)
	if !ok || t.w.idTracing {
		return ""
	}
	st := structOf(alloc.Type())
	if st == nil || idField(st) != x.Field {
		return ""
	}
	t.w.idTracing = true
	k := t.w.idValueKey(alloc, x.Field, x)
	t.w.idTracing = false
	if k == nil {
		return ""
	}
	probe := &effect.Key{Random: k.Random, Identity: k.Identity}
	if s := t.kindOf(probe); s != "" {
		t.at = x.Pos()
		return s
	}
	return ""
}

func paramIndex(fn *ssa.Function, p *ssa.Parameter) int {
	for i, q := range fn.Params {
		if q == p {
			return i
		}
	}
	return -1
}

// fieldKey reads a dedup key stored into field of a struct-literal
// argument (&sqs.SendMessageInput{MessageDeduplicationId: aws.String(k)}).
func (w *walker) fieldKey(v ssa.Value, field string) *effect.Key {
	if v == nil {
		return nil
	}
	v = normalize(v)
	var alloc *ssa.Alloc
	switch x := v.(type) {
	case *ssa.Alloc:
		alloc = x
	case *ssa.UnOp:
		alloc, _ = x.X.(*ssa.Alloc)
	}
	if alloc == nil {
		return nil
	}
	for _, st := range ssavalue.FieldStores(alloc, field) {
		return w.keyFrom(st.Val, st)
	}
	return nil
}

// optionKey finds a key passed through an option function among the
// call's arguments (nats.MsgId(k), jetstream.WithMsgID(k)).
func (w *walker) optionKey(args []ssa.Value, options []string) *effect.Key {
	for _, a := range args {
		vals := ssavalue.SliceElems(a)
		if vals == nil {
			vals = []ssa.Value{a}
		}
		for _, v := range vals {
			call, ok := normalize(v).(*ssa.Call)
			if !ok || len(call.Call.Args) == 0 {
				continue
			}
			callee := call.Call.StaticCallee()
			if callee == nil || callee.Object() == nil {
				continue
			}
			key := models.FuncKey(callee.Object().(*types.Func))
			for _, o := range options {
				if o == key {
					return w.keyFrom(call.Call.Args[0], call)
				}
			}
		}
	}
	return nil
}

// bodyKeyNames are the JSON field names and Go field names of an
// idempotency key sent in a request body.
var bodyKeyNames = map[string]bool{"idempotency_key": true, "idempotencykey": true, "idempotency-key": true}

// marshalledValue is the value a JSON request body was marshalled from
// (marshalled), seen through its conversion to interface and the load of
// a struct literal's local; nil when the body is not json.Marshal's.
func marshalledValue(body ssa.Value) ssa.Value {
	v := marshalled(body, 0)
	if v == nil {
		return nil
	}
	if mi, ok := v.(*ssa.MakeInterface); ok {
		v = mi.X
	}
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
		v = load.X // a struct value copied from its literal's local
	}
	return v
}

// bodyKey finds an idempotency key in a JSON request body: the body is a
// reader over json.Marshal of a struct whose field (by name or json tag) or
// a map whose key is idempotency_key / IdempotencyKey / idempotencyKey.
func (w *walker) bodyKey(body ssa.Value) *effect.Key {
	return w.marshalledKey(marshalledValue(body), bodyKeyNames)
}

// activityIDNames are the names of an ActivityStreams object's id.
var activityIDNames = map[string]bool{"id": true}

// activityKey finds the key of a request whose Content-Type header is one
// the catalog names as a body whose id the receiver deduplicates on
// (dedup_content_types: ActivityPub's activity media types; the
// specification has an inbox drop an activity whose id it has seen): the
// id of the object marshalled here (a struct field or map key "id"), or,
// for bytes handed in as they are, the bytes themselves, whose id is the
// same on every delivery that sends the same bytes. A body marshalled
// here with no id read stays without a key.
func (w *walker) activityKey(req, body ssa.Value) *effect.Key {
	if body == nil || req == nil {
		return nil
	}
	var typed *ssa.Call
	for _, call := range headerSets(normalize(req)) {
		if strings.EqualFold(constOr(call.Call.Args, 1), "Content-Type") && w.p.env.Index.DedupContentType(constOr(call.Call.Args, 2)) {
			typed = call
		}
	}
	if typed == nil {
		return nil
	}
	if v := marshalledValue(body); v != nil {
		return w.marshalledKey(v, activityIDNames)
	}
	raw := sentBytes(body, 0)
	if raw == nil {
		return nil
	}
	return w.keyFrom(raw, typed)
}

// sentBytes is the []byte or string a request body reads (bytes.NewReader,
// bytes.NewBuffer, strings.NewReader, conversions), or nil when the body
// is anything else.
func sentBytes(v ssa.Value, depth int) ssa.Value {
	if v == nil || depth > 6 {
		return nil
	}
	v = ssavalue.Unconvert(v)
	switch x := v.(type) {
	case *ssa.Convert:
		return sentBytes(x.X, depth+1)
	case *ssa.Call:
		data := readerData(x)
		if data == nil {
			return nil
		}
		inner := ssavalue.Unconvert(data)
		if c, ok := inner.(*ssa.Convert); ok {
			inner = c.X
		}
		if _, isCall := inner.(*ssa.Call); isCall {
			return nil // made here by a call: not bytes handed in
		}
		if _, isExtract := inner.(*ssa.Extract); isExtract {
			return nil
		}
		return inner
	}
	return nil
}

// readerData is the []byte or string that call reads when call makes a
// reader over it (bytes.NewReader, bytes.NewBuffer, bytes.NewBufferString,
// strings.NewReader), else nil. A request body is one of these in most
// code; sentBytes and marshalled both look through it.
func readerData(call *ssa.Call) ssa.Value {
	callee := call.Call.StaticCallee()
	if callee == nil || callee.Object() == nil || len(call.Call.Args) == 0 {
		return nil
	}
	switch callee.Object().(*types.Func).FullName() {
	case "bytes.NewReader", "bytes.NewBuffer", "strings.NewReader", "bytes.NewBufferString":
		return call.Call.Args[0]
	}
	return nil
}

// marshalledKey finds, in the value v a body was marshalled from, the
// key under one of names: a map literal's key or a struct field (by name
// or json tag).
func (w *walker) marshalledKey(v ssa.Value, names map[string]bool) *effect.Key {
	if v == nil {
		return nil
	}
	// A map literal: m["idempotency_key"] = k.
	for _, r := range ssavalue.Referrers(v) {
		if up, ok := r.(*ssa.MapUpdate); ok && up.Map == v && names[strings.ToLower(constOr([]ssa.Value{up.Key}, 0))] {
			return w.keyFrom(up.Value, up)
		}
	}
	ptr, ok := v.Type().Underlying().(*types.Pointer)
	if !ok {
		return nil
	}
	st, ok := ptr.Elem().Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		name := strings.ToLower(f.Name())
		if tag := reflectTagJSON(st.Tag(i)); tag != "" {
			name = strings.ToLower(tag)
		}
		if !names[name] {
			continue
		}
		for _, store := range ssavalue.FieldStores(v, f.Name()) {
			return w.keyFrom(store.Val, store)
		}
	}
	return nil
}

// marshalled is the value a request body was marshalled from: through
// bytes.NewReader/NewBuffer, strings.NewReader, a []byte/string conversion
// and json.Marshal.
func marshalled(v ssa.Value, depth int) ssa.Value {
	if v == nil || depth > 6 {
		return nil
	}
	v = ssavalue.Unconvert(v)
	switch x := v.(type) {
	case *ssa.Convert:
		return marshalled(x.X, depth+1)
	case *ssa.Extract:
		return marshalled(x.Tuple, depth+1)
	case *ssa.Call:
		if data := readerData(x); data != nil {
			return marshalled(data, depth+1)
		}
		if callee := x.Call.StaticCallee(); callee != nil && callee.Object() != nil && len(x.Call.Args) > 0 &&
			callee.Object().(*types.Func).FullName() == "encoding/json.Marshal" {
			return x.Call.Args[0]
		}
	}
	return nil
}

// reflectTagJSON is the name in a struct tag's json key ("" if none).
func reflectTagJSON(tag string) string {
	name, _, _ := strings.Cut(reflect.StructTag(tag).Get("json"), ",")
	return name
}

// typeShort names a struct type by package name: "rivertype.JobRow".
func typeShort(t types.Type) string {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	return types.TypeString(t, func(p *types.Package) string { return p.Name() })
}

// paramRef is a parameter reached (1-based, receiver first) and the field
// read off it ("" for the parameter itself).
type paramRef struct {
	param int
	field string
}

func (t *trace) reached(param int, field string) {
	if param > 0 {
		t.params = append(t.params, paramRef{param, field})
	}
}

// soleArgParam is the one parameter other than fn's receiver that the
// params reach, and the field read off it when every reach reads that
// field; ok is false when none or several are reached.
func soleArgParam(fn *ssa.Function, params []paramRef) (paramRef, bool) {
	recv := fn.Signature.Recv() != nil
	var out paramRef
	for _, r := range params {
		if recv && r.param == 1 {
			continue
		}
		switch {
		case out.param == 0:
			out = r
		case out.param != r.param:
			return paramRef{}, false
		case out.field != r.field:
			out.field = ""
		}
	}
	return out, out.param != 0
}

// kindOf is the source of the kind t traces that k derives from ("" when
// t was made without idSource).
func (t *trace) kindOf(k *effect.Key) string {
	if t.idSource == nil {
		return ""
	}
	return t.idSource(k)
}
