package analyzer

import (
	"fmt"

	"github.com/jobeffects/jobeffects/analyzer/discovery"
	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/summary"
)

// A handler that calls a function it was given (a closure calling the
// callback its enclosing function captured: func(msg *nats.Msg) {
// handler(msg.Data) }, or a func-typed parameter of its own) has no
// effect of its own for that call: its summary records the call
// (CallsParams) for a caller to substitute. A handler has no caller in
// the program (the framework calls it), so nobody does, and the call
// vanished: the handler came out safe. It is unknown instead, named,
// never none. (The whole-program phase resolves what it can of the
// callbacks a dynamic call passes; a captured callback is not one.)

// unresolvedCallbacks returns an unknown effect for each function value
// the handler calls that its summary leaves to a caller.
func unresolvedCallbacks(h *discovery.Handler, s *summary.Summary, name, pos string) []effect.Effect {
	if h.Fn == nil || len(s.CallsParams) == 0 {
		return nil
	}
	var out []effect.Effect
	for _, k := range s.CallsParams {
		what, target := "", ""
		switch n := len(h.Fn.Params); {
		case k < n:
			what, target = "its parameter "+h.Fn.Params[k].Name(), h.Fn.Params[k].Name()
		case k-n < len(h.Fn.FreeVars):
			what, target = "the function value "+h.Fn.FreeVars[k-n].Name()+" it captured", h.Fn.FreeVars[k-n].Name()
		default:
			continue
		}
		out = append(out, effect.Effect{Kind: effect.KindDynamic, Op: effect.OpCall, Risk: effect.Unknown, Target: target,
			Detail: fmt.Sprintf("calls %s, which nothing resolves for a handler (the framework calls it)", what),
			Path:   []effect.Hop{{Pos: pos, Func: name}}, Exec: effect.NoExec})
	}
	return out
}
