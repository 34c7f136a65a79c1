package guard

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
)

// JobDupKeys decides, at the handler fn, the business keys of creates
// that fail on a duplicate (effect.Effect.DupKey) still left to one of
// its parameters: there is no caller left to pass a fresh value, and what
// the handler is given is the job (its task, its message) or what it was
// registered with (its receiver, its captured variables), the same on
// every delivery. A context.Context is neither: middleware may put a
// value new on every delivery in it, so a key read from it stays
// undecided. A create so decided whose failure the handler, or a call on
// the way, only logs is guarded (effect.Effect.DupTakenAsSuccess).
func JobDupKeys(fn *ssa.Function, effs []effect.Effect) {
	if fn == nil {
		return
	}
	for i := range effs {
		e := &effs[i]
		k := e.DupKey
		if e.DupFails == "" || k == nil || k.Param == 0 || k.Random != "" || e.Guard != nil || e.Issue != "" || len(k.Also) > 0 || k.Else != nil {
			continue
		}
		if v := handlerParam(fn, k.Param); v == nil || isContext(types.Unalias(v.Type())) {
			continue
		}
		nk := *k
		nk.Param, nk.Field = 0, ""
		e.DupKey = &nk
		if e.DupTakenAsSuccess() {
			e.Guard = DupTakenAsSuccess(e)
		}
	}
}

// handlerParam is fn's 1-based parameter n (receiver first, then free
// variables), or nil.
func handlerParam(fn *ssa.Function, n int) ssa.Value {
	switch {
	case n < 1:
		return nil
	case n <= len(fn.Params):
		return fn.Params[n-1]
	case n-len(fn.Params) <= len(fn.FreeVars):
		return fn.FreeVars[n-len(fn.Params)-1]
	}
	return nil
}
