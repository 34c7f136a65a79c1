package summary

import (
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// JSON-RPC over HTTP: every call is a POST to one URL, and what it does is
// the request's method, a field of the body ({"jsonrpc": "2.0", "method":
// "eth_getBalance", "params": …}). An RPC client's helper marshals the
// body from its method parameter (RpcCall(method, params)); the caller that
// passes a constant there decides it (Effect.RPCMethodArg), as the HTTP
// method is decided (Effect.MethodArg). infer reads the POST by the method's
// name.

// rpcMethod records the JSON-RPC method of a request body: the constant,
// or the parameter it comes from.
func (w *walker) rpcMethod(e *effect.Effect, body ssa.Value) {
	if body == nil {
		return
	}
	if completionBody(body) {
		e.Completion = true
	}
	v := jsonRPCMethod(body)
	if v == nil {
		if v = graphQLText(body); v == nil {
			w.soapOperation(e, body)
			return
		}
		e.GraphQL = true
	}
	if m := w.rpcText(e, v); m != "" {
		setRPCMethod(e, m)
	} else if k := w.execIndex(normalize(v)); k != effect.NoExec {
		e.RPCMethodArg = k + 1
	} else if e.GraphQL {
		e.Detail = effect.JoinDetail(e.Detail, "GraphQL operation set at run time")
	}
}

// resolveRPCMethod decides, at a call, the JSON-RPC method a callee's
// effect waits for: the string the caller passes there.
func (w *walker) resolveRPCMethod(e *effect.Effect, args, bindings []ssa.Value) {
	v := pick(e.RPCMethodArg-1, args, bindings)
	e.RPCMethodArg = 0
	if v == nil {
		return
	}
	if m := w.rpcText(e, v); m != "" {
		setRPCMethod(e, m)
	} else if k := w.execIndex(normalize(v)); k != effect.NoExec {
		e.RPCMethodArg = k + 1
	} else if e.GraphQL {
		e.Detail = effect.JoinDetail(e.Detail, "GraphQL operation set at run time")
	}
}

// rpcText is the constant method, or GraphQL document, v holds: for a
// GraphQL document also what a package variable only its declaration
// assigns holds (var q = `query …`). "" when not one constant.
func (w *walker) rpcText(e *effect.Effect, v ssa.Value) string {
	if !e.GraphQL {
		return constOr([]ssa.Value{v}, 0)
	}
	if texts := stringValuesIn(w.p, v); len(texts) == 1 && !strings.Contains(texts[0], dynamic) {
		return texts[0]
	}
	return ""
}

// setRPCMethod records a constant method; a call whose host is not known
// here is named by it (json-rpc chain_get_block), so that the calls of
// one client to its one URL are told apart.
func setRPCMethod(e *effect.Effect, m string) {
	if e.GraphQL {
		op := GraphQLOperation(m)
		e.RPCMethod = op
		e.Detail = effect.JoinDetail(e.Detail, "GraphQL "+op)
		return
	}
	e.RPCMethod = m
	if e.Target == "" || e.Target == "http" {
		e.Target = "json-rpc " + m
	}
	e.Detail = effect.JoinDetail(e.Detail, "JSON-RPC method "+m)
}

// jsonRPCMethod is the value stored as the method of a JSON-RPC request
// body: the body is marshalled (marshalled) from a struct with a field
// whose json name is "jsonrpc", or a map with that key; the method is its
// "method" field or key. nil when the body is no JSON-RPC request or its
// method is stored more than once.
func jsonRPCMethod(body ssa.Value) ssa.Value {
	v := marshalledValue(body)
	if v == nil {
		return nil
	}
	if _, ok := v.Type().Underlying().(*types.Map); ok {
		var method ssa.Value
		rpc, n := false, 0
		for _, r := range ssavalue.Referrers(v) {
			up, ok := r.(*ssa.MapUpdate)
			if !ok || up.Map != v {
				continue
			}
			switch constOr([]ssa.Value{up.Key}, 0) {
			case "jsonrpc":
				rpc = true
			case "method":
				method, n = up.Value, n+1
			}
		}
		if !rpc || n != 1 {
			return nil
		}
		if mi, ok := method.(*ssa.MakeInterface); ok {
			return mi.X // a map[string]any's value
		}
		return method
	}
	ptr, ok := v.Type().Underlying().(*types.Pointer)
	if !ok {
		return nil
	}
	st, ok := ptr.Elem().Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	rpc, method := false, ""
	for _, jf := range jsonFields(st) {
		f := jf.field
		switch jf.name {
		case "jsonrpc":
			rpc = true
		case "method":
			method = f.Name()
		}
	}
	if !rpc || method == "" {
		return nil
	}
	stores := ssavalue.FieldStores(v, method)
	if len(stores) != 1 {
		return nil
	}
	return stores[0].Val
}

// GraphQL over HTTP (graphql.org/learn/serving-over-http): a POST whose JSON
// body is {"query": "<document>", "variables": …}; what it does is the
// document's operation type. The query text is read as the JSON-RPC method
// is (a constant, a constant concatenation, a package-level string, or the
// string a caller passes: Effect.RPCMethodArg), and kept as the operation
// (GraphQLOperation) in Effect.RPCMethod with Effect.GraphQL.

// graphQLText is the value stored as the query of a GraphQL request body:
// the body is marshalled from a map with a "query" key and no "jsonrpc"
// key, or a struct whose fields (by json name) are "query" and
// "variables" (or "operationName"); nil otherwise, or when the query is
// stored more than once.
func graphQLText(body ssa.Value) ssa.Value {
	v := marshalledValue(body)
	if v == nil {
		return nil
	}
	if _, ok := v.Type().Underlying().(*types.Map); ok {
		var query ssa.Value
		n := 0
		for _, r := range ssavalue.Referrers(v) {
			up, ok := r.(*ssa.MapUpdate)
			if !ok || up.Map != v {
				continue
			}
			switch constOr([]ssa.Value{up.Key}, 0) {
			case "jsonrpc":
				return nil
			case "query":
				query, n = up.Value, n+1
			}
		}
		if n != 1 {
			return nil
		}
		if mi, ok := query.(*ssa.MakeInterface); ok {
			query = mi.X
		}
		if !isString(query.Type()) {
			return nil // Elasticsearch's {"query": {"match": …}}
		}
		return query
	}
	ptr, ok := v.Type().Underlying().(*types.Pointer)
	if !ok {
		return nil
	}
	st, ok := ptr.Elem().Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	query, other := "", false
	for _, jf := range jsonFields(st) {
		f := jf.field
		switch jf.name {
		case "query":
			if !isString(f.Type()) {
				return nil
			}
			query = f.Name()
		case "variables", "operationname":
			other = true
		}
	}
	if query == "" || !other {
		return nil
	}
	stores := ssavalue.FieldStores(v, query)
	if len(stores) != 1 {
		return nil
	}
	return stores[0].Val
}

// GraphQLOperation is the operation type of a GraphQL document: "query"
// for a document whose first definition is a query (the keyword query, or
// the shorthand {, after whitespace, commas and # comments), "mutation",
// "subscription", or "unknown" (a fragment first, or text that is no
// GraphQL). A document of several operations is read by its first only
// when all are of that type; otherwise "unknown".
func GraphQLOperation(doc string) string {
	op := ""
	depth := 0
	for i := 0; i < len(doc); i++ {
		c := doc[i]
		switch {
		case c == '#':
			for i < len(doc) && doc[i] != '\n' {
				i++
			}
		case c == '"':
			// a string (or block string) is skipped whole
			if strings.HasPrefix(doc[i:], `"""`) {
				j := strings.Index(doc[i+3:], `"""`)
				if j < 0 {
					return "unknown"
				}
				i += j + 5
				continue
			}
			for i++; i < len(doc) && doc[i] != '"'; i++ {
				if doc[i] == '\\' {
					i++
				}
			}
		case c == '{' || c == '(' || c == '[':
			if depth == 0 && c == '{' {
				if !addOp(&op, "query") {
					return "unknown"
				}
			}
			depth++
		case c == '}' || c == ')' || c == ']':
			depth--
		case depth == 0 && (c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'):
			j := i
			for j < len(doc) && (doc[j] == '_' || doc[j] >= 'a' && doc[j] <= 'z' || doc[j] >= 'A' && doc[j] <= 'Z' || doc[j] >= '0' && doc[j] <= '9') {
				j++
			}
			word := doc[i:j]
			switch word {
			case "query", "mutation", "subscription":
				if !addOp(&op, word) {
					return "unknown"
				}
				// its selection set is this operation's, not a shorthand
				for j < len(doc) && doc[j] != '{' {
					if doc[j] == '(' {
						k := strings.IndexByte(doc[j:], ')')
						if k < 0 {
							return "unknown"
						}
						j += k
					}
					j++
				}
				if j < len(doc) {
					depth++
					j++
				}
			case "fragment":
				// a fragment's selection set is no operation
				for j < len(doc) && doc[j] != '{' {
					j++
				}
				if j < len(doc) {
					depth++
					j++
				}
			default:
				if op == "" {
					return "unknown"
				}
			}
			i = j - 1
		}
	}
	if op == "" || depth != 0 {
		return "unknown"
	}
	return op
}

// addOp records an operation of the document: false when it differs from
// one seen before.
func addOp(op *string, kind string) bool {
	if *op != "" && *op != kind {
		return false
	}
	*op = kind
	return true
}

// wrappedGraphQL records, on an interface call (a gate's Do(ctx, class,
// req)) one of whose arguments points to a struct keeping an
// *http.Request in a field (httpfield.go), the GraphQL operation of that
// request's body: Effect.GraphQL with RPCMethod, or RPCMethodArg when the
// document is this function's parameter (a client's Call(ctx, query,
// vars)), decided by its caller as a JSON-RPC method is. The whole-program
// phase gives it to the implementation's request sent from that field
// (ApplyCallArgs). Nothing when no kept request, or more than one, has a
// GraphQL body.
func (w *walker) wrappedGraphQL(e *effect.Effect, args []ssa.Value) {
	var text ssa.Value
	n := 0
	for _, k := range keptRequestFields(args) {
		src := w.fieldSource(k.v, k.field, 0)
		if src == nil || !isRequest(src.Type()) {
			continue
		}
		if t := graphQLText(w.requestOrigin(src).body); t != nil {
			text, n = t, n+1
		}
	}
	if n != 1 {
		return
	}
	e.GraphQL = true
	if m := w.rpcText(e, text); m != "" {
		setRPCMethod(e, m)
	} else if k := w.execIndex(normalize(text)); k != effect.NoExec {
		e.RPCMethodArg = k + 1
	}
}

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// jsonField is a struct field under the name encoding/json gives it.
type jsonField struct {
	name  string // lower-cased, as JSON-RPC and GraphQL keys are matched
	field *types.Var
}

// jsonFields are the fields of st encoding/json marshals (a json tag's
// name, else the field's), in order; fields tagged "-" are left out.
func jsonFields(st *types.Struct) []jsonField {
	var out []jsonField
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		name := reflectTagJSON(st.Tag(i))
		if name == "-" {
			continue
		}
		if name == "" {
			name = f.Name()
		}
		out = append(out, jsonField{strings.ToLower(name), f})
	}
	return out
}
