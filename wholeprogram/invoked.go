package wholeprogram

import (
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/result"
	"github.com/jobeffects/jobeffects/analyzer/summary"
)

// Handlers run by a call: a job that invokes a function of a serverless
// framework (AWS Lambda's Invoke, effect.Effect.RunsHandler) does what
// the invoked function does. The function is named by deployment
// configuration, which the code does not hold, so where the program
// registers handlers of that framework itself (lambda.Start in the
// worker binaries of the same module) the call is taken as running one of
// them: its effects are theirs together, after the hop "(lambda invoke →
// handler)". As with a route (routes.go), they replace the call only when
// every one is decided; otherwise the call stays unknown, with what they
// decide beside it. A program that registers none leaves the call as it
// is: the function is another repository's.

// invokedHandler is one handler of the program a call can run.
type invokedHandler struct {
	h  *result.Handler
	fn *ssa.Function
}

// invokedHandlers lists the program's production handlers by framework,
// sorted by position.
func invokedHandlers(results []*result.Result, fns map[string]*ssa.Function) map[string][]invokedHandler {
	out := map[string][]invokedHandler{}
	for _, res := range results {
		for _, h := range res.Handlers {
			fn := fns[h.Pos+"|"+h.Name]
			if fn == nil || strings.Contains(h.Pos, "_test.go") {
				continue
			}
			out[h.Framework] = append(out[h.Framework], invokedHandler{h: h, fn: fn})
		}
	}
	for _, hs := range out {
		sort.SliceStable(hs, func(i, j int) bool {
			if c := effect.ComparePos(hs[i].h.Pos, hs[j].h.Pos); c != 0 {
				return c < 0
			}
			return hs[i].h.FullName < hs[j].h.FullName
		})
	}
	return out
}

// throughInvoke replaces a call that runs a handler of the program
// (Effect.RunsHandler) by those handlers' effects; nil when the program
// registers none of that framework or their summaries are not known.
func (r *resolver) throughInvoke(e effect.Effect) []effect.Effect {
	if e.RunsHandler == "" || len(e.Path) == 0 {
		return nil
	}
	targets := r.invoked[e.RunsHandler]
	if len(targets) == 0 {
		return nil
	}
	last := e.Path[len(e.Path)-1]
	var (
		out  []effect.Effect
		open []string
	)
	for _, t := range targets {
		effs, ok := r.invokedEffects(t)
		if !ok {
			return nil
		}
		via := e.RunsHandler + " invoke → " + summary.SSAName(t.fn) + ", one of the " + strconv.Itoa(len(targets)) + " the program registers"
		if len(targets) == 1 {
			via = e.RunsHandler + " invoke → " + summary.SSAName(t.fn) + ", the one the program registers"
		}
		prefix := append(append([]effect.Hop(nil), e.Path[:len(e.Path)-1]...),
			effect.Hop{Pos: last.Pos, Func: last.Func + " (" + via + ")", ErrOut: last.ErrOut, ErrDropped: last.ErrDropped})
		for _, ce := range effs {
			if undecided(ce) {
				open = append(open, ce.Describe())
				continue
			}
			ne := ce
			ne.Path = append(append([]effect.Hop(nil), prefix...), ce.Path...)
			ne.Exec = effect.NoExec // the function's own process and connections
			ne.Detail = effect.JoinDetail(ce.Detail, "in the "+e.RunsHandler+" function the call runs")
			out = append(out, ne)
		}
	}
	if len(open) > 0 {
		kept := e
		sort.Strings(open)
		n := "1 effect undecided (" + open[0] + ")"
		if len(open) > 1 {
			n = strconv.Itoa(len(open)) + " effects undecided (first: " + open[0] + ")"
		}
		kept.Detail = effect.JoinDetail(kept.Detail, "the "+e.RunsHandler+" handlers the program registers leave "+n+"; what they decide is listed beside this call")
		out = append([]effect.Effect{kept}, out...)
	}
	if out == nil {
		out = []effect.Effect{} // handlers without effects: the call has none
	}
	return out
}

// invokedEffects holds a handler's effects as the whole program resolves
// them.
type invokedEffects struct{ effs []effect.Effect }

// invokedEffects are the effects of a handler a call runs, resolved over
// the whole program as the handler's own entry is (a function value its
// code calls, read per package as unknown, is known here); false while
// that handler is being resolved (a function that invokes itself) or
// when its summary is not known.
func (r *resolver) invokedEffects(t invokedHandler) ([]effect.Effect, bool) {
	if r.invokedMemo == nil {
		r.invokedMemo = map[*result.Handler]*invokedEffects{}
	}
	if m, ok := r.invokedMemo[t.h]; ok {
		if m == nil {
			return nil, false
		}
		return m.effs, true
	}
	if r.sums[summary.Key(r.fset, t.fn)] == nil {
		return nil, false
	}
	r.invokedMemo[t.h] = nil
	override := r.override
	r.override = nil
	var stats Stats
	effs, _, _ := r.handlerEffects(t.h, t.fn, r.invokedRegs, &stats)
	r.override = override
	r.invokedMemo[t.h] = &invokedEffects{effs: effs}
	return effs, true
}
