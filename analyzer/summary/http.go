package summary

import (
	"fmt"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/guard"
	"github.com/jobeffects/jobeffects/analyzer/models"
	"github.com/jobeffects/jobeffects/analyzer/rules"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// HTTP calls: the effect's operation is the request's method, its target
// the URL's host and constant path. The method is often not constant where
// the request is sent: an SDK's helper takes it as a parameter
// (c.NewRequest("POST", u, body), apiAction("POST", url, …)) and a Do method
// sends the request it is given. The effect then says which parameter
// decides (Effect.MethodArg, Effect.RequestArg, Summary.RequestMethodArg),
// and the caller that passes a constant there decides it.

// origin is where a request's method and URL come from.
type origin struct {
	method string    // constant method, "" if not known
	target string    // host and constant path
	param  ssa.Value // the value the method comes from when it is not constant
	field  string    // the field (path) of param that is the method, "" when param is the method
	url    ssa.Value // the URL's value when its host is not constant
	path   string    // the URL's path pattern (URLPath)
	paths  []string  // the URL's path patterns when it is one of several texts (URLPaths)
	query  string    // the URL's query pattern (URLQuery)
	body   ssa.Value // the request body, when built here
	rawURL ssa.Value // the URL argument the request was built with
	built  *ssa.Call // the call that built the request
}

// requestOrigin finds the method and target of an *http.Request: from the
// http.NewRequest call that built it, a helper whose summary says which of
// its parameters is the method, or a later req.Method store.
func (w *walker) requestOrigin(req ssa.Value) origin {
	var o origin
	req = requestBase(req)
	if ex, ok := req.(*ssa.Extract); ok && ex.Index == 0 {
		if call, ok := ex.Tuple.(*ssa.Call); ok {
			o = w.builtBy(call)
		}
	} else if call, ok := req.(*ssa.Call); ok {
		o = w.builtBy(call)
	}
	for _, st := range ssavalue.FieldStores(req, "Method") {
		if texts := stringValues(st.Val); len(texts) == 1 && !strings.Contains(texts[0], dynamic) {
			o.method, o.param = texts[0], nil
		} else {
			o.method, o.param = "", st.Val
		}
	}
	return o
}

// builtBy reads a request-building call: http.NewRequest(WithContext), or
// a function that returns a request built from its method parameter.
func (w *walker) builtBy(call *ssa.Call) origin {
	callee := call.Call.StaticCallee()
	if callee == nil || callee.Object() == nil {
		return origin{}
	}
	args := call.Call.Args
	mi, ui, bi := -1, -1, -1
	field := ""
	switch callee.Object().(*types.Func).FullName() {
	case "net/http.NewRequest":
		mi, ui, bi = 0, 1, 2
	case "net/http.NewRequestWithContext":
		mi, ui, bi = 1, 2, 3
	default:
		if m := w.requestBuilder(callee); m != nil {
			// A client library's request builder (catalog builds_request).
			mi, ui, bi = m.BuildsRequest.Method, m.BuildsRequest.URL, m.BuildsRequest.Body
		} else if s := w.summaryOf(callee); s != nil {
			if s.RequestMethodArg > 0 {
				mi, field = s.RequestMethodArg-1, s.RequestMethodField
			}
			if s.RequestBodyArg > 0 {
				bi = s.RequestBodyArg - 1
			}
		}
	}
	var o origin
	o.built = call
	if bi >= 0 && bi < len(args) {
		o.body = args[bi]
	}
	if mi >= 0 && mi < len(args) && field != "" {
		// The builder reads the method from a field of its argument
		// (httpfield.go): the literal or constructor that built it may
		// say which.
		if o.method = fieldConstPath(args[mi], field); o.method == "" {
			o.method = w.fieldFromConstructor(args[mi], field)
		}
		if o.method == "" {
			o.param, o.field = args[mi], field
		}
	} else if mi >= 0 && mi < len(args) {
		if o.method = constOr(args, mi); o.method == "" {
			o.param = args[mi]
		}
	}
	if ui >= 0 && ui < len(args) {
		o.rawURL = args[ui]
		u := w.keptURL(args[ui])
		o.path, o.query = urlPath(u), urlQuery(u)
		if o.path == "" {
			o.paths = urlPathsOf(u)
		}
		if o.target = urlTarget([]ssa.Value{u}, 0); o.target == "" {
			o.url = args[ui]
		}
	}
	return o
}

// requestBuilder is the catalog's model of callee when it builds a
// request (builds_request), else nil.
func (w *walker) requestBuilder(callee *ssa.Function) *models.Model {
	fn, ok := callee.Object().(*types.Func)
	if !ok || w.p.env.Index == nil {
		return nil
	}
	if m := w.p.env.Index.Lookup(fn); m != nil && m.BuildsRequest != nil {
		return m
	}
	return nil
}

// keptURL is the URL a client keeps in a struct field, read back where
// the request is built: the one value the package stores into the field
// (its constructor's &influxClient{url: fmt.Sprintf(…)}), else v.
func (w *walker) keptURL(v ssa.Value) ssa.Value {
	load, ok := ssavalue.Unconvert(v).(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return v
	}
	fa, ok := load.X.(*ssa.FieldAddr)
	if !ok {
		return v
	}
	if vals := w.p.stringFields().Of(fa.X.Type(), fa.Field); len(vals) == 1 {
		return vals[0]
	}
	return v
}

// summaryOf is the summary of a statically called function, if known.
func (w *walker) summaryOf(callee *ssa.Function) *Summary {
	if o := callee.Origin(); o != nil {
		callee = o
	}
	if w.p.set[callee] {
		return w.p.sums[callee]
	}
	if obj, ok := callee.Object().(*types.Func); ok {
		if s, ok := w.p.env.Import(obj); ok {
			return s
		}
	}
	return nil
}

// httpRequest sets an http effect's operation and risk from the method the
// request was built with, its target from the URL, and its key from an
// Idempotency-Key header. A method that comes from a parameter (or a
// request that is one) is left for the callers.
func (w *walker) httpRequest(e *effect.Effect, req ssa.Value) {
	if req == nil {
		setMethod(e, "")
		return
	}
	o := w.requestOrigin(req)
	setMethod(e, o.method)
	if o.method == "" {
		if k := w.execIndex(requestBase(req)); k != effect.NoExec {
			e.RequestArg = k + 1
		} else if o.param != nil && o.field != "" {
			w.resolveMethodField(e, o.param, o.field)
		} else if o.param != nil {
			if k := w.execIndex(normalize(o.param)); k != effect.NoExec {
				e.MethodArg = k + 1
			} else if k, f := w.paramField(o.param); f != "" {
				e.MethodArg, e.MethodField = k+1, f
			}
		} else if k, f := w.paramField(requestBase(req)); f != "" {
			// The request is kept in a field of a parameter (a gate's
			// own request type: req.httpRequest.Clone(ctx)): its
			// method is that request's, which the caller built.
			e.MethodArg, e.MethodField = k+1, f+".Method"
		}
	}
	if o.query != "" {
		e.URLQuery = o.query
	}
	if o.path != "" {
		e.URLPath = o.path
		if o.target == "" {
			e.Target = o.path // the host is a base URL: name the path at least
		}
	}
	if o.paths != nil {
		e.URLPaths = o.paths
	}
	if o.query != "" {
		e.URLQuery = o.query
	}
	if o.target != "" {
		e.Target = o.target
	} else if o.url != nil && e.RequestArg == 0 {
		if k := w.execIndex(normalize(o.url)); k != effect.NoExec {
			e.URLArg = k + 1
		} else if k, f := w.paramField(o.url); f != "" && o.path == "" {
			e.URLArg, e.URLField = k+1, f
		}
	}
	if k := w.headerKey(req); k != nil {
		e.Key = k
	} else if k := w.bodyKey(o.body); k != nil {
		e.Key = k
	} else if k := w.activityKey(req, o.body); k != nil {
		e.Key = k
	} else if k := w.pathKey(e, o.rawURL, builtAt(o)); k != nil {
		e.Key = k
	}
	w.rpcMethod(e, o.body)
	w.textBody(e, o.body)
	w.tokenGrant(e, o.body)
	if e.RequestArg == 0 {
		w.requestBody(e, req, o.body)
		DecideSet(e)
		DecideDelete(e)
		DecideTokenGrant(e)
	}
}

// setMethod sets an http effect's operation and risk from its method.
func setMethod(e *effect.Effect, method string) {
	e.Op = strings.ToLower(method)
	switch e.Op {
	case "post", "patch", "put", "delete":
		// An outbound write to another party: the design rates it high
		// whatever HTTP says about PUT and DELETE, because the server on
		// the other side decides whether a repeat is harmless.
		e.Risk = effect.High
		e.Detail = strings.TrimSuffix(strings.TrimSuffix(e.Detail, methodUnknown), "; ")
	case "get", "head", "options":
		e.Risk = effect.Safe
		e.Detail = strings.TrimSuffix(strings.TrimSuffix(e.Detail, methodUnknown), "; ")
	default:
		e.Op = effect.OpUnknown
		e.Risk = effect.Unknown
		if !strings.Contains(e.Detail, methodUnknown) {
			e.Detail = effect.JoinDetail(e.Detail, methodUnknown)
		}
	}
}

const methodUnknown = "request method not known statically"

// resolveHTTP decides, at a call, the method (and URL) of a callee's http
// effect that waits for its caller: the method string, the URL or the
// request the caller passes there.
func (w *walker) resolveHTTP(e *effect.Effect, args, bindings []ssa.Value) {
	defer DecideTokenGrant(e)
	defer DecideDelete(e) // once the caller decided the method and the URL
	if e.URLArg > 0 && e.URLField == "" {
		v := pick(e.URLArg-1, args, bindings)
		e.URLArg = 0
		if v != nil {
			if p := urlPath(v); p != "" {
				e.URLPath = p
			} else if ps := urlPathsOf(v); ps != nil {
				e.URLPaths = ps
			}
			if q := urlQuery(v); q != "" {
				e.URLQuery = q
			}
			if t := urlTarget([]ssa.Value{v}, 0); t != "" {
				e.Target = t
			} else if k := w.execIndex(normalize(v)); k != effect.NoExec {
				e.URLArg = k + 1
			}
		}
	}
	if e.RPCMethodArg > 0 {
		w.resolveRPCMethod(e, args, bindings)
	}
	if e.TextBodyArg > 0 {
		w.resolveTextBody(e, args, bindings)
	}
	if e.TokenGrantArg > 0 {
		w.resolveTokenGrant(e, args, bindings)
	}
	switch {
	case e.MethodArg > 0:
		v := pick(e.MethodArg-1, args, bindings)
		field := e.MethodField
		e.MethodArg, e.MethodField = 0, ""
		if v == nil {
			return
		}
		if field != "" {
			w.resolveMethodField(e, v, field)
			return
		}
		if m := constOr([]ssa.Value{v}, 0); m != "" {
			setMethod(e, m)
		} else if k := w.execIndex(normalize(v)); k != effect.NoExec {
			e.MethodArg = k + 1
		}
	case e.RequestArg > 0:
		v := pick(e.RequestArg-1, args, bindings)
		e.RequestArg = 0
		if v == nil {
			return
		}
		if k := w.execIndex(requestBase(v)); k != effect.NoExec {
			e.RequestArg = k + 1 // passed on again
			return
		}
		o := w.requestOrigin(v)
		if e.RPCMethod == "" && e.RPCMethodArg == 0 {
			w.rpcMethod(e, o.body)
		}
		w.textBody(e, o.body)
		w.tokenGrant(e, o.body)
		if e.Body == nil && e.BodyArg == 0 {
			w.requestBody(e, v, o.body)
		}
		if e.Key == nil && e.Guard == nil && e.Issue == "" {
			// The request was built here and sent by a helper
			// (d.do(req)): its Idempotency-Key header is set here, and
			// decides as on a request sent here (guard.keys).
			k := w.headerKey(v)
			if k == nil {
				k = w.bodyKey(o.body)
			}
			if k == nil {
				k = w.activityKey(v, o.body)
			}
			if k != nil {
				e.Key = k
				w.keyGuard(e)
			}
		}
		if o.method != "" {
			setMethod(e, o.method)
			if e.Key == nil && e.Guard == nil && e.Issue == "" {
				if k := w.pathKey(e, o.rawURL, builtAt(o)); k != nil {
					e.Key = k
					w.keyGuard(e)
				}
			}
		} else if o.param != nil && o.field != "" {
			w.resolveMethodField(e, o.param, o.field)
		} else if o.param != nil {
			if k := w.execIndex(normalize(o.param)); k != effect.NoExec {
				e.MethodArg = k + 1
			}
		}
		if o.path != "" {
			e.URLPath = o.path
		} else if o.paths != nil {
			e.URLPaths = o.paths
		}
		if o.query != "" {
			e.URLQuery = o.query
		}
		if o.target != "" && (e.Target == "" || e.Target == "http") {
			e.Target = o.target
		} else if o.url != nil {
			if k := w.execIndex(normalize(o.url)); k != effect.NoExec {
				e.URLArg = k + 1
			}
		}
	}
}

// keyGuard decides an effect by the idempotency key it was just given:
// a key from no random or time source guards it (its callers' arguments
// decide a key that is a parameter: resolveKey), a random one is
// random-key, as guard.keys decides for a request sent where its key is
// set.
func (w *walker) keyGuard(e *effect.Effect) {
	k := e.Key
	if k.Random == "" {
		e.Guard = &effect.Guard{Kind: effect.GuardKey, Expr: k.Expr, Pos: k.Pos}
		if k.Identity != "" {
			e.Guard.Note = effect.IdentityNote(k.Identity)
		}
		if k.Note != "" {
			e.Guard.Note = effect.JoinDetail(e.Guard.Note, k.Note)
		}
		return
	}
	if !e.Risk.NonIdempotent() {
		return
	}
	e.Issue, e.IssuePos = rules.RandomKey, k.Pos
	expr := k.Expr
	if expr == "" {
		expr = "(expression)"
	}
	w.pitfalls = append(w.pitfalls, guard.Pitfall{Rule: rules.RandomKey, Pos: k.Pos, Message: fmt.Sprintf(
		"idempotency key %s derives from %s: every delivery sends a new key, so the %s is not deduplicated; derive the key from the job's business identity",
		expr, k.Random, e.Describe())})
}

// requestMethodArg says which parameter of fn is the method of the
// *http.Request it returns (1-based; 0 when none), and the field (path) of
// it that is, when the method is a field of the parameter (a request
// type's HTTPRequest method reading r.fields.Method): fn is a request
// builder.
func (w *walker) requestMethodArg(fn *ssa.Function) (int, string) {
	arg, field := 0, ""
	for _, o := range w.returnedRequests(fn) {
		if o.param == nil {
			return 0, ""
		}
		k, f := w.execIndex(normalize(o.param)), o.field
		if k == effect.NoExec && f == "" {
			k, f = w.paramField(o.param)
		}
		if k == effect.NoExec || (arg != 0 && (arg != k+1 || field != f)) {
			return 0, ""
		}
		arg, field = k+1, f
	}
	return arg, field
}

// requestBodyArg is Summary.RequestBodyArg: the parameter (1-based; 0
// when none) every request fn returns was built with as its body.
func (w *walker) requestBodyArg(fn *ssa.Function) int {
	arg := 0
	for _, o := range w.returnedRequests(fn) {
		if o.body == nil {
			return 0
		}
		k := w.execIndex(normalize(o.body))
		if k == effect.NoExec || (arg != 0 && arg != k+1) {
			return 0
		}
		arg = k + 1
	}
	return arg
}

// returnedRequests are the origins of the requests fn returns as its first
// result, one per return that is not an error return (a nil request);
// none when fn returns no *http.Request.
func (w *walker) returnedRequests(fn *ssa.Function) []origin {
	res := fn.Signature.Results()
	if res.Len() == 0 || !isRequest(res.At(0).Type()) {
		return nil
	}
	var out []origin
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) == 0 {
			continue
		}
		if c, ok := ret.Results[0].(*ssa.Const); ok && c.IsNil() {
			continue // an error return
		}
		out = append(out, w.requestOrigin(ret.Results[0]))
	}
	return out
}

