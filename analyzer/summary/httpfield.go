package summary

import (
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// An application's own HTTP client often takes its own request type and
// builds the *http.Request inside (func (c *Client) Send(ctx, req
// *Request) { http.NewRequestWithContext(ctx, req.Method, req.URL, body)
// }): the method is a field of a parameter, and each caller decides it
// with the literal it passes (&Request{Method: "POST", …}). The effect
// says so (Effect.MethodArg with MethodField) and the caller resolves it.
//
// SDKs go one step further (gomatrixserverlib's federation client): the
// request value is built by a constructor that keeps the method in a
// nested field (NewFederationRequest("PUT", …) sets r.fields.Method), a
// method of the request builds the *http.Request from it (func (r
// *FederationRequest) HTTPRequest() { http.NewRequest(r.fields.Method,
// …) }), and a helper takes the request by value. So the field is a path
// ("fields.Method"), a request builder may take its method from a field of
// its receiver (Summary.RequestMethodField), a local copy of a parameter
// is that parameter, and a constructor's result has the field its
// parameter was stored into (fieldFromConstructor).

// paramField returns the parameter and the field path v loads from it
// (req.Method of req *Request, or of a struct parameter; r.fields.Method
// through nested structs); "" when v is not such a load.
func (w *walker) paramField(v ssa.Value) (int, string) {
	var path []string
	v = normalize(v)
	for i := 0; i < 8; i++ {
		switch x := v.(type) {
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return effect.NoExec, ""
			}
			fa, ok := x.X.(*ssa.FieldAddr)
			if !ok {
				return effect.NoExec, ""
			}
			path = append(path, ssavalue.FieldName(fa))
			v = fa.X
		case *ssa.FieldAddr:
			path = append(path, ssavalue.FieldName(x))
			v = x.X
		case *ssa.Field:
			path = append(path, ssavalue.FieldAt(x.X.Type(), x.Field))
			v = x.X
		default:
			if len(path) == 0 {
				return effect.NoExec, ""
			}
			if k := w.execIndex(spilledParam(normalize(v))); k != effect.NoExec {
				for l, r := 0, len(path)-1; l < r; l, r = l+1, r-1 {
					path[l], path[r] = path[r], path[l]
				}
				return k, strings.Join(path, ".")
			}
			return effect.NoExec, ""
		}
	}
	return effect.NoExec, ""
}

// resolveMethodField decides, at a call, the method of an effect whose
// method is the field (path) of the struct the call passes as v: the
// constant the literal stores there, the constant a constructor that
// built v was given for it, or, when v is this function's own parameter
// (or a local copy of one), the same field of its caller's.
func (w *walker) resolveMethodField(e *effect.Effect, v ssa.Value, field string) {
	if m := fieldConstPath(v, field); m != "" {
		setMethod(e, m)
		return
	}
	if m := w.fieldFromConstructor(v, field); m != "" {
		setMethod(e, m)
		return
	}
	if m := w.wrappedMethod(v, field); m != "" {
		setMethod(e, m)
		return
	}
	if k := w.execIndex(spilledParam(normalize(v))); k != effect.NoExec {
		e.MethodArg, e.MethodField = k+1, field
	}
}

// spilledParam is the parameter a local holds when it is one's copy (a
// struct parameter whose address a method call takes: t0 = local T (r);
// *t0 = r), else v.
func spilledParam(v ssa.Value) ssa.Value {
	a, ok := v.(*ssa.Alloc)
	if !ok {
		return v
	}
	var val ssa.Value
	for _, r := range ssavalue.Referrers(a) {
		if st, ok := r.(*ssa.Store); ok && st.Addr == a {
			if val != nil {
				return v
			}
			val = st.Val
		}
	}
	if p, ok := val.(*ssa.Parameter); ok {
		return p
	}
	return v
}

// fieldConstPath is ssavalue.FieldConst for a dotted path of fields
// (fields.Method: the literal's fields.Method, set field by field).
func fieldConstPath(v ssa.Value, path string) string {
	names := strings.Split(path, ".")
	if len(names) == 1 {
		return ssavalue.FieldConst(v, path)
	}
	a := ssavalue.LocalOf(v)
	if a == nil {
		return ""
	}
	for _, st := range pathStores(a, names) {
		if texts := stringValues(st.Val); len(texts) == 1 && !strings.Contains(texts[0], dynamic) {
			return texts[0]
		}
	}
	return ""
}

// pathStores returns the stores into the nested field names of the struct
// base points to (&base.fields then .Method).
func pathStores(base ssa.Value, names []string) []*ssa.Store {
	addrs := []ssa.Value{base}
	for _, n := range names {
		var next []ssa.Value
		for _, a := range addrs {
			for _, r := range ssavalue.Referrers(a) {
				if fa, ok := r.(*ssa.FieldAddr); ok && fa.X == a && ssavalue.FieldName(fa) == n {
					next = append(next, fa)
				}
			}
		}
		addrs = next
	}
	var out []*ssa.Store
	for _, a := range addrs {
		for _, r := range ssavalue.Referrers(a) {
			if st, ok := r.(*ssa.Store); ok && st.Addr == a {
				out = append(out, st)
			}
		}
	}
	return out
}

