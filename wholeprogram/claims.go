package wholeprogram

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/guard"
	"github.com/jobeffects/jobeffects/analyzer/rules"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
	"github.com/jobeffects/jobeffects/analyzer/summary"
)

// helperClaims decides again, in the functions of a handler's paths, the
// claims the whole program reached through a dynamic call whose callee
// returns the claim's outcome (effect.HelperClaim): a repository
// interface's UpdateWithVersion, tested by its caller (if err :=
// m.UpdateWithVersion(ctx, nil, o); err != nil { return err }). The
// per-package pass saw only an unknown interface call there. The effects
// the call's first-time outcome decides are guarded as after a claim.
// A database write among them is decided by the handles the calls pass
// (resolvedHandle, guard.HelperClaims): on the caller's transaction the
// claim runs on, it commits with the claim and is guarded; after a claim
// that commits alone (changelogue's OpenGate, a compare-and-set on the
// store's pool: `if !opened { continue }`), it is guard-separate-tx, the
// one pitfall this pass reports; a write whose handle is not known here
// is left as it is. A result nobody tests guards nothing.
//
// Where the helper's optimistic lock holds the version the function read
// (guard.Site.LostRace), the duplicate-as-error the helper reported is a
// lost race: the pitfalls in the resolved callees' code are dropped from
// pits.
func (r *resolver) helperClaims(effs []effect.Effect, pits []guard.Pitfall) []guard.Pitfall {
	claims := false
	for i := range effs {
		if effs[i].HelperClaim != nil {
			claims = true
		}
	}
	if !claims {
		return pits
	}
	var lost []*ssa.Function
	fns, byFn := r.sitesByFunc(effs)
	env := &guard.Env{Fset: r.fset, Index: r.ix}
	for _, fn := range fns {
		fs := byFn[fn]
		if !fs.dynamic || fn.Blocks == nil {
			continue
		}
		helper := false
		for _, s := range fs.sites {
			hc := s.Effect.HelperClaim
			if hc == nil || summary.PosString(r.fset, s.Instr.Pos()) != hc.Pos {
				continue
			}
			if _, ok := s.Instr.(*ssa.Call); !ok {
				continue // go or defer: no result to test
			}
			s.Direct = true
			s.ClaimReturn = &guard.ClaimReturn{Index: hc.Index, Kind: hc.Kind, ErrNilOnDup: hc.ErrNilOnDup, Decided: hc.Decided}
			helper = true
		}
		if !helper {
			continue
		}
		for _, s := range fs.sites {
			r.resolvedHandle(s)
		}
		pits = append(pits, guard.HelperClaims(fn, fs.sites, env)...)
		for _, s := range fs.sites {
			if s.LostRace {
				for _, fn := range r.throughThunks(r.callees[s.Effect.HelperClaim.Pos]) {
					// The declared method, not the wrapper a promoted
					// method (an embedded default model) gets.
					lost = append(lost, ssavalue.Declared(fn))
				}
			}
		}
	}
	if len(lost) == 0 {
		return pits
	}
	var kept []guard.Pitfall
	for _, p := range pits {
		if p.Rule == rules.DuplicateAsError && r.inAny(p.Pos, lost) {
			continue
		}
		kept = append(kept, p)
	}
	return kept
}

// resolvedHandle gives a site at the dynamic call its effect was
// resolved through the handle it runs on in the caller's terms: the
// argument (or receiver) passed as the callee's parameter it runs on, or
// none of the caller's (Site.OwnHandle) when the callee runs it on its
// own. A site elsewhere on the path keeps no handle (not known).
func (r *resolver) resolvedHandle(s *guard.Site) {
	re := s.Effect.ResolvedExec
	if re == nil || summary.PosString(r.fset, s.Instr.Pos()) != re.Pos {
		return
	}
	if re.Param == effect.NoExec {
		s.OwnHandle = true
		return
	}
	c := s.Instr.Common()
	var v ssa.Value
	switch {
	case c.IsInvoke() && re.Param == 0:
		v = c.Value
	case c.IsInvoke() && re.Param-1 < len(c.Args):
		v = c.Args[re.Param-1]
	case !c.IsInvoke() && re.Param < len(c.Args):
		v = c.Args[re.Param]
	}
	if v != nil {
		s.Exec = ssavalue.Unconvert(v)
	}
}

// inAny reports whether the position pos ("file:line:col") lies in the
// code of one of fns (the lines their instructions span; the program's
// syntax is freed by now).
func (r *resolver) inAny(pos string, fns []*ssa.Function) bool {
	file, line, _ := effect.SplitPos(pos)
	for _, fn := range fns {
		start := r.fset.Position(fn.Pos())
		if start.Filename != file || line < start.Line {
			continue
		}
		if line <= lastLine(r.fset, fn) {
			return true
		}
	}
	return false
}

// lastLine is the last line an instruction of fn (or of a closure in it)
// is on.
func lastLine(fset *token.FileSet, fn *ssa.Function) int {
	last := 0
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if p := instr.Pos(); p.IsValid() {
				last = max(last, fset.Position(p).Line)
			}
		}
	}
	for _, anon := range fn.AnonFuncs {
		last = max(last, lastLine(fset, anon))
	}
	return last
}