// requestBase is the request v is a copy of: req.WithContext(ctx) and
// req.Clone(ctx) keep its method and URL (DoHTTPRequest(ctx, req) sends
// req.WithContext(newCtx)).
func requestBase(v ssa.Value) ssa.Value {
	for i := 0; i < 4; i++ {
		v = normalize(v)
		c, ok := v.(*ssa.Call)
		if !ok {
			return v
		}
		fn := c.Call.StaticCallee()
		if fn == nil || fn.Object() == nil || len(c.Call.Args) == 0 {
			return v
		}
		switch fn.Object().(*types.Func).FullName() {
		case "(*net/http.Request).WithContext", "(*net/http.Request).Clone":
			v = c.Call.Args[0]
		default:
			return v
		}
	}
	return v
}

func isRequest(t types.Type) bool {
	p, ok := t.(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "net/http" && n.Obj().Name() == "Request"
}

func constOr(args []ssa.Value, i int) string {
	if i >= len(args) {
		return ""
	}
	if texts := stringValues(args[i]); len(texts) == 1 && !strings.Contains(texts[0], dynamic) {
		return texts[0]
	}
	return ""
}

// urlTarget is the host and the constant path of a URL argument
// ("partner.example.com/hooks/shop"), "" when the host is not constant.
func urlTarget(args []ssa.Value, i int) string {
	if i >= len(args) {
		return ""
	}
	texts := urlTexts(args[i])
	if len(texts) != 1 {
		return ""
	}
	u := texts[0]
	if j := strings.Index(u, dynamic); j >= 0 {
		u = u[:j]
	}
	j := strings.Index(u, "://")
	if j < 0 {
		return ""
	}
	u = u[j+3:]
	if k := strings.IndexAny(u, "?#"); k >= 0 {
		u = u[:k]
	}
	return strings.TrimRight(u, "/")
}

// urlPath is the path of a URL value as a pattern, its dynamic segments
// written {} ("/orders/{}/status"): after a constant scheme and host, or
// after a base URL that is not constant (cfg.BaseURL + "/orders/" + id).
// "" when the path is not known.
func urlPath(v ssa.Value) string {
	texts := urlTexts(v)
	if len(texts) != 1 {
		return ""
	}
	return urlPathText(texts[0])
}

// urlPathText is urlPath of one URL text.
func urlPathText(u string) string {
	switch {
	case strings.HasPrefix(u, dynamic+"://"):
		// A scheme from configuration ("%s://%s:%d/write?db=%s"): the
		// path follows the host.
		u = strings.TrimPrefix(u, dynamic+"://")
		k := strings.IndexByte(u, '/')
		if k < 0 {
			return ""
		}
		u = u[k:]
	case strings.HasPrefix(u, dynamic):
		u = strings.TrimPrefix(u, dynamic)
	case strings.Contains(u, "://"):
		u = u[strings.Index(u, "://")+3:]
		k := strings.IndexByte(u, '/')
		if k < 0 || strings.Contains(u[:k], dynamic) && !strings.HasPrefix(u, dynamic) {
			return ""
		}
		u = u[k:]
	default:
		return ""
	}
	if k := strings.IndexAny(u, "?#"); k >= 0 {
		u = u[:k]
	}
	if !strings.HasPrefix(u, "/") || u == "/" {
		return ""
	}
	return strings.ReplaceAll(u, dynamic, "{}")
}

// urlQuery is the query of a URL value as a pattern, its dynamic parts
// written {} ("action={}&id={}"): what follows a "?" in its text, when the
// text is known up to there ("https://api.example.com/v1?action=create",
// cfg.BaseURL + "/jobs?action=" + act). "" when there is none.
func urlQuery(v ssa.Value) string {
	texts := urlTexts(v)
	if len(texts) != 1 {
		return ""
	}
	_, q, ok := strings.Cut(texts[0], "?")
	if !ok {
		return ""
	}
	if k := strings.IndexByte(q, '#'); k >= 0 {
		q = q[:k]
	}
	return strings.ReplaceAll(q, dynamic, "{}")
}

// headerSets are the calls that set or add a header on the request req
// (req.Header.Set(k, v), req.Header.Add(k, v)), in the order of req's
// referrers: what the request is sent with, read by the idempotency key
// and the content type alike.
func headerSets(req ssa.Value) []*ssa.Call {
	var out []*ssa.Call
	for _, r := range ssavalue.Referrers(req) {
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
				if !ok || len(call.Call.Args) != 3 {
					continue
				}
				callee := call.Call.StaticCallee()
				if callee == nil || callee.Object() == nil {
					continue
				}
				switch callee.Object().(*types.Func).FullName() {
				case "(net/http.Header).Set", "(net/http.Header).Add":
					out = append(out, call)
				}
			}
		}
	}
	return out
}