// fieldFromConstructor returns the method a constructor call that built v
// (req := NewFederationRequest("PUT", …)) was given for the field path:
// the constructor (its body in this program) stores one of its
// parameters there, maybe case-folded (strings.ToUpper(method)), and
// returns the struct; the call's argument for it decides. "" when v was
// not built so or the argument is not constant.
func (w *walker) fieldFromConstructor(v ssa.Value, path string) string {
	call, ok := normalize(v).(*ssa.Call)
	if !ok {
		return ""
	}
	callee := call.Call.StaticCallee()
	if callee == nil || len(callee.Blocks) == 0 {
		return ""
	}
	names := strings.Split(path, ".")
	param := -1
	for _, b := range callee.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) == 0 {
			continue
		}
		a := ssavalue.LocalOf(ret.Results[0])
		if a == nil {
			return ""
		}
		for _, st := range pathStores(a, names) {
			p, ok := caseFolded(st.Val).(*ssa.Parameter)
			if !ok {
				return ""
			}
			k := -1
			for i, q := range callee.Params {
				if q == p {
					k = i
				}
			}
			if k < 0 || (param >= 0 && param != k) {
				return ""
			}
			param = k
		}
	}
	if param < 0 || param >= len(call.Call.Args) {
		return ""
	}
	return constOr(call.Call.Args, param)
}

// wrappedMethod is the method of the *http.Request kept in a field of the
// struct v points to, for a method path "field.Method" (a gate's own
// request type that keeps the request its caller built): the request the
// literal, constructor or wrapper that made v stored there
// (fieldSource), and the method it was built with; "" when not known.
func (w *walker) wrappedMethod(v ssa.Value, path string) string {
	names := strings.Split(path, ".")
	if len(names) != 2 || names[1] != "Method" {
		return ""
	}
	src := w.fieldSource(v, names[0], 0)
	if src == nil || !isRequest(src.Type()) {
		return ""
	}
	return w.requestOrigin(src).method
}

// fieldSource is the one value stored into the field of the struct v
// points to: by a composite literal (&Request{httpRequest: req}), or by
// the function that returned v (returnedField; a function of another
// package by its summary's KeptRequests) — a constructor that stores one
// of its parameters there (the call's argument is the value), a method
// that returns its receiver or an argument (r.BeforeSend(fn) returns r),
// or a wrapper each of whose returns is such a call with the same value.
// nil when the field is set in more than one way.
func (w *walker) fieldSource(v ssa.Value, field string, depth int) ssa.Value {
	if depth > 6 || v == nil {
		return nil
	}
	v = normalize(v)
	if sts := ssavalue.FieldStores(v, field); len(sts) > 0 {
		if len(sts) == 1 {
			return sts[0].Val
		}
		return nil
	}
	call, ok := v.(*ssa.Call)
	if !ok {
		return nil
	}
	callee := call.Call.StaticCallee()
	if callee == nil {
		return nil
	}
	args := call.Call.Args
	if len(callee.Blocks) == 0 {
		s := w.summaryOf(callee)
		if s == nil {
			return nil
		}
		for _, k := range s.KeptRequests {
			if k.Field != field || k.Param >= len(args) {
				continue
			}
			if k.Through {
				return w.fieldSource(args[k.Param], field, depth+1)
			}
			return args[k.Param]
		}
		return nil
	}
	if len(callee.Params) != len(args) {
		return nil
	}
	val, through := w.returnedField(callee, field, depth+1)
	if through >= 0 {
		return w.fieldSource(args[through], field, depth+1)
	}
	if p, ok := val.(*ssa.Parameter); ok && p.Parent() == callee {
		return args[paramAt(callee, p)]
	}
	return val
}

// returnedField is what fn's returned struct holds in field: the value
// stored there (maybe one of fn's parameters), or, through >= 0, the
// parameter fn returns itself (its field is the caller's argument's).
// nil and -1 when the returns disagree or are not known.
func (w *walker) returnedField(fn *ssa.Function, field string, depth int) (val ssa.Value, through int) {
	through = -1
	seen := false
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) == 0 {
			continue
		}
		r := normalize(ret.Results[0])
		if c, ok := r.(*ssa.Const); ok && c.IsNil() {
			continue // an error's return
		}
		var v ssa.Value
		t := -1
		if p, ok := r.(*ssa.Parameter); ok {
			t = paramAt(fn, p)
		} else if v = w.fieldSource(r, field, depth); v == nil {
			return nil, -1
		}
		if seen && (v != val || t != through) {
			return nil, -1
		}
		seen, val, through = true, v, t
	}
	return val, through
}

func paramAt(fn *ssa.Function, p *ssa.Parameter) int {
	for i, q := range fn.Params {
		if q == p {
			return i
		}
	}
	return -1
}

