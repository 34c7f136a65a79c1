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

// idempotencyHeaders are request headers that carry an idempotency key.
var idempotencyHeaders = map[string]bool{
	"idempotency-key":   true,
	"x-idempotency-key": true,
	"idempotency-token": true,
}

// headerKey finds req.Header.Set/Add("Idempotency-Key", v).
func (w *walker) headerKey(req ssa.Value) *effect.Key {
	req = normalize(req)
	refs := req.Referrers()
	if refs == nil {
		return nil
	}
	for _, r := range *refs {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok || ssavalue.FieldName(fa) != "Header" {
			continue
		}
		for _, li := range ssavalue.Referrers(fa) {
			load, ok := li.(*ssa.UnOp)
			if !ok {
				continue
			}
			for _, use := range ssavalue.Referrers(load) {
				call, ok := use.(*ssa.Call)
				if !ok {
					continue
				}
				callee := call.Call.StaticCallee()
				if callee == nil || callee.Object() == nil {
					continue
				}
				switch callee.Object().(*types.Func).FullName() {
				case "(net/http.Header).Set", "(net/http.Header).Add":
				default:
					continue
				}
				if len(call.Call.Args) == 3 && idempotencyHeaders[strings.ToLower(constOr(call.Call.Args, 1))] {
					return w.keyFrom(call.Call.Args[2], call)
				}
			}
		}
	}
	return nil
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
// random or time source it derives from, if any.
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
	k.Random = w.randomSource(inner, map[ssa.Value]bool{}, 0)
	if k.Random == "" {
		ix := w.p.env.Index
		k.Identity = strings.TrimSuffix(w.source(inner, ix.IsIdentity, ix.IsIdentityField, map[ssa.Value]bool{}, 0), fieldMark)
	}
	return k
}

// randomSource returns the name of the random, time or attempt source v
// derives from, or "" when it derives only from stable data.
func (w *walker) randomSource(v ssa.Value, seen map[ssa.Value]bool, depth int) string {
	ix := w.p.env.Index
	if s := w.source(v, ix.IsRandom, ix.IsRandomField, seen, depth); s != "" {
		if name, ok := strings.CutSuffix(s, fieldMark); ok {
			return name[strings.LastIndexByte(name, '.')+1:] + " (changes on every delivery)"
		}
		return s
	}
	return ""
}

// fieldMark ends the name source returns for a field.
const fieldMark = " (field)"

// source returns the name of the function or field, among those fn and
// field accept, that v derives from, or "".
func (w *walker) source(v ssa.Value, fn func(*types.Func) bool, field func(types.Type, string) bool, seen map[ssa.Value]bool, depth int) string {
	if v == nil || seen[v] || depth > 24 {
		return ""
	}
	seen[v] = true
	rec := func(vs ...ssa.Value) string {
		for _, x := range vs {
			if r := w.source(x, fn, field, seen, depth+1); r != "" {
				return r
			}
		}
		return ""
	}
	switch x := v.(type) {
	case *ssa.Call:
		c := x.Call
		if callee := c.StaticCallee(); callee != nil {
			if obj, ok := callee.Object().(*types.Func); ok && obj != nil && fn(obj) {
				return FuncName(obj)
			}
		} else if c.IsInvoke() {
			if fn(c.Method) {
				return FuncName(c.Method)
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
		if name := ssavalue.FieldAt(x.X.Type(), x.Field); name != "" && field(x.X.Type(), name) {
			return typeShort(x.X.Type()) + "." + name + fieldMark
		}
		return rec(x.X)
	case *ssa.FieldAddr:
		if name := ssavalue.FieldName(x); name != "" && field(x.X.Type().Underlying().(*types.Pointer).Elem(), name) {
			return typeShort(x.X.Type().Underlying().(*types.Pointer).Elem()) + "." + name + fieldMark
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

// bodyKey finds an idempotency key in a JSON request body: the body is a
// reader over json.Marshal of a struct whose field (by name or json tag) or
// a map whose key is idempotency_key / IdempotencyKey / idempotencyKey.
func (w *walker) bodyKey(body ssa.Value) *effect.Key {
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
