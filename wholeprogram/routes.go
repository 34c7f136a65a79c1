package wholeprogram

import (
	"go/types"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/models"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
	"github.com/jobeffects/jobeffects/analyzer/summary"
)

// Routes: a job that calls an HTTP route its own program serves
// (cfg.OrdersURL + "/orders/" + id + "/status") does what the route's
// handler does. The program's route registrations (models.Route: net/http
// ServeMux patterns with Go 1.22 methods and wildcards, chi, gorilla/mux,
// gin, echo) are read from the root packages' code, each under the
// prefixes of the group it is registered on (routeprefix.go); an HTTP effect whose
// path pattern (Effect.URLPath) and method match one route is replaced by
// the handler's effects, with the hop "(http POST /orders/{id}/status →
// handler)" in the path, when those effects are all decided; a handler
// that leaves one undecided keeps the HTTP effect, its decided effects
// beside it (undecided). No match, or a host that names another service
// (a constant public host), leaves the HTTP effect as it is.

// route is one route the program serves.
type route struct {
	method  string   // upper case; "" any
	pattern string   // as registered, for the path hop
	parts   []string // path segments; wildcards are "*", a trailing rest wildcard "**"
	fn      *ssa.Function
}

// routeTable reads the routes the functions register.
func routeTable(fns []*ssa.Function, ix *models.Index) []route {
	if !ix.HasRoutes() {
		return nil
	}
	var out []route
	pre := newPrefixer(fns, ix)
	for _, fn := range fns {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				ci, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				obj, args := ssavalue.Callee(ci.Common())
				if obj == nil {
					continue
				}
				m := ix.Route(obj)
				if m == nil || m.Pattern >= len(args) || m.Handler >= len(args) {
					continue
				}
				pattern := ssavalue.ConstString(args[m.Pattern])
				if pattern == "" {
					continue
				}
				method := m.Method
				if m.MethodArg != nil && *m.MethodArg < len(args) {
					method = ssavalue.ConstString(args[*m.MethodArg])
				}
				if method == "" && m.MethodsCall != "" {
					method = chainedMethods(ci, m.MethodsCall)
				}
				if i := strings.IndexByte(pattern, ' '); i > 0 && method == "" {
					// net/http and chi: "POST /orders/{id}"
					method, pattern = pattern[:i], strings.TrimSpace(pattern[i+1:])
				}
				h := handlerFunc(args[m.Handler])
				if h == nil {
					continue
				}
				// A host in the pattern ("api.example.com/x") is not matched.
				if !strings.HasPrefix(pattern, "/") {
					continue
				}
				for _, prefix := range pre.registered(ci.Common(), obj) {
					full := joinPath(prefix, pattern)
					out = append(out, route{method: strings.ToUpper(method), pattern: full, parts: routeParts(full), fn: h})
				}
			}
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].pattern != out[j].pattern {
			return out[i].pattern < out[j].pattern
		}
		return out[i].method < out[j].method
	})
	return out
}

// chainedMethods is the method a call on the registration's result sets
// (gorilla: r.HandleFunc(p, h).Methods("POST")).
func chainedMethods(ci ssa.CallInstruction, name string) string {
	v := ci.Value()
	if v == nil {
		return ""
	}
	for _, r := range ssavalue.Referrers(v) {
		call, ok := r.(*ssa.Call)
		if !ok {
			continue
		}
		callee := call.Call.StaticCallee()
		if callee == nil || callee.Name() != name || len(call.Call.Args) < 2 {
			continue
		}
		if elems := ssavalue.SliceElems(call.Call.Args[1]); len(elems) == 1 {
			return ssavalue.ConstString(elems[0])
		}
	}
	return ""
}

