package wholeprogram

import (
	"sort"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/guard"
	"github.com/jobeffects/jobeffects/analyzer/summary"
)

// checkThenAct decides check-then-act again in the functions of a
// handler's paths that make a dynamic call the whole program resolved:
// the per-package pass saw the repository's read, the act and the record
// there only as unknown interface calls (store.DeviceList, then
// store.DeviceDeleteMany, then store.NamespaceIncrementDeviceCount). Each
// effect is placed at the call its path makes in the function, and the
// guard package's analysis runs on those sites; the effects it finds
// exposed carry the issue, as in the per-package pass.
//
// A summary keeps one path per effect (the best it folded), so an act
// the function reaches both before a check and after it would be read on
// the first path only: its other calls that reach it are placed too
// (otherPaths), each as a copy of the effect with that path. A copy the
// analysis decides otherwise than the effect (check-then-act on the path
// after the check, the effect left unguarded on the path before it) is
// returned, to be reported beside it. So is a copy without the issue of
// an act whose record the run may return without writing (the block only
// above a threshold: guard/unrecorded.go): a later delivery acts again.
func (r *resolver) checkThenAct(effs []effect.Effect) ([]guard.Pitfall, []effect.Effect) {
	fns, byFn := r.sitesByFunc(effs)
	env := &guard.Env{Fset: r.fset, Index: r.ix}
	// An act a check-then-act exposes whose record its run may not write
	// (the spam check's block only above a threshold) is kept beside it
	// without the issue, once per effect (guard/unrecorded.go).
	var unrecorded []effect.Effect
	kept := map[*effect.Effect]bool{}
	env.Unrecorded = func(s *guard.Site, e effect.Effect) {
		if !kept[s.Effect] {
			kept[s.Effect] = true
			unrecorded = append(unrecorded, e)
		}
	}
	var pits []guard.Pitfall
	others := r.otherPaths(fns, byFn)
	for _, fn := range fns {
		fs := byFn[fn]
		if fn.Blocks == nil || !fs.dynamic && !fs.later {
			continue
		}
		if fs.dynamic {
			pits = append(pits, guard.CheckThenAct(fn, fs.sites, env)...)
		} else {
			// The membership test of the acted item, and a check whose
			// record is resolved beyond a static call here (a status
			// written through a helper's interface call): the other
			// forms were decided by the per-package pass on what it saw.
			pits = append(pits, guard.MemberChecks(fn, fs.sites, env)...)
			pits = append(pits, guard.ResolvedChecks(fn, fs.sites, env)...)
		}
	}
	return pits, append(decidedApart(others), unrecorded...)
}

// fnSites are the sites of a handler's effects in one function of their
// paths; dynamic when one of them is a dynamic call.
type fnSites struct {
	sites   []*guard.Site
	dynamic bool
	later   bool // a path goes on from here to a dynamic call resolved in this phase
}

// sitesByFunc places each effect at the call its path makes in each
// function of the path, in the order of the calls (the record is the
// first write on the branch), and lists those functions in source order.
func (r *resolver) sitesByFunc(effs []effect.Effect) ([]*ssa.Function, map[*ssa.Function]*fnSites) {
	byFn := map[*ssa.Function]*fnSites{}
	var fns []*ssa.Function
	static := r.staticSites()
	for i := range effs {
		e := &effs[i]
		seen := map[*ssa.Function]bool{}
		// A hop whose path goes on to a dynamic call resolved here has
		// effects the per-package pass did not see in that function
		// either (the act behind a static call of a client whose
		// transport is an interface).
		resolvedFrom := -1
		for k := len(e.Path) - 1; k >= 0; k-- {
			if len(r.sites[e.Path[k].Pos]) > 0 {
				resolvedFrom = k
				break
			}
		}
		var placed []*guard.Site
		for k, h := range e.Path {
			instrs, dynamic := r.sites[h.Pos], true
			if len(instrs) == 0 {
				instrs, dynamic = static[h.Pos], false
			}
			if len(instrs) == 0 {
				instrs = r.closureSites()[h.Pos]
			}
			if len(instrs) != 1 {
				continue
			}
			ci := instrs[0]
			fn := ci.Parent()
			if fn == nil || seen[fn] {
				continue
			}
			seen[fn] = true
			fs := byFn[fn]
			if fs == nil {
				fs = &fnSites{}
				byFn[fn] = fs
				fns = append(fns, fn)
			}
			fs.dynamic = fs.dynamic || dynamic
			fs.later = fs.later || k <= resolvedFrom
			fs.sites = append(fs.sites, &guard.Site{Effect: e, Instr: ci, Hop: k, Resolved: !dynamic && k <= resolvedFrom})
			placed = append(placed, fs.sites[len(fs.sites)-1])
		}
		if e.Found != nil {
			foundUp(e.Found, placed)
		}
	}
	sort.Slice(fns, func(i, j int) bool {
		return fns[i].Pos() < fns[j].Pos() || (fns[i].Pos() == fns[j].Pos() && fns[i].String() < fns[j].String())
	})
	for _, fn := range fns {
		fs := byFn[fn]
		sort.SliceStable(fs.sites, func(i, j int) bool { return fs.sites[i].Instr.Pos() < fs.sites[j].Instr.Pos() })
	}
	return fns, byFn
}

// closureSites are the calls of anonymous functions by position (a
// deferred closure that reports the failure: defer func() { … }()), which
// staticSites leaves out (no declared function).
func (r *resolver) closureSites() map[string][]ssa.CallInstruction {
	if r.closures != nil {
		return r.closures
	}
	r.closures = map[string][]ssa.CallInstruction{}
	for fn := range r.sliceFns {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				ci, ok := instr.(ssa.CallInstruction)
				if !ok || !ci.Pos().IsValid() {
					continue
				}
				if callee := ci.Common().StaticCallee(); callee != nil && callee.Parent() != nil {
					pos := summary.PosString(r.fset, ci.Pos())
					r.closures[pos] = append(r.closures[pos], ci)
				}
			}
		}
	}
	return r.closures
}

// foundUp hands a read's "found" answer (effect.Found: a result of the
// call at Found.Pos) up the sites placed along the effect's path, from
// the hop of that call towards the handler, while the function making
// each call returns the answer of the one below unchanged or negated
// (guard.ForwardedFound): a service method returning its repository's
// answer through an interface the whole program resolved. Each site
// reached gets the result of its own call that carries the answer
// (guard.Site.Found), for its function's check-then-act.
func foundUp(f *effect.Found, placed []*guard.Site) {
	at := -1
	for i, s := range placed {
		if s.Effect.Path[s.Hop].Pos == f.Pos {
			at = i
		}
	}
	if at < 0 {
		return
	}
	idx, whenTrue := f.Index, f.WhenTrue
	placed[at].Found = &effect.Found{Pos: f.Pos, Index: idx, WhenTrue: whenTrue}
	for i := at - 1; i >= 0; i-- {
		below := placed[i+1]
		if placed[i].Hop != below.Hop-1 {
			return // a hop not placed between: not followed
		}
		j, negated, ok := guard.ForwardedFound(below.Instr.Parent(), below.Instr, idx)
		if !ok {
			return
		}
		idx, whenTrue = j, whenTrue != negated
		placed[i].Found = &effect.Found{Pos: placed[i].Effect.Path[placed[i].Hop].Pos, Index: idx, WhenTrue: whenTrue}
	}
}