// keptRequests is Summary.KeptRequests: for each *http.Request field of
// the struct fn returns a pointer to, the parameter it keeps there or
// the parameter it returns.
func (w *walker) keptRequests(fn *ssa.Function) []KeptRequest {
	res := fn.Signature.Results()
	if res.Len() == 0 {
		return nil
	}
	p, ok := res.At(0).Type().Underlying().(*types.Pointer)
	if !ok {
		return nil
	}
	st, ok := p.Elem().Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	var out []KeptRequest
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		if !isRequest(f.Type()) {
			continue
		}
		val, through := w.returnedField(fn, f.Name(), 0)
		if through >= 0 {
			out = append(out, KeptRequest{Field: f.Name(), Param: through, Through: true})
		} else if p, ok := val.(*ssa.Parameter); ok && p.Parent() == fn {
			out = append(out, KeptRequest{Field: f.Name(), Param: paramAt(fn, p)})
		}
	}
	return out
}

// wrappedMethods adds to an interface call's constant arguments the
// method of each *http.Request the struct an argument points to keeps in
// a field ("2.httpRequest.Method": the gate's request type), for the
// implementation's MethodField (wrappedMethod).
func (w *walker) wrappedMethods(args []ssa.Value, out map[string]string) map[string]string {
	for _, k := range keptRequestFields(args) {
		prefix := strconv.Itoa(k.arg+2) + "." + k.field
		if m := w.wrappedMethod(k.v, k.field+".Method"); m != "" {
			if out == nil {
				out = map[string]string{}
			}
			out[prefix+".Method"] = m
		}
		if src := w.fieldSource(k.v, k.field, 0); src != nil && isRequest(src.Type()) {
			// the kept request's URL path, for the implementation's
			// request sent from the field (ResolveRequestArgs)
			if o := w.requestOrigin(src); o.path != "" {
				if out == nil {
					out = map[string]string{}
				}
				out[prefix+".URL.Path"] = o.path
			}
		}
	}
	return out
}

// keptRequest is a *http.Request field of the struct a call's argument
// points to: a request built earlier and kept to be sent by the callee.
type keptRequest struct {
	arg   int       // the argument's index
	v     ssa.Value // the argument, normalized
	field string    // the field's name
}

// keptRequestFields are the *http.Request fields of the structs args point
// to, in argument then field order.
func keptRequestFields(args []ssa.Value) []keptRequest {
	var out []keptRequest
	for i, a := range args {
		v := normalize(a)
		p, ok := v.Type().Underlying().(*types.Pointer)
		if !ok {
			continue
		}
		st, ok := p.Elem().Underlying().(*types.Struct)
		if !ok {
			continue
		}
		for j := 0; j < st.NumFields(); j++ {
			if f := st.Field(j); isRequest(f.Type()) {
				out = append(out, keptRequest{i, v, f.Name()})
			}
		}
	}
	return out
}

// caseFolded looks through strings.ToUpper, ToLower and TrimSpace, which
// leave an HTTP method the method it was.
func caseFolded(v ssa.Value) ssa.Value {
	for i := 0; i < 4; i++ {
		c, ok := ssavalue.Unconvert(v).(*ssa.Call)
		if !ok || len(c.Call.Args) != 1 {
			return ssavalue.Unconvert(v)
		}
		fn := c.Call.StaticCallee()
		if fn == nil || fn.Object() == nil {
			return c
		}
		switch fn.Object().(*types.Func).FullName() {
		case "strings.ToUpper", "strings.ToLower", "strings.TrimSpace":
			v = c.Call.Args[0]
		default:
			return c
		}
	}
	return v
}

// argConsts are the constant strings the arguments of an interface call
// carry (Effect.CallArgs): an argument, or a string field stored into the
// struct it points to; args exclude the receiver (argument 1).
func argConsts(args []ssa.Value) map[string]string {
	var out map[string]string
	put := func(k, v string) {
		if out == nil {
			out = map[string]string{}
		}
		out[k] = v
	}
	constant := func(v ssa.Value) (string, bool) {
		texts := stringValues(v)
		return firstText(texts), len(texts) == 1 && !strings.Contains(texts[0], dynamic)
	}
	for i, a := range args {
		k := strconv.Itoa(i + 2)
		v := normalize(a)
		if b, ok := v.Type().Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
			if s, ok := constant(v); ok {
				put(k, s)
			}
			continue
		}
		if _, ok := v.Type().Underlying().(*types.Pointer); !ok {
			continue
		}
		for _, st := range ssavalue.StructStores(v) {
			b, ok := st.Val.Type().Underlying().(*types.Basic)
			if !ok || b.Info()&types.IsString == 0 {
				continue
			}
			if s, ok := constant(st.Val); ok {
				put(k+"."+ssavalue.FieldName(st.Addr.(*ssa.FieldAddr)), s)
			}
		}
	}
	return out
}

func firstText(texts []string) string {
	if len(texts) == 0 {
		return ""
	}
	return texts[0]
}

// SetMethod decides an HTTP effect's operation and risk from a method its
// caller gave (the whole-program phase, from Effect.CallArgs).
func SetMethod(e *effect.Effect, method string) {
	setMethod(e, method)
	e.MethodArg, e.MethodField = 0, ""
}
