package summary

import (
	"go/types"
	"maps"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/infer"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// An OAuth2 token request (RFC 6749 4.1.3, 4.3.2, 4.4.2, 6) is a POST of
// a form whose "grant_type" field names the grant: the server answers
// with an access token and keeps nothing a second request would repeat
// (a client-credentials grant issues another token). The token
// endpoint's URL is often configuration, so the path says nothing
// (infer's credential_paths); the body does: a url.Values with a
// "grant_type" key set (data.Set("grant_type", "client_credentials"),
// url.Values{"grant_type": {…}}), sent as it is (http.PostForm) or as
// its Encode text (strings.NewReader(v.Encode()), []byte(v.Encode())).
// The form may be built by a caller of the function that sends it, the
// way a shared HTTP wrapper takes the body's bytes as a parameter:
// Effect.TokenGrantArg names the parameter, each caller decides, and an
// interface call records which of its arguments are token forms
// (Effect.CallGrants) for the resolution of the interface (the
// whole-program phase, go vet's of a wired field), or are its function's
// parameters (Effect.CallGrantArgs: a helper handed the form's bytes
// makes the call; each caller decides). A POST decided so is safe, by
// code (effect.RuleTokenGrant).

// grantType is the form field that makes a request an OAuth2 token request.
const grantType = "grant_type"

// tokenGrant records whether an HTTP request's body is an OAuth2 token
// request's form, or which parameter it comes from (the caller decides).
func (w *walker) tokenGrant(e *effect.Effect, body ssa.Value) {
	if body == nil || e.TokenGrant != "" {
		return
	}
	form := formOf(body)
	if g, ok := grantOf(form); ok {
		e.TokenGrant, e.TokenGrantArg = g, 0
		return
	}
	if k := w.execIndex(normalize(form)); k != effect.NoExec {
		e.TokenGrantArg = k + 1
	}
}

// resolveTokenGrant decides, at a call, a body that is the callee's
// parameter: the form (or its bytes) the caller passes there.
func (w *walker) resolveTokenGrant(e *effect.Effect, args, bindings []ssa.Value) {
	v := pick(e.TokenGrantArg-1, args, bindings)
	e.TokenGrantArg = 0
	if v == nil {
		return
	}
	w.tokenGrant(e, v)
}

// callGrants are the arguments of an interface call that are token forms
// or their bytes, keyed as argConsts keys them (1-based, receiver first;
// args exclude the receiver), with their grant types; and those that are
// a form (or its bytes) this function's caller passes as a parameter,
// for resolveCallGrants.
func (w *walker) callGrants(args []ssa.Value) (grants map[string]string, params []effect.ArgParam) {
	for i, a := range args {
		key := strconv.Itoa(i + 2)
		if g, ok := grantOf(formOf(a)); ok {
			if grants == nil {
				grants = map[string]string{}
			}
			grants[key] = g
		} else if k := w.formParam(a); k != effect.NoExec {
			params = append(params, effect.ArgParam{Key: key, Param: k + 1})
		}
	}
	return grants, params
}

// formParam is the parameter (as execIndex counts) a value that may
// carry a form is, or what it is made from (formOf) is: a string, bytes,
// a url.Values-shaped map or a reader; effect.NoExec otherwise.
func (w *walker) formParam(v ssa.Value) int {
	p := normalize(formOf(v))
	if p == nil || !formType(p.Type()) {
		return effect.NoExec
	}
	return w.execIndex(p)
}

// formType reports whether a value of t may be a form or its text.
func formType(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&types.IsString != 0
	case *types.Slice:
		b, ok := u.Elem().Underlying().(*types.Basic)
		return ok && b.Kind() == types.Byte
	case *types.Map:
		k, ok := u.Key().Underlying().(*types.Basic)
		return ok && k.Info()&types.IsString != 0
	case *types.Interface:
		for i := 0; i < u.NumMethods(); i++ {
			if u.Method(i).Name() == "Read" {
				return true // an io.Reader
			}
		}
	}
	return false
}

// resolveCallGrants decides, at a call, the arguments of an interface
// call (Effect.CallGrantArgs) that are the callee's parameters: a token
// form the caller passes there is one of the interface call's grants
// (CallGrants), a parameter of the caller is left to its callers in turn.
// The form built in a handler and handed to a helper that makes the
// interface call is followed so across the helper's call, as its body is
// (resolveCallBodies).
func (w *walker) resolveCallGrants(e *effect.Effect, args, bindings []ssa.Value) {
	if len(e.CallGrantArgs) == 0 {
		return
	}
	var grants map[string]string
	var params []effect.ArgParam
	for _, a := range e.CallGrantArgs {
		v := pick(a.Param-1, args, bindings)
		if v == nil {
			continue
		}
		if g, ok := grantOf(formOf(v)); ok {
			if grants == nil {
				grants = maps.Clone(e.CallGrants) // the callee's summary shares the map
				if grants == nil {
					grants = map[string]string{}
				}
			}
			grants[a.Key] = g
		} else if k := w.formParam(v); k != effect.NoExec {
			params = append(params, effect.ArgParam{Key: a.Key, Param: k + 1})
		}
	}
	if grants != nil {
		e.CallGrants = grants
	}
	e.CallGrantArgs = params
}

