package summary

import (
	"go/types"
	"sort"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// Texts sent to be analysed: an application that calls a text-analysis
// service of its own (named-entity recognition, embeddings) over plain
// HTTP POSTs the texts as JSON ({"texts": [{"text": …}]}) and reads the
// result back from the response. Two facts of the code say so, recorded
// here for infer, which reads them with the path (names.yaml's
// http.compute_segments: /entities, /embeddings/{kind}): the body gives
// texts (Effect.TextBody, or the parameter it comes from, TextBodyArg)
// and the response's body is read where the request is sent
// (Effect.ResponseRead). A POST whose response nobody reads is made for
// what it does on the other side, whatever its path says.

// textFields are the JSON names under which a body gives its texts.
var textFields = map[string]bool{"text": true, "texts": true}

// textBody records whether an HTTP request's body gives texts to analyse,
// or which parameter's bytes it is (the caller that marshals it decides).
func (w *walker) textBody(e *effect.Effect, body ssa.Value) {
	if body == nil || e.TextBody {
		return
	}
	if isTextBody(body) {
		e.TextBody, e.TextBodyArg = true, 0
		return
	}
	if v := readerOf(body); v != nil {
		if k := w.execIndex(normalize(v)); k != effect.NoExec {
			e.TextBodyArg = k + 1
		}
	}
}

// resolveTextBody decides, at a call, a body that is the callee's
// parameter: the bytes the caller passes there.
func (w *walker) resolveTextBody(e *effect.Effect, args, bindings []ssa.Value) {
	v := pick(e.TextBodyArg-1, args, bindings)
	e.TextBodyArg = 0
	if v == nil {
		return
	}
	if isTextBody(v) {
		e.TextBody = true
	} else if k := w.execIndex(normalize(v)); k != effect.NoExec {
		e.TextBodyArg = k + 1
	}
}

// isTextBody reports whether a body is json.Marshal of a struct (a map
// literal) with a string field text or texts, directly or in the records
// of a list field ({"documents": [{"text": …}]}).
func isTextBody(body ssa.Value) bool {
	v := marshalledValue(body)
	if v == nil {
		return false
	}
	if _, ok := v.Type().Underlying().(*types.Map); ok {
		for _, r := range ssavalue.Referrers(v) {
			if up, ok := r.(*ssa.MapUpdate); ok && up.Map == v && textFields[constOr([]ssa.Value{up.Key}, 0)] {
				return true
			}
		}
		return false
	}
	return textType(v.Type(), 0)
}

// textType reports whether values of t marshal with a text field: a
// string (or list of strings) under a textFields name, at the top or one
// level down in a struct or list of structs.
func textType(t types.Type, depth int) bool {
	st, ok := elemStruct(t)
	if !ok {
		return false
	}
	for _, f := range jsonFields(st) {
		ft := f.field.Type()
		if textFields[f.name] && (isString(ft) || isStringList(ft)) {
			return true
		}
		if depth == 0 && textType(ft, 1) {
			return true
		}
	}
	return false
}

// elemStruct is the struct a type is, points to or lists.
func elemStruct(t types.Type) (*types.Struct, bool) {
	for i := 0; i < 4; i++ {
		switch u := t.Underlying().(type) {
		case *types.Pointer:
			t = u.Elem()
		case *types.Slice:
			t = u.Elem()
		case *types.Array:
			t = u.Elem()
		case *types.Struct:
			return u, true
		default:
			return nil, false
		}
	}
	return nil, false
}

func isStringList(t types.Type) bool {
	s, ok := t.Underlying().(*types.Slice)
	return ok && isString(s.Elem())
}

// responseRead reports whether the *http.Response an HTTP call returns
// has its body read in the calling function: io.ReadAll(resp.Body),
// json.NewDecoder(resp.Body), a buffer's ReadFrom. A copy (io.Copy) is
// not counted: into io.Discard it only drains the connection.
func responseRead(ci ssa.CallInstruction) bool {
	resp := responseOf(ci)
	if resp == nil {
		return false
	}
	for _, load := range bodyLoads(resp) {
		for _, u := range ssavalue.Referrers(load) {
			if readsBody(u, load) {
				return true
			}
		}
	}
	return false
}

// readsBody reports whether instr is a call that reads the body b.
func readsBody(instr ssa.Instruction, b ssa.Value) bool {
	var c *ssa.CallCommon
	switch x := instr.(type) {
	case *ssa.Call:
		c = x.Common()
	case *ssa.ChangeInterface: // the io.ReadCloser given as an io.Reader
		for _, u := range ssavalue.Referrers(x) {
			if readsBody(u, x) {
				return true
			}
		}
		return false
	case *ssa.MakeInterface:
		for _, u := range ssavalue.Referrers(x) {
			if readsBody(u, x) {
				return true
			}
		}
		return false
	default:
		return false
	}
	callee := c.StaticCallee()
	if callee == nil || callee.Object() == nil {
		return false
	}
	args := c.Args
	switch callee.Object().(*types.Func).FullName() {
	case "io.ReadAll", "io/ioutil.ReadAll", "encoding/json.NewDecoder":
		return len(args) == 1 && args[0] == b
	case "(*bytes.Buffer).ReadFrom":
		return len(args) == 2 && args[1] == b
	}
	return false
}

// urlPathsOf are the path patterns of a URL that is one of several
// constant texts (a switch choosing /embeddings/message or
// /embeddings/document after a base URL), sorted; nil when it is one text
// or one of them has no path.
func urlPathsOf(v ssa.Value) []string {
	texts := urlTexts(v)
	if len(texts) < 2 {
		return nil
	}
	seen := map[string]bool{}
	var out []string
	for _, t := range texts {
		p := urlPathText(t)
		if p == "" {
			return nil
		}
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	if len(out) < 2 {
		return nil
	}
	sort.Strings(out)
	return out
}
