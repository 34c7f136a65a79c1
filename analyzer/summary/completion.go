package summary

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// Language-model completions over plain HTTP: an application that calls
// the OpenAI, Anthropic, Gemini or Ollama API without their SDKs marshals
// a request body with the model's name and the prompt. The body says what
// the POST is (Effect.Completion); infer decides it with the path.

// promptFields are the JSON names the APIs take the prompt under (OpenAI
// chat "messages", responses "input", completions "prompt"; Anthropic
// "messages"; Gemini "contents"; Ollama "messages"/"prompt").
var promptFields = map[string]bool{"messages": true, "input": true, "prompt": true, "contents": true}

// completionBody reports whether a request body is json.Marshal of a
// struct (or a map literal) with a "model" field and a prompt field.
func completionBody(body ssa.Value) bool {
	v := marshalledValue(body)
	if v == nil {
		return false
	}
	t := v.Type()
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	model, prompt := false, false
	switch u := t.Underlying().(type) {
	case *types.Struct:
		for _, f := range jsonFields(u) {
			model = model || f.name == "model"
			prompt = prompt || promptFields[f.name]
		}
	case *types.Map:
		for _, r := range ssavalue.Referrers(v) {
			if up, ok := r.(*ssa.MapUpdate); ok && up.Map == v {
				k := constOr([]ssa.Value{up.Key}, 0)
				model = model || k == "model"
				prompt = prompt || promptFields[k]
			}
		}
	}
	return model && prompt
}