// handlerFunc is the function a handler argument runs: a function or
// method value, a closure, a conversion (http.HandlerFunc(f)), a value
// whose ServeHTTP runs, or the last of a variadic list (gin).
func handlerFunc(v ssa.Value) *ssa.Function {
	if elems := ssavalue.SliceElems(v); len(elems) > 0 {
		v = elems[len(elems)-1]
	}
	for i := 0; i < 8; i++ {
		switch x := v.(type) {
		case *ssa.Function:
			return ssavalue.Declared(x)
		case *ssa.MakeClosure:
			fn := x.Fn.(*ssa.Function)
			if obj, ok := fn.Object().(*types.Func); ok && fn.Synthetic != "" {
				if real := fn.Prog.FuncValue(obj); real != nil {
					return real // a bound method value
				}
			}
			return fn
		case *ssa.ChangeType:
			v = x.X
		case *ssa.Convert:
			v = x.X
		case *ssa.MakeInterface:
			if _, ok := x.X.Type().Underlying().(*types.Signature); ok {
				// http.HandlerFunc(h): the adapter's ServeHTTP calls h
				v = x.X
				continue
			}
			if ms := x.Parent().Prog.MethodSets.MethodSet(x.X.Type()); ms != nil {
				if sel := ms.Lookup(nil, "ServeHTTP"); sel != nil {
					if fn := x.Parent().Prog.MethodValue(sel); fn != nil {
						return ssavalue.Declared(fn)
					}
				}
			}
			v = x.X
		default:
			return nil
		}
	}
	return nil
}

// routeParts splits a route pattern into segments: {id}, :id and * are
// one-segment wildcards, {rest...} and a trailing * the rest of the path.
func routeParts(pattern string) []string {
	pattern = strings.TrimSuffix(pattern, "{$}")
	segs := strings.Split(strings.Trim(pattern, "/"), "/")
	out := make([]string, 0, len(segs))
	for i, s := range segs {
		switch {
		case strings.HasSuffix(s, "...}") || (s == "*" && i == len(segs)-1):
			out = append(out, "**")
		case strings.HasPrefix(s, "{") || strings.HasPrefix(s, ":") || s == "*":
			out = append(out, "*")
		default:
			out = append(out, s)
		}
	}
	return out
}

// matches reports whether a call's path pattern ("/orders/{}/status") is
// served by the route. Where the call's host is not a constant of this
// program's (a base URL from configuration), at least one constant
// segment must meet the route's: a base URL naming another service with
// a path of its own ("/embed") would otherwise be taken for a route of
// wildcards only ("/:id", often registered under a group prefix the
// route table does not see), and a reviewer links nothing on that.
func (r *route) matches(method, path string, ownConstHost bool) bool {
	if r.method != "" && r.method != strings.ToUpper(method) {
		return false
	}
	segs := strings.Split(strings.Trim(path, "/"), "/")
	literal := ownConstHost
	for i, p := range r.parts {
		if p == "**" {
			return literal
		}
		if i >= len(segs) {
			return false
		}
		if p != "*" && p != segs[i] {
			return false // a dynamic segment ({}) matches only a wildcard
		}
		if p != "*" {
			literal = true
		}
	}
	return len(segs) == len(r.parts) && literal
}

// ownHost reports whether an HTTP effect's target could be a service of
// this program: no constant host, or one without a domain (orders:8080,
// localhost).
func ownHost(target string) bool {
	if target == "" || target == "http" {
		return true
	}
	host, _, _ := strings.Cut(target, "/")
	host, _, _ = strings.Cut(host, ":")
	return !strings.Contains(host, ".") || host == "127.0.0.1"
}

