package wholeprogram

import (
	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
	"github.com/jobeffects/jobeffects/analyzer/summary"
)

// hookGated reports whether every function the program's hook factory
// call (g.Factory) reaches returns nil unless one of the fields only the
// caller's claim sets is set (summary.NilUnless): the closure the factory
// makes then runs only on the delivery that made the claim.
func (r *resolver) hookGated(g *effect.HookGate) bool {
	fns := r.callees[g.Factory]
	if len(fns) == 0 {
		return false
	}
	gated := map[string]bool{}
	for _, f := range g.Fields {
		gated[f] = true
	}
	for _, fn := range r.throughThunks(fns) {
		fn = ssavalue.Declared(fn)
		s := r.sums[summary.Key(r.fset, fn)]
		if s == nil || s.NilUnless == nil || s.NilUnless.Param != g.Arg {
			return false
		}
		for _, f := range s.NilUnless.Fields {
			if !gated[f] {
				return false
			}
		}
	}
	return true
}

// gateHook guards ne, an effect of the closure a hook factory made and
// the dynamic call e runs, by the caller's claim (effect.HookGate): a
// database write when it runs on the transaction the caller hands the
// closure and the claim runs on; another effect (not money) with the
// window between it and the commit, as after any claim.
func gateHook(ne *effect.Effect, e *effect.Effect, g *effect.HookGate) {
	if !ne.Risk.NonIdempotent() || ne.Guard != nil || ne.Issue != "" {
		return
	}
	ng := g.Guard
	switch {
	case ne.Kind == effect.KindDBWrite:
		re := ne.ResolvedExec
		if !ng.SameTx || g.TxArg < 0 || re == nil || re.Pos != e.Evidence() || re.Param != g.TxArg {
			return
		}
		ne.Guard = &ng
	case ne.Risk == effect.Critical:
	default:
		ng.SameTx, ng.Window = false, true
		ne.Guard = &ng
	}
}
