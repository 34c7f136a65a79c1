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
	v := jsonRPCMethod(body)
	if v == nil {
		return
	}
	if m := constOr([]ssa.Value{v}, 0); m != "" {
		setRPCMethod(e, m)
	} else if k := w.execIndex(normalize(v)); k != effect.NoExec {
		e.RPCMethodArg = k + 1
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
	if m := constOr([]ssa.Value{v}, 0); m != "" {
		setRPCMethod(e, m)
	} else if k := w.execIndex(normalize(v)); k != effect.NoExec {
		e.RPCMethodArg = k + 1
	}
}

// setRPCMethod records a constant method; a call whose host is not known
// here is named by it (json-rpc chain_get_block), so that the calls of
// one client to its one URL are told apart.
func setRPCMethod(e *effect.Effect, m string) {
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
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		name := reflectTagJSON(st.Tag(i))
		if name == "-" {
			continue
		}
		if name == "" {
			name = f.Name()
		}
		switch strings.ToLower(name) {
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
