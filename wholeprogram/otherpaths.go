package wholeprogram

import (
	"sort"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/guard"
	"github.com/jobeffects/jobeffects/analyzer/summary"
)

// A summary folds the paths to one effect into one (the best), so the
// whole-program check-then-act (checkact.go) would place an act at one
// call per function: a handler that sends an alert on its success path,
// before the replay check, and again after it (the check, the send, the
// mark) would be read on the first path only, and the check would expose
// nothing. The other calls of the function that reach the same effect
// are placed too, each as a copy of the effect with that path.

// maxOtherPaths bounds the other calls placed per effect and function.
const maxOtherPaths = 4

// fnCall is a call of a function with the functions it may call.
type fnCall struct {
	ci      ssa.CallInstruction
	callees []*ssa.Function
}

// otherPath is a copy of an effect placed at another call (ci) of a
// function of its path (fn), at hop of its path.
type otherPath struct {
	orig, copy *effect.Effect
	fn         *ssa.Function
	ci         ssa.CallInstruction
	hop        int
}

// otherPaths places, in each function of fns that may hold a check, the
// other calls that reach an act or a check placed there: a copy of the effect whose
// path goes through that call, with a site there and at the calls the
// effect's path makes in the functions before it (the callers the copy
// shares with it). Effects that already carry an issue or a guard are
// left alone.
func (r *resolver) otherPaths(fns []*ssa.Function, byFn map[*ssa.Function]*fnSites) []otherPath {
	// The sites of each effect, by hop (the callers a copy shares).
	type placed struct {
		fs   *fnSites
		site *guard.Site
	}
	var byEff map[*effect.Effect][]placed
	var out []otherPath
	touched := map[*fnSites]bool{}
	copies := map[*effect.Effect]bool{} // placed in a caller before its own function
	for _, fn := range fns {
		fs := byFn[fn]
		if fn.Blocks == nil || !fs.dynamic && !fs.later || !mayCheck(fs.sites) {
			continue
		}
		if byEff == nil {
			byEff = map[*effect.Effect][]placed{}
			for _, g := range fns {
				for _, s := range byFn[g].sites {
					byEff[s.Effect] = append(byEff[s.Effect], placed{byFn[g], s})
				}
			}
		}
		for _, s := range fs.sites[:len(fs.sites):len(fs.sites)] {
			e := s.Effect
			// A check is placed at its other calls too: a handler that
			// reads one marker to decide whether to go on, then the
			// marker it acts on through the same helper, folds both reads
			// into the first, which checks nothing the record writes.
			if copies[e] || e.Issue != "" || e.Guard != nil || !guard.NeedsGuard(e) && !guard.MayCheck(e) {
				continue
			}
			anchor := r.anchor(e, s.Hop)
			if anchor < 0 {
				continue
			}
			pos := e.Path[anchor].Pos
			n := 0
			for _, c := range r.callsOf(fn) {
				if c.ci == s.Instr {
					continue
				}
				var via []effect.Hop
				for _, g := range c.callees {
					if p, ok := r.passesThrough(g)[pos]; ok {
						via = p
						break
					}
				}
				if via == nil {
					continue
				}
				path := make([]effect.Hop, 0, s.Hop+1+len(via)+len(e.Path)-anchor-1)
				path = append(path, e.Path[:s.Hop]...)
				path = append(path, effect.Hop{Pos: summary.PosString(r.fset, c.ci.Pos()), Func: e.Path[s.Hop].Func})
				path = append(path, via...)
				path = append(path, e.Path[anchor+1:]...)
				cp := *e
				cp.Path, cp.Alt, cp.More = path, nil, 0
				copies[&cp] = true
				out = append(out, otherPath{orig: e, copy: &cp, fn: fn, ci: c.ci, hop: s.Hop})
				fs.sites = append(fs.sites, &guard.Site{Effect: &cp, Instr: c.ci, Hop: s.Hop})
				touched[fs] = true
				for _, p := range byEff[e] {
					if p.site.Hop < s.Hop {
						p.fs.sites = append(p.fs.sites, &guard.Site{Effect: &cp, Instr: p.site.Instr, Hop: p.site.Hop})
						touched[p.fs] = true
					}
				}
				r.placeVia(&cp, s.Hop, len(via), byFn, touched)
				if n++; n == maxOtherPaths {
					break
				}
			}
		}
	}
	for _, fn := range fns {
		if fs := byFn[fn]; touched[fs] {
			sort.SliceStable(fs.sites, func(i, j int) bool { return fs.sites[i].Instr.Pos() < fs.sites[j].Instr.Pos() })
		}
	}
	return out
}

