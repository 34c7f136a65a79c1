package wholeprogram

import (
	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/result"
)

// Handlers that are another handler's work. Discovery lists, besides the
// handlers a job system is given, functions found by their shape alone:
// a weak candidate (it merely takes a message or event type, confidence
// low) and a workflow helper (it takes workflow.Context). Each package
// drops the ones a handler of its own reaches by its static calls
// (discovery's dropCalledWeak); one in another package (a Lambda closure
// in main delegating the delivery to internal/lambda/alert's
// HandleAlertDispatcher, a parser of the SQS event in a shared package)
// or reached through an interface (a workflow's tool calls dispatched to
// each agent's Dispatch method) it cannot see, and the inventory listed
// it as a handler of its own, repeating the caller's findings. Over the
// whole program the call graph sees those calls: a shape-only function
// that a handler's code reaches, at any depth, is that handler's work and
// is dropped; its effects are already the caller's.
//
// Only shape-only entries go: a registered function (a map-literal
// dispatch closure a dispatcher handler calls) stays a handler whoever
// else calls it, and so does a shape-only function that only test code
// or nothing calls. The walk starts from handlers that are no such
// candidate (as the per-package pass does), so two shape-only functions
// calling each other do not drop each other.

// shapeOnly reports whether discovery found the handler by its shape
// alone: no registration, and a weak rule or the workflow shape.
func shapeOnly(h *result.Handler) bool {
	return h.Registered == "" && !h.Test && (h.Confidence == "low" || h.Rule != "")
}

// handlersWork returns the keys (Pos|Name, as handlerFns) of the
// shape-only handlers that another handler's code reaches: by static
// calls, through the closures a function defines, and along the call
// graph's edges (interface and function-value calls).
func (r *resolver) handlersWork(results []*result.Result, handlerFns map[string]*ssa.Function) map[string]bool {
	cand := map[*ssa.Function][]string{}
	starts := map[*ssa.Function]bool{}
	for _, res := range results {
		for _, h := range res.Handlers {
			k := h.Pos + "|" + h.Name
			fn := handlerFns[k]
			if fn == nil {
				continue
			}
			switch {
			case shapeOnly(h):
				cand[fn] = append(cand[fn], k)
			case !h.Test:
				starts[fn] = true
			}
		}
	}
	if len(cand) == 0 || len(starts) == 0 {
		return nil
	}
	reached := map[*ssa.Function]bool{}
	var work []*ssa.Function
	visit := func(fn *ssa.Function) {
		if fn == nil {
			return
		}
		if o := fn.Origin(); o != nil {
			reached[o] = true // a generic handler is keyed by its origin
		}
		if !reached[fn] {
			reached[fn] = true
			work = append(work, fn)
		}
	}
	callees := func(fn *ssa.Function, each func(*ssa.Function)) {
		for _, g := range withClosures(fn) {
			if r.cg != nil {
				if n := r.cg.Nodes[g]; n != nil {
					for _, e := range n.Out {
						each(e.Callee.Func)
					}
				}
			}
			for _, b := range g.Blocks {
				for _, instr := range b.Instrs {
					if ci, ok := instr.(ssa.CallInstruction); ok {
						if callee := ci.Common().StaticCallee(); callee != nil {
							each(callee)
						}
					}
				}
			}
		}
	}
	// The handlers themselves are not reached by being handlers: only
	// what they call is their work.
	for _, fn := range sortedFuncs(starts) {
		callees(fn, visit)
	}
	for len(work) > 0 {
		fn := work[len(work)-1]
		work = work[:len(work)-1]
		callees(fn, visit)
	}
	var out map[string]bool
	for fn, keys := range cand {
		if !reached[fn] || starts[fn] {
			continue
		}
		if out == nil {
			out = map[string]bool{}
		}
		for _, k := range keys {
			out[k] = true
		}
	}
	return out
}

// withClosures is fn and the closures it defines, at any depth.
func withClosures(fn *ssa.Function) []*ssa.Function {
	out := []*ssa.Function{fn}
	for i := 0; i < len(out); i++ {
		out = append(out, out[i].AnonFuncs...)
	}
	return out
}