// ResolveTokenGrant decides, where the whole-program phase resolves an
// interface call (call) to an implementation's HTTP effect e, a body e
// leaves to its caller: a token form when the call passes one there.
func ResolveTokenGrant(call, e *effect.Effect) {
	if e.TokenGrantArg == 0 {
		return
	}
	if g, ok := call.CallGrants[strconv.Itoa(e.TokenGrantArg)]; ok {
		e.TokenGrant = g
	}
	e.TokenGrantArg = 0
}

// callGrantsString shows an interface call's token forms for the fact
// log, by argument: "3:client_credentials". The arguments left to the
// callers (CallGrantArgs) are not shown: every string or bytes parameter
// an interface call passes on is one.
func callGrantsString(e *effect.Effect) string {
	var parts []string
	for k, g := range e.CallGrants {
		parts = append(parts, k+":"+g)
	}
	sort.Strings(parts)
	return strings.Join(parts, ",")
}

// formOf is the value a request body is made from: the reader's bytes
// (bytes.NewReader, strings.NewReader), seen through a []byte or string
// conversion, and the url.Values whose Encode text they are.
func formOf(v ssa.Value) ssa.Value {
	if r := readerOf(v); r != nil {
		v = r
	}
	for i := 0; i < 4; i++ {
		v = ssavalue.Unconvert(v)
		switch x := v.(type) {
		case *ssa.Convert:
			v = x.X
		case *ssa.Call:
			fn := x.Call.StaticCallee()
			if fn == nil || fn.Object() == nil || fn.Object().(*types.Func).FullName() != "(net/url.Values).Encode" || len(x.Call.Args) != 1 {
				return v
			}
			v = x.Call.Args[0]
		default:
			return v
		}
	}
	return v
}

// grantOf reports whether v is a url.Values (any map of strings to
// string lists) given a "grant_type" key, by a literal or an index
// assignment (a MapUpdate) or by its Set or Add method, and the grant
// type it names: the constant, or "?" when it is set at run time.
func grantOf(v ssa.Value) (string, bool) {
	if v == nil {
		return "", false
	}
	if _, ok := v.Type().Underlying().(*types.Map); !ok {
		return "", false
	}
	for _, r := range ssavalue.Referrers(v) {
		switch x := r.(type) {
		case *ssa.MapUpdate:
			if x.Map == v && constOr([]ssa.Value{x.Key}, 0) == grantType {
				return grantName(listConst(x.Value)), true
			}
		case *ssa.Call:
			fn := x.Call.StaticCallee()
			if fn == nil || fn.Object() == nil || len(x.Call.Args) != 3 || x.Call.Args[0] != v {
				continue
			}
			switch fn.Object().(*types.Func).FullName() {
			case "(net/url.Values).Set", "(net/url.Values).Add":
				if constOr(x.Call.Args, 1) == grantType {
					return grantName(constOr(x.Call.Args, 2)), true
				}
			}
		}
	}
	return "", false
}

// grantName is a grant type as Effect.TokenGrant keeps it: "?" when
// not constant.
func grantName(g string) string {
	if g == "" {
		return "?"
	}
	return g
}

// listConst is the one constant a []string literal holds ({"x"}), ""
// otherwise.
func listConst(v ssa.Value) string {
	sl, ok := v.(*ssa.Slice)
	if !ok {
		return ""
	}
	a, ok := sl.X.(*ssa.Alloc)
	if !ok {
		return ""
	}
	var vals []ssa.Value
	for _, r := range ssavalue.Referrers(a) {
		ia, ok := r.(*ssa.IndexAddr)
		if !ok {
			continue
		}
		for _, u := range ssavalue.Referrers(ia) {
			if st, ok := u.(*ssa.Store); ok && st.Addr == ia {
				vals = append(vals, st.Val)
			}
		}
	}
	if len(vals) != 1 {
		return ""
	}
	return constOr(vals, 0)
}

// DecideTokenGrant reads an outbound POST whose body is an OAuth2 token
// request's form as the token request it is (effect.RuleTokenGrant): a
// repeat gets another short-lived token and changes nothing at the
// provider. Left for the callers while its method or body is theirs.
func DecideTokenGrant(e *effect.Effect) {
	if e.Kind != effect.KindHTTP || e.Op != "post" || e.TokenGrant == "" || e.HTTPSet != "" || e.MethodArg > 0 || e.RequestArg > 0 || e.Risk != effect.High {
		return
	}
	if !infer.RepeatableGrant(e.TokenGrant) {
		if note := "an OAuth2 token request (grant_type " + e.TokenGrant + "), not read as repeatable: its code or refresh token may be spent by the first"; !strings.Contains(e.Detail, note) {
			e.Detail = effect.JoinDetail(e.Detail, note)
		}
		return
	}
	e.Risk, e.HTTPSet, e.By = effect.Safe, effect.RuleTokenGrant, effect.ByCode
	e.Detail = effect.JoinDetail(e.Detail, "a POST of a form with grant_type "+e.TokenGrant+" (an OAuth2 token request, RFC 6749): "+
		"a repeat gets another access token, nothing changes at the provider (rule "+effect.RuleTokenGrant+")")
}