// mayCheck reports whether one of sites may be the check of
// check-then-act: a function without one has no path to tell apart.
func mayCheck(sites []*guard.Site) bool {
	for _, s := range sites {
		if guard.MayCheck(s.Effect) {
			return true
		}
	}
	return false
}

// anchor is the hop after hop of e's path that the summaries of the
// function's callees end at: the first dynamic call resolved in this
// phase (a summary holds it as the dynamic call), or the effect's own
// site; -1 when hop is the last.
func (r *resolver) anchor(e *effect.Effect, hop int) int {
	if hop >= len(e.Path)-1 {
		return -1
	}
	for j := hop + 1; j < len(e.Path); j++ {
		if len(r.sites[e.Path[j].Pos]) > 0 {
			return j
		}
	}
	return len(e.Path) - 1
}

// callsOf are the calls fn makes with their callees: the static callee,
// or the functions the whole program resolved a dynamic call to.
// Memoized per function.
func (r *resolver) callsOf(fn *ssa.Function) []fnCall {
	if calls, ok := r.callsIn[fn]; ok {
		return calls
	}
	if r.callsIn == nil {
		r.callsIn = map[*ssa.Function][]fnCall{}
	}
	var calls []fnCall
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			ci, ok := instr.(ssa.CallInstruction)
			if !ok || !ci.Pos().IsValid() {
				continue
			}
			if callee := ci.Common().StaticCallee(); callee != nil {
				calls = append(calls, fnCall{ci, []*ssa.Function{callee}})
			} else if cs := r.bySite[ci]; len(cs) > 0 {
				calls = append(calls, fnCall{ci, cs})
			}
		}
	}
	r.callsIn[fn] = calls
	return calls
}

// passesThrough maps each position the effects of g's summary pass
// through (a call of their paths, their sites) to the path from g to it.
// Memoized per function.
func (r *resolver) passesThrough(g *ssa.Function) map[string][]effect.Hop {
	if m, ok := r.passes[g]; ok {
		return m
	}
	if r.passes == nil {
		r.passes = map[*ssa.Function]map[string][]effect.Hop{}
	}
	var m map[string][]effect.Hop
	if s := r.sums[summary.Key(r.fset, g)]; s != nil {
		for i := range s.Effects {
			p := s.Effects[i].Path
			for j := range p {
				if _, ok := m[p[j].Pos]; !ok {
					if m == nil {
						m = map[string][]effect.Hop{}
					}
					m[p[j].Pos] = p[: j+1 : j+1]
				}
			}
		}
	}
	r.passes[g] = m
	return m
}

// decidedApart are the copies the analysis decided otherwise than their
// effect (one per effect and issue), their call's hop told how its
// failure goes on: check-then-act on a path after the check beside the
// effect left unguarded on the path before it, or the other way round.
func decidedApart(others []otherPath) []effect.Effect {
	var out []effect.Effect
	seen := map[*effect.Effect]map[string]bool{}
	for _, o := range others {
		if o.copy.Issue == o.orig.Issue {
			continue
		}
		if seen[o.orig] == nil {
			seen[o.orig] = map[string]bool{o.orig.Issue: true}
		}
		if seen[o.orig][o.copy.Issue] {
			continue
		}
		seen[o.orig][o.copy.Issue] = true
		h := &o.copy.Path[o.hop]
		h.ErrOut = guard.ErrorReturned(o.fn, o.ci)
		h.ErrDropped = guard.ErrorIgnored(o.fn, o.ci)
		h.FailsLast = guard.FailsLast(o.fn, o.ci)
		out = append(out, *o.copy)
	}
	return out
}

// placeVia places the copy cp at the calls its new path makes in the
// functions below the other call (hops from+1 to from+n, the last the
// anchor), in those that already hold sites of the handler's effects: a
// check there (a service's look-up, then the insert on its "not found"
// side) sees the act whose kept path goes through another caller (the
// same insert reached from a second message type). The calls before the
// anchor go on to the dynamic call resolved in this phase (Resolved).
func (r *resolver) placeVia(cp *effect.Effect, from, n int, byFn map[*ssa.Function]*fnSites, touched map[*fnSites]bool) {
	static := r.staticSites()
	last := from + n
	for k := from + 1; k <= last && k < len(cp.Path); k++ {
		instrs, dynamic := r.sites[cp.Path[k].Pos], true
		if len(instrs) == 0 {
			instrs, dynamic = static[cp.Path[k].Pos], false
		}
		if len(instrs) != 1 {
			continue
		}
		fs := byFn[instrs[0].Parent()]
		if fs == nil {
			continue
		}
		fs.sites = append(fs.sites, &guard.Site{Effect: cp, Instr: instrs[0], Hop: k, Resolved: !dynamic && k < last})
		fs.later = fs.later || k < last
		touched[fs] = true
	}
}
