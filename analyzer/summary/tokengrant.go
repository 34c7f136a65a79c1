package summary

import (
	"go/types"
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
// (Effect.CallGrants) for the whole-program phase. A POST decided so is
// safe, by code (effect.RuleTokenGrant).

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
// args exclude the receiver), with their grant types.
func callGrants(args []ssa.Value) map[string]string {
	var out map[string]string
	for i, a := range args {
		if g, ok := grantOf(formOf(a)); ok {
			if out == nil {
				out = map[string]string{}
			}
			out[strconv.Itoa(i+2)] = g
		}
	}
	return out
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
