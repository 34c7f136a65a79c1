package summary

import (
	"go/constant"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// An outbound PATCH is rated high like a POST, except one a reviewer reads
// as a set (effect.RuleMergePatchSet): its body is a JSON object of
// properties (a JSON merge patch, RFC 7396: {"properties": {"amount": x}})
// and its URL's path ends in an id (/crm/v3/objects/deals/{}), so
// repeating it leaves the same state. Not a set: a JSON Patch (a body
// that is a JSON array of operations, or Content-Type
// application/json-patch+json), a body with a value from a random or time
// source (new on every delivery: the key tracing of keys.go), a path that
// ends in no id (a collection), and (infer) a path that names an action.
// The body, like the method and URL, may be a parameter or a field of the
// application's own request struct: the caller that builds it decides
// (Effect.BodyArg, BodyField, Body.Params; CallBodies through an
// interface). PUT is left as it is rated (high).

// requestBody records an HTTP request's body on e: what it is (e.Body),
// or the parameter (field) it comes from (e.BodyArg, e.BodyField).
func (w *walker) requestBody(e *effect.Effect, req, body ssa.Value) {
	if body == nil || !maybePatch(e) {
		return
	}
	var ct effect.Body // what the request says of its Content-Type
	if req != nil {
		if v := contentType(req); v != nil {
			switch c, ok := ssavalue.Unconvert(v).(*ssa.Const); {
			case ok:
				ct.JSONPatch = isJSONPatchText(c)
			case w.execIndex(normalize(v)) != effect.NoExec:
				ct.TypeArg = w.execIndex(normalize(v)) + 1
			default:
				ct.TypeVaries = true
			}
		}
	}
	for _, v := range []ssa.Value{readerOf(body), marshalledValue(nonNilEdge(ssavalue.Unconvert(body)))} {
		if v == nil {
			continue
		}
		k, f := w.execIndex(normalize(v)), ""
		if k == effect.NoExec {
			k, f = w.paramField(v)
		}
		if k != effect.NoExec && (f != "" || w.execIndex(normalize(v)) != effect.NoExec) {
			e.BodyArg, e.BodyField = k+1, f
			if ct.JSONPatch || ct.TypeArg > 0 || ct.TypeVaries {
				e.Body = &ct // the caller's body keeps it
			}
			return
		}
	}
	b := w.describeBody(body)
	if b == nil {
		return
	}
	if e.Body != nil {
		// Content-Type said where the body was a parameter.
		b.JSONPatch, b.TypeArg, b.TypeVaries = e.Body.JSONPatch, e.Body.TypeArg, e.Body.TypeVaries
	}
	if ct.JSONPatch || ct.TypeArg > 0 || ct.TypeVaries {
		b.JSONPatch, b.TypeArg, b.TypeVaries = ct.JSONPatch, ct.TypeArg, ct.TypeVaries
	}
	e.Body = b
}

// contentTypeAt decides, at a call, a body's Content-Type that is the
// callee's parameter: the argument v passed there.
func (w *walker) contentTypeAt(b *effect.Body, v ssa.Value) {
	b.TypeArg = 0
	switch c, ok := ssavalue.Unconvert(v).(*ssa.Const); {
	case v == nil:
		b.TypeVaries = true
	case ok:
		b.JSONPatch = isJSONPatchText(c)
	case w.execIndex(normalize(v)) != effect.NoExec:
		b.TypeArg = w.execIndex(normalize(v)) + 1
	default:
		b.TypeVaries = true
	}
}

// maybePatch reports whether an HTTP effect's method is PATCH or not yet
// known: only then does its body matter.
func maybePatch(e *effect.Effect) bool {
	return e.Op == "patch" || e.Op == effect.OpUnknown || e.Op == ""
}

// readerOf is the value a request body reads (bytes.NewReader(b) → b),
// seen through a nil body on another branch; nil when not such a reader.
func readerOf(v ssa.Value) ssa.Value {
	v = nonNilEdge(ssavalue.Unconvert(v))
	for i := 0; i < 4; i++ {
		v = nonNilEdge(ssavalue.Unconvert(v))
		c, ok := v.(*ssa.Call)
		if !ok {
			return v
		}
		fn := c.Call.StaticCallee()
		if fn == nil || fn.Object() == nil || len(c.Call.Args) != 1 {
			return v
		}
		switch fn.Object().(*types.Func).FullName() {
		case "bytes.NewReader", "bytes.NewBuffer", "strings.NewReader", "bytes.NewBufferString":
			v = c.Call.Args[0]
		default:
			return v
		}
	}
	return v
}

// nonNilEdge is the one value a phi takes besides nil (var body
// io.Reader; if b != nil { body = bytes.NewReader(b) }), else v.
func nonNilEdge(v ssa.Value) ssa.Value {
	phi, ok := v.(*ssa.Phi)
	if !ok {
		return v
	}
	var one ssa.Value
	for _, e := range phi.Edges {
		e = ssavalue.Unconvert(e)
		if c, ok := e.(*ssa.Const); ok && c.IsNil() {
			continue
		}
		if one != nil && one != e {
			return v
		}
		one = e
	}
	if one == nil {
		return v
	}
	return one
}

// describeBody says what a request body is: the JSON json.Marshal makes
// of it, and whether a value in it is new on every delivery or comes from
// a parameter. nil when the body is not known to be json.Marshal's.
func (w *walker) describeBody(body ssa.Value) *effect.Body {
	v := marshalledValue(nonNilEdge(ssavalue.Unconvert(body)))
	if v == nil {
		if r := readerOf(body); r != nil {
			v = marshalledValue(r)
		}
	}
	if v == nil {
		// The value itself, passed for a parameter that is marshalled
		// (patchJSON(ctx, url, &update{…})); bytes are a body already.
		v = ssavalue.Unconvert(body)
		if mi, ok := v.(*ssa.MakeInterface); ok {
			v = mi.X
		}
		if keyLike(v.Type()) {
			return nil
		}
	}
	b := &effect.Body{Shape: jsonShape(v.Type())}
	if b.Shape == "" {
		return nil
	}
	w.bodyValues(b, v, 0)
	return b
}

// jsonShape is the JSON a value of type t marshals to: "object" for a
// struct or map, "array" for a slice or array, "" otherwise.
func jsonShape(t types.Type) string {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	switch t.Underlying().(type) {
	case *types.Struct, *types.Map:
		return "object"
	case *types.Slice, *types.Array:
		return "array"
	}
	return ""
}

// bodyValues traces the values a body is made of (a struct literal's
// fields, a map literal's entries, nested) to a random or time source or
// a parameter, as keys are traced (keyOrigin).
func (w *walker) bodyValues(b *effect.Body, v ssa.Value, depth int) {
	if b.Random != "" || depth > 4 {
		return
	}
	var leaves []ssa.Value
	switch x := normalize(v).(type) {
	case *ssa.Alloc:
		for _, st := range ssavalue.StructStores(x) {
			leaves = append(leaves, st.Val)
		}
	case *ssa.MakeMap:
		for _, r := range ssavalue.Referrers(x) {
			if up, ok := r.(*ssa.MapUpdate); ok && up.Map == x {
				leaves = append(leaves, up.Value)
			}
		}
	default:
		w.bodyLeaf(b, v)
		return
	}
	for _, l := range leaves {
		switch normalize(l).(type) {
		case *ssa.Alloc, *ssa.MakeMap:
			w.bodyValues(b, l, depth+1)
		default:
			w.bodyLeaf(b, l)
		}
	}
}

func (w *walker) bodyLeaf(b *effect.Body, v ssa.Value) {
	if b.Random != "" {
		return
	}
	o := w.keyOrigin(v)
	switch {
	case o.random != "":
		b.Random, b.Expr, b.Pos = o.random, w.p.text.exprText(v), PosString(w.p.env.Fset, o.at)
		b.Params = nil
	case o.param != 0:
		for _, p := range b.Params {
			if p == o.param {
				return
			}
		}
		b.Params = append(b.Params, o.param)
	}
}

// contentType is the value a request's Content-Type header is set to
// (req.Header.Set/Add("Content-Type", v)), nil when none is set here.
func contentType(req ssa.Value) ssa.Value {
	var out ssa.Value
	for _, call := range headerSets(requestBase(req)) {
		if strings.EqualFold(constOr(call.Call.Args, 1), "Content-Type") {
			if c, ok := ssavalue.Unconvert(call.Call.Args[2]).(*ssa.Const); ok && out != nil && !isJSONPatchText(c) {
				continue // a JSON Patch type set elsewhere stays
			}
			out = call.Call.Args[2]
		}
	}
	return out
}

// jsonPatchStored reports whether a struct argument carries the JSON
// Patch content type in a string field or in a map field's entries
// (&Request{Headers: map[string]string{"Content-Type": "application/json-patch+json"}}).
func jsonPatchStored(v ssa.Value) bool {
	for _, st := range ssavalue.StructStores(v) {
		if isJSONPatchText(st.Val) {
			return true
		}
		if m, ok := normalize(st.Val).(*ssa.MakeMap); ok {
			for _, r := range ssavalue.Referrers(m) {
				if up, ok := r.(*ssa.MapUpdate); ok && up.Map == m && isJSONPatchText(up.Value) {
					return true
				}
			}
		}
	}
	return false
}

func isJSONPatchText(v ssa.Value) bool {
	c, ok := ssavalue.Unconvert(v).(*ssa.Const)
	return ok && c.Value != nil && c.Value.Kind() == constant.String && strings.Contains(constant.StringVal(c.Value), "json-patch")
}

// fieldValue is the one value stored into a struct argument's field
// (path), nil when none or several.
func fieldValue(v ssa.Value, path string) ssa.Value {
	stores := pathStores(fieldBase(v), strings.Split(path, "."))
	if len(stores) != 1 {
		return nil
	}
	return stores[0].Val
}

// fieldBase is the struct a request argument's fields are stored into:
// its literal's local, else the value.
func fieldBase(v ssa.Value) ssa.Value {
	if a := ssavalue.LocalOf(v); a != nil {
		return a
	}
	return normalize(v)
}

// resolveRequestFields decides, at a call, the URL and body of a callee's
// HTTP effect that are fields of (or are) what the call passes, and the
// body's values that derive from the callee's parameters.
func (w *walker) resolveRequestFields(e *effect.Effect, args, bindings []ssa.Value) {
	w.resolveCallBodies(e, args, bindings)
	w.resolveCallGrants(e, args, bindings) // tokengrant.go
	if e.Kind != effect.KindHTTP {
		return
	}
	if e.URLArg > 0 && e.URLField != "" {
		v := pick(e.URLArg-1, args, bindings)
		field := e.URLField
		e.URLArg, e.URLField = 0, ""
		if v != nil {
			if u := fieldValue(v, field); u != nil {
				w.setURL(e, u)
			} else if k := w.execIndex(spilledParam(normalize(v))); k != effect.NoExec {
				e.URLArg, e.URLField = k+1, field
			}
		}
	}
	if e.BodyArg > 0 && !maybePatch(e) {
		e.BodyArg, e.BodyField = 0, ""
	}
	if e.BodyArg > 0 {
		v := pick(e.BodyArg-1, args, bindings)
		field := e.BodyField
		e.BodyArg, e.BodyField = 0, ""
		if v != nil {
			body := v
			if field != "" {
				body = fieldValue(v, field)
			}
			switch {
			case body == nil && field != "":
				if k := w.execIndex(spilledParam(normalize(v))); k != effect.NoExec {
					e.BodyArg, e.BodyField = k+1, field
				}
			case body != nil:
				w.requestBody(e, nil, body)
				if e.Body != nil && field != "" && jsonPatchStored(fieldBase(v)) {
					nb := *e.Body
					nb.JSONPatch = true
					e.Body = &nb
				}
			}
		}
	}
	if b := e.Body; b != nil && b.TypeArg > 0 {
		nb := *b
		w.contentTypeAt(&nb, pick(b.TypeArg-1, args, bindings))
		e.Body = &nb
	}
	if b := e.Body; b != nil && len(b.Params) > 0 && b.Random == "" {
		nb := *b
		nb.Params = nil
		for _, p := range b.Params {
			if v := pick(p-1, args, bindings); v != nil {
				w.bodyValues(&nb, v, 0)
			}
		}
		e.Body = &nb
		if nb.Random != "" {
			unset(e)
		}
	}
	DecideSet(e)
	DecideDelete(e)
}

// setURL sets an HTTP effect's path, query and target from a URL value.
func (w *walker) setURL(e *effect.Effect, u ssa.Value) {
	if p := urlPath(u); p != "" {
		e.URLPath = p
	}
	if q := urlQuery(u); q != "" {
		e.URLQuery = q
	}
	if t := urlTarget([]ssa.Value{u}, 0); t != "" {
		e.Target = t
	} else if e.URLPath != "" && (e.Target == "" || e.Target == "http") {
		e.Target = e.URLPath
	}
}

// callRequests are the URL path patterns and bodies the struct arguments
// of an interface call carry (Effect.CallURLs, CallBodies), keyed as
// argConsts keys them; args exclude the receiver (argument 1).
func (w *walker) callRequests(args []ssa.Value) (map[string]effect.URL, map[string]*effect.Body) {
	var urls map[string]effect.URL
	var bodies map[string]*effect.Body
	for i, a := range args {
		v := normalize(a)
		if _, ok := v.Type().Underlying().(*types.Pointer); !ok {
			continue
		}
		patch := false
		for _, st := range ssavalue.StructStores(v) {
			k := strconv.Itoa(i+2) + "." + ssavalue.FieldName(st.Addr.(*ssa.FieldAddr))
			t := st.Val.Type().Underlying()
			if b, ok := t.(*types.Basic); ok && b.Info()&types.IsString != 0 {
				if p := urlPath(st.Val); p != "" {
					if urls == nil {
						urls = map[string]effect.URL{}
					}
					urls[k] = effect.URL{Target: urlTarget([]ssa.Value{st.Val}, 0), Path: p, Query: urlQuery(st.Val)}
				}
				continue
			}
			if body := w.describeBody(st.Val); body != nil {
				if !patch {
					patch = jsonPatchStored(v)
				}
				body.JSONPatch = patch
				if bodies == nil {
					bodies = map[string]*effect.Body{}
				}
				bodies[k] = body
			}
		}
	}
	return urls, bodies
}

// resolveCallBodies decides, at a call, the values of an interface call's
// bodies (Effect.CallBodies) that derive from this function's callee's
// parameters: what the caller passes there.
func (w *walker) resolveCallBodies(e *effect.Effect, args, bindings []ssa.Value) {
	if len(e.CallBodies) == 0 {
		return
	}
	out := make(map[string]*effect.Body, len(e.CallBodies))
	for k, b := range e.CallBodies {
		if len(b.Params) == 0 || b.Random != "" {
			out[k] = b
			continue
		}
		nb := *b
		nb.Params = nil
		for _, p := range b.Params {
			if v := pick(p-1, args, bindings); v != nil {
				w.bodyValues(&nb, v, 0)
			}
		}
		out[k] = &nb
	}
	e.CallBodies = out
}

// ResolveRequestArgs decides, where the whole-program phase resolves a
// call through an interface (call) to an implementation's HTTP effect e,
// the method, URL and body e leaves to its caller, from the constants,
// URL patterns and bodies the call's arguments carry.
func ResolveRequestArgs(call, e *effect.Effect) {
	random := func(b *effect.Body) *effect.Body {
		if b == nil || b.Random != "" {
			return b
		}
		for _, p := range b.Params {
			for _, a := range call.RandomArgs {
				if a.Index == p {
					nb := *b
					nb.Params, nb.Random, nb.Expr = nil, a.Source, a.Expr
					return &nb
				}
			}
		}
		return b
	}
	if len(e.CallBodies) > 0 {
		out := make(map[string]*effect.Body, len(e.CallBodies))
		for k, b := range e.CallBodies {
			out[k] = random(b)
		}
		e.CallBodies = out
	}
	if e.Kind != effect.KindHTTP {
		return
	}
	defer DecideTokenGrant(e) // once the method is decided too
	ResolveTokenGrant(call, e)
	if b := random(e.Body); b != e.Body {
		e.Body = b
		unset(e)
	}
	key := func(arg int, field string) string {
		k := strconv.Itoa(arg)
		if field != "" {
			k += "." + field
		}
		return k
	}
	if e.MethodArg > 0 && call.CallArgs != nil {
		if m, ok := call.CallArgs[key(e.MethodArg, e.MethodField)]; ok {
			if field, ok := strings.CutSuffix(e.MethodField, ".Method"); ok && e.URLPath == "" {
				if p := call.CallArgs[key(e.MethodArg, field+".URL.Path")]; p != "" {
					e.URLPath = p // the kept request's (wrappedMethods)
				}
			}
			kept := strings.HasSuffix(e.MethodField, ".Method")
			SetMethod(e, m)
			if call.GraphQL && call.RPCMethodArg == 0 && kept && !e.GraphQL {
				// the request kept in the call's struct argument has
				// a GraphQL body (wrappedGraphQL)
				e.GraphQL, e.RPCMethod = true, call.RPCMethod
				if e.RPCMethod != "" {
					e.Detail = effect.JoinDetail(e.Detail, "GraphQL "+e.RPCMethod)
				}
			}
		}
	}
	if e.URLArg > 0 && e.URLField != "" {
		if u, ok := call.CallURLs[key(e.URLArg, e.URLField)]; ok {
			e.URLPath = u.Path
			if u.Query != "" {
				e.URLQuery = u.Query
			}
			if u.Target != "" {
				e.Target = u.Target
			} else if e.Target == "" || e.Target == "http" {
				e.Target = u.Path
			}
		}
		e.URLArg, e.URLField = 0, ""
	}
	if e.BodyArg > 0 {
		if b, ok := call.CallBodies[key(e.BodyArg, e.BodyField)]; ok {
			e.Body = b
		}
		e.BodyArg, e.BodyField = 0, ""
	}
	if b := e.Body; b != nil && b.TypeArg > 0 {
		nb := *b
		nb.TypeArg = 0
		if ct, ok := call.CallArgs[key(b.TypeArg, "")]; ok {
			nb.JSONPatch = strings.Contains(ct, "json-patch")
		} else {
			nb.TypeVaries = true
		}
		e.Body = &nb
	}
	DecideSet(e)
	DecideDelete(e)
}

// unset makes an HTTP PATCH read as a set (DecideSet) the PATCH it is
// again, once a caller is found to pass a value new on every delivery
// for one of its body's parameters.
func unset(e *effect.Effect) {
	if e.HTTPSet != effect.RuleMergePatchSet || e.Body == nil || e.Body.Random == "" {
		return
	}
	b := e.Body
	e.Op, e.Risk, e.HTTPSet = "patch", effect.High, ""
	if i := strings.Index(e.Detail, "a PATCH of a JSON object"); i >= 0 {
		e.Detail = strings.TrimSuffix(strings.TrimSpace(e.Detail[:i]), ";")
	}
	e.Detail = effect.JoinDetail(e.Detail, "not read as a set: its body's value "+orExpr(b.Expr)+" derives from "+b.Random+": new on every delivery")
}

// DecideSet reads an HTTP PATCH as a set (effect.RuleMergePatchSet) once
// its method, path and body are known: its body a JSON object with no
// value new on every delivery, its path ending in an id. Values from the
// function's parameters do not stop it: a caller that passes one new on
// every delivery there makes it the PATCH it is again (unset), as a
// random object key makes an overwrite a new object. A PATCH with a body
// that rules it out says why it stays as rated.
func DecideSet(e *effect.Effect) {
	if e.Kind != effect.KindHTTP || e.Op != "patch" || e.Body == nil || e.MethodArg > 0 || e.RequestArg > 0 || e.URLArg > 0 || e.BodyArg > 0 {
		return
	}
	b := e.Body
	why := ""
	switch {
	case b.TypeArg > 0:
		return // the callers say the Content-Type
	case b.TypeVaries:
		why = "its Content-Type is set at run time (it may be a JSON Patch)"
	case b.JSONPatch:
		why = "its Content-Type is application/json-patch+json (JSON Patch operations)"
	case b.Shape == "array":
		why = "its body is a JSON array (JSON Patch operations)"
	case b.Shape != "object":
		return
	case b.Random != "":
		why = "its body's value " + orExpr(b.Expr) + " derives from " + b.Random + ": new on every delivery"
	case !identified(e.URLPath):
		if e.URLPath == "" {
			return // the URL is not known here
		}
		why = "its path " + e.URLPath + " names no resource id (a collection)"
	}
	if why != "" {
		e.Detail = effect.JoinDetail(e.Detail, "not read as a set: "+why)
		return
	}
	e.Op, e.Risk, e.HTTPSet, e.By = effect.OpSet, effect.Safe, effect.RuleMergePatchSet, effect.ByCode
	e.Detail = effect.JoinDetail(e.Detail, "a PATCH of a JSON object (a JSON merge patch, RFC 7396) to the identified resource "+
		e.URLPath+": repeating it leaves the same state (rule "+effect.RuleMergePatchSet+")")
}

// DecideDelete reads an outbound HTTP DELETE of an identified resource (its
// path ends in an id: {cleanURL}/{id}, /orders/{id}) as the delete it is
// (effect.RuleDeleteByID): HTTP makes DELETE idempotent (RFC 9110 9.2.2),
// so a repeat removes nothing more, as a store's Delete… by key is read
// (a second delivery's 404 is the caller's to handle). The id may be the
// only segment the code builds when the base URL, set at run time, names
// the collection. A DELETE of a collection (no id) stays rated as an
// outbound write (high), and (infer) so does one whose path names an
// action (…/cancel/{id}). Left for the callers while its method or URL is
// theirs.
func DecideDelete(e *effect.Effect) {
	if e.Kind != effect.KindHTTP || e.Op != effect.OpDelete || e.HTTPSet != "" || e.MethodArg > 0 || e.RequestArg > 0 || e.URLArg > 0 || e.Risk != effect.High {
		return
	}
	if !identified(e.URLPath) && !idOnly(e.URLPath) {
		return
	}
	e.Risk, e.HTTPSet, e.By = effect.Safe, effect.RuleDeleteByID, effect.ByCode
	e.Detail = effect.JoinDetail(e.Detail, "a DELETE of the identified resource "+e.URLPath+
		" (an idempotent method, RFC 9110): a repeat removes nothing more (rule "+effect.RuleDeleteByID+")")
}

// idOnly reports whether a path pattern is one id after a base URL set at
// run time ("/{}": fmt.Sprintf("%s/%s", base, id)).
func idOnly(p string) bool {
	return strings.TrimRight(p, "/") == "/{}"
}

// identified reports whether a path pattern ends in an id: its last
// segment is set at run time ("/crm/v3/objects/deals/{}") or is a number
// ("/orders/1"), after a segment naming what it identifies.
func identified(p string) bool {
	p = strings.TrimRight(p, "/")
	i := strings.LastIndexByte(p, '/')
	if i < 0 || i == len(p)-1 || strings.Trim(p[:i], "/") == "" {
		return false
	}
	last := p[i+1:]
	if last == "{}" {
		return true
	}
	for _, r := range last {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// randomBodyArgs are the arguments of a call through an interface that
// marshal to a JSON object or array (a struct, a map) holding a value
// from a random or time source (effect.Effect.RandomArgs): a body the
// implementation sends changes on every delivery.
func (w *walker) randomBodyArgs(args []ssa.Value) []effect.RandomArg {
	var out []effect.RandomArg
	for i, a := range args {
		if jsonShape(a.Type()) == "" {
			continue
		}
		b := &effect.Body{}
		w.bodyValues(b, a, 0)
		if b.Random != "" {
			out = append(out, effect.RandomArg{Index: i + 2, Source: b.Random, Expr: b.Expr})
		}
	}
	return out
}
