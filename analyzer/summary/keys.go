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
}

// keyOrigin traces a key value to its sources.
func (w *walker) keyOrigin(v ssa.Value) keySource {
	ix := w.p.env.Index
	t := &trace{w: w, fn: ix.IsRandom, field: ix.IsRandomField, result: randomResult, fields: true, seen: map[ssa.Value]bool{}}
	var o keySource
	if s := t.source(v, 0); s != "" {
		if name, ok := strings.CutSuffix(s, fieldMark); ok {
			s = name[strings.LastIndexByte(name, '.')+1:] + " (changes on every delivery)"
		}
		o.random, o.at = s, t.at
		return o
	}
	o.param = t.param
	t = &trace{w: w, fn: ix.IsIdentity, field: ix.IsIdentityField, result: identityResult, seen: map[ssa.Value]bool{}}
	o.identity = strings.TrimSuffix(t.source(v, 0), fieldMark)
	return o
}

func randomResult(s *Summary) string   { return s.RandomResult }
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
	fields bool
	seen   map[ssa.Value]bool
	at     token.Pos // where the source found is
	param  int       // the first parameter reached (1-based), 0 none
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
		if callee := c.StaticCallee(); callee != nil {
			if obj, ok := callee.Object().(*types.Func); ok && obj != nil && t.fn(obj) {
				return found(FuncName(obj), x.Pos())
			}
			if s := t.w.summaryOf(callee); s != nil && t.result(s) != "" {
				return found(t.result(s)+" (in "+SSAName(callee)+")", x.Pos())
			}
		} else if c.IsInvoke() {
			if t.fn(c.Method) {
				return found(FuncName(c.Method), x.Pos())
			}
			if r := rec(c.Value); r != "" {
				return r
			}
		}
		return rec(c.Args...)
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
		if name := ssavalue.FieldAt(x.X.Type(), x.Field); name != "" && t.field(x.X.Type(), name) {
			return found(typeShort(x.X.Type())+"."+name+fieldMark, x.Pos())
		}
		return rec(x.X)
	case *ssa.FieldAddr:
		elem := x.X.Type().Underlying().(*types.Pointer).Elem()
		if name := ssavalue.FieldName(x); name != "" && t.field(elem, name) {
			return found(typeShort(elem)+"."+name+fieldMark, x.Pos())
		}
		if t.fields {
			if f := t.w.p.storedRandom(elem, x.Field); f.name != "" {
				return found(f.name, f.at)
			}
		}
		return rec(x.X)
	case *ssa.IndexAddr:
		return rec(x.X)
	case *ssa.Index:
		return rec(x.X)
	case *ssa.UnOp:
		return rec(x.X)
	case *ssa.Phi:
		return rec(x.Edges...)
	case *ssa.Alloc:
		// Values stored into a local (varargs arrays, address-taken vars).
		var stored []ssa.Value
		for _, r := range ssavalue.Referrers(x) {
			switch y := r.(type) {
			case *ssa.Store:
				stored = append(stored, y.Val)
			case *ssa.IndexAddr, *ssa.FieldAddr:
				for _, rr := range ssavalue.Referrers(y.(ssa.Value)) {
					if st, ok := rr.(*ssa.Store); ok {
						stored = append(stored, st.Val)
					}
				}
			}
		}
		return rec(stored...)
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
	v := marshalledValue(body)
	if v == nil {
		return nil
	}
	// A map literal: m["idempotency_key"] = k.
	for _, r := range ssavalue.Referrers(v) {
		if up, ok := r.(*ssa.MapUpdate); ok && up.Map == v && bodyKeyNames[strings.ToLower(constOr([]ssa.Value{up.Key}, 0))] {
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
		if !bodyKeyNames[name] {
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
		callee := x.Call.StaticCallee()
		if callee == nil || callee.Object() == nil || len(x.Call.Args) == 0 {
			return nil
		}
		switch callee.Object().(*types.Func).FullName() {
		case "bytes.NewReader", "bytes.NewBuffer", "strings.NewReader", "bytes.NewBufferString":
			return marshalled(x.Call.Args[0], depth+1)
		case "encoding/json.Marshal":
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
