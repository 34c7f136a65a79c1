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

// paramField returns the parameter and the field v loads from it
// (req.Method of req *Request, or of a struct parameter); "" when v is
// not such a load.
func (w *walker) paramField(v ssa.Value) (int, string) {
	v = normalize(v)
	switch x := v.(type) {
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return effect.NoExec, ""
		}
		fa, ok := x.X.(*ssa.FieldAddr)
		if !ok {
			return effect.NoExec, ""
		}
		if k := w.execIndex(normalize(fa.X)); k != effect.NoExec {
			return k, ssavalue.FieldName(fa)
		}
	case *ssa.Field:
		if k := w.execIndex(normalize(x.X)); k != effect.NoExec {
			return k, fieldName(x.X.Type(), x.Field)
		}
	}
	return effect.NoExec, ""
}

// resolveMethodField decides, at a call, the method of an effect whose
// method is field of the struct the call passes as v: the constant the
// literal stores there, or, when v is this function's own parameter, the
// same field of its caller's.
func (w *walker) resolveMethodField(e *effect.Effect, v ssa.Value, field string) {
	if m := ssavalue.FieldConst(v, field); m != "" {
		setMethod(e, m)
		return
	}
	if k := w.execIndex(normalize(v)); k != effect.NoExec {
		e.MethodArg, e.MethodField = k+1, field
	}
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