// throughRoute replaces an HTTP effect to a route of the program by the
// route's handler's effects; nil when no route matches.
func (r *resolver) throughRoute(e effect.Effect) []effect.Effect {
	if e.Kind != effect.KindHTTP || e.URLPath == "" || !ownHost(e.Target) || len(e.Path) == 0 {
		return nil
	}
	method := e.Op
	if e.HTTPSet == effect.RuleMergePatchSet {
		method = "patch" // a PATCH read as a set (summary.DecideSet)
	}
	constHost := e.Target != "" && e.Target != "http" && !strings.HasPrefix(e.Target, "/")
	var hit *route
	for i := range r.routes {
		if r.routes[i].matches(method, e.URLPath, constHost) {
			if hit != nil {
				return nil // two routes: which one runs depends on the router's precedence
			}
			hit = &r.routes[i]
		}
	}
	if hit == nil {
		return nil
	}
	s := r.sums[summary.Key(r.fset, hit.fn)]
	if s == nil {
		return nil
	}
	last := e.Path[len(e.Path)-1]
	via := "http " + strings.ToUpper(method) + " " + hit.pattern + " → " + summary.SSAName(hit.fn)
	hop := effect.Hop{Pos: last.Pos, Func: last.Func + " (" + via + ")"}
	prefix := append(append([]effect.Hop(nil), e.Path[:len(e.Path)-1]...), hop)
	// A reviewer follows the route when they can read it: the route's
	// effects replace the call's own reading only when they are all
	// decided, or when the call's reading decided nothing either. A
	// route whose handler leaves some effect undecided (a service
	// interface it calls, unknown) keeps the call as the request it is
	// (a POST stays a non-idempotent HTTP call) and adds beside it what
	// the route is known to do (a GET whose route inserts is not safe).
	replace := undecided(e)
	var open []string
	if !replace {
		for _, ce := range s.Effects {
			if undecided(ce) {
				open = append(open, ce.Describe())
			}
		}
		replace = len(open) == 0
	}
	out := []effect.Effect{}
	if !replace {
		kept := e
		sort.Strings(open)
		n := "1 effect undecided (" + open[0] + ")"
		if len(open) > 1 {
			n = strconv.Itoa(len(open)) + " effects undecided (first: " + open[0] + ")"
		}
		kept.Detail = effect.JoinDetail(kept.Detail, "the program's route ("+via+") is not taken for this call: its handler leaves "+n+"; what it decides is listed beside this call")
		out = append(out, kept)
	}
	for _, ce := range s.Effects {
		if !replace && undecided(ce) {
			continue
		}
		ne := ce
		ne.Path = append(append([]effect.Hop(nil), prefix...), ce.Path...)
		ne.Exec = effect.NoExec
		requestKeyed(&ne, e)
		out = append(out, ne)
	}
	return out
}

// undecided reports whether the analysis left an effect undecided: a call
// it could not follow (whose reading from names, if any, is applied
// later), an unknown, or one read from names only.
func undecided(e effect.Effect) bool {
	e = e.Raw()
	switch e.Kind {
	case effect.KindDynamic, effect.KindUnknown:
		return true
	}
	return e.Risk == effect.Unknown || e.By == effect.ByName
}

// requestKeyed decides a route handler's claim keyed by the request
// (r.Header.Get("Idempotency-Key"), a body field) from the calling job's
// side: it guards the effect end to end only when the job sends a stable
// key; a random key or none makes every delivery a new claim.
func requestKeyed(ne *effect.Effect, call effect.Effect) {
	g := ne.Guard
	if g == nil || g.Kind != effect.GuardClaim || !fromRequest(g.Expr) {
		return
	}
	switch {
	case call.Key == nil:
		ne.Guard = nil
		ne.Detail = effect.JoinDetail(ne.Detail, "the route claims the request's key ("+g.Expr+"), which this call does not send: every delivery is a new claim")
	case call.Key.Random != "":
		ne.Guard = nil
		ne.Detail = effect.JoinDetail(ne.Detail, "the route claims the request's key ("+g.Expr+"), which this call derives from "+call.Key.Random+": every delivery is a new claim")
	default:
		c := *g
		c.Note = "the job sends " + call.Key.Expr + " and the route claims it as " + g.Expr
		ne.Guard = &c
	}
}

// fromRequest reports whether a claim's key expression reads the HTTP
// request: a header, a form or query value, a path value or a decoded
// body field.
func fromRequest(expr string) bool {
	for _, m := range []string{".Header.Get(", ".Header.Values(", ".FormValue(", ".PostFormValue(", ".URL.Query()", "Idempotency-Key", "IdempotencyKey", "idempotency_key"} {
		if strings.Contains(expr, m) {
			return true
		}
	}
	return false
}
