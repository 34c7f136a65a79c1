package wholeprogram

import (
	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/guard"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// afterDupFailures guards again, in the functions of a handler's paths,
// what runs only after a create that fails on a duplicate succeeded
// (effect.Guard.AfterDupFail), where the create is one the whole program
// resolved behind a dynamic call: changelogue's RunAgent returns the
// error of executeAgent, whose store interface's CreateSemanticRelease
// inserts under a unique key, before it sends the notifications through
// its senders. The per-package pass saw only unknown interface calls at
// both. A create is admitted only where each dynamic call on its path
// below the function reaches one implementation: another one might not
// fail on a duplicate.
func (r *resolver) afterDupFailures(effs []effect.Effect) {
	creates := false
	for i := range effs {
		if e := &effs[i]; e.DupFails != "" && e.Guard == nil && e.Issue == "" && r.throughDynamic(e) {
			creates = true
		}
	}
	if !creates {
		return
	}
	fns, byFn := r.sitesByFunc(effs)
	env := &guard.Env{Fset: r.fset, Index: r.ix}
	for _, fn := range fns {
		if fn.Blocks == nil {
			continue
		}
		guard.AfterDupFailures(fn, byFn[fn].sites, env, r.soleCallees)
	}
}

// throughDynamic reports whether a hop of e's path is a dynamic call the
// whole program resolved.
func (r *resolver) throughDynamic(e *effect.Effect) bool {
	for _, h := range e.Path {
		if len(r.sites[h.Pos]) > 0 {
			return true
		}
	}
	return false
}

// soleCallees reports whether every dynamic call on the path of s's
// effect past s's function has one callee (through interface thunks).
func (r *resolver) soleCallees(s *guard.Site) bool {
	e := s.Effect
	for _, h := range e.Path[s.Hop:] {
		if len(r.sites[h.Pos]) == 0 {
			continue
		}
		callees := r.callees[h.Pos]
		if o, ok := r.override[h.Pos]; ok {
			callees = o
		}
		one := map[*ssa.Function]bool{}
		for _, fn := range r.throughThunks(callees) {
			one[ssavalue.Declared(fn)] = true
		}
		if len(one) != 1 {
			return false
		}
	}
	return true
}
