package wholeprogram

import (
	"strings"

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
func (r *resolver) afterDupFailures(effs []effect.Effect) []guard.Pitfall {
	creates := false
	for i := range effs {
		if e := &effs[i]; e.Refused() != "" && e.Guard == nil && e.Issue == "" && r.throughDynamic(e) {
			creates = true
		}
	}
	if !creates {
		return nil
	}
	fns, byFn := r.sitesByFunc(effs)
	env := &guard.Env{Fset: r.fset, Index: r.ix}
	var pits []guard.Pitfall
	for _, fn := range fns {
		if fn.Blocks == nil {
			continue
		}
		pits = append(pits, guard.AfterDupFailures(fn, byFn[fn].sites, env, r.soleCallees)...)
	}
	return pits
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
// The create's own call is not one of them: an insert made by the call
// itself (a repository's r.QueryRowContext(ctx, insert…) through the
// querier interface its *DB and *Tx wrappers both implement) is read from
// the SQL it is given, which fails on a duplicate whichever of them runs
// it.
func (r *resolver) soleCallees(s *guard.Site) bool {
	e := s.Effect
	for i, h := range e.Path[s.Hop:] {
		if len(r.sites[h.Pos]) == 0 {
			continue
		}
		if s.Hop+i == len(e.Path)-1 && !strings.Contains(h.Func, effect.DynamicHopMark) {
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
