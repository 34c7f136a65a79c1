package wholeprogram

import (
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/summary"
)

// Folded library calls. A dependency's summary keeps the calls it cannot
// resolve (interface methods, func values) as one folded effect, its first
// call standing for the others (summary's foldUnresolved): a converter
// built with functional options whose option closure registers plugins
// and calls each plugin's Name and Init through the plugin interface
// (html-to-markdown's WithPlugins) is one "unknown" at Name. That effect
// is not one call site, so resolve leaves it alone. Over the whole program
// it is decided by the library function the handler's code entered (the
// first hop of its path in another module: the option closure the
// application built, or the library function it called): every call that
// function can reach, through the call graph, goes to the implementations
// whose values flow there (VTA: the plugin types the application passed
// through the option, appended to the converter's slice). When nothing
// reached is an effect, the folded effect has none either. A plugin type
// that writes keeps it; so does an interface call no value of the program
// reaches (a plugin set filled from outside the program), as
// reachesNoEffect keeps every dynamic call the graph does not resolve.

// foldedInert reports whether the folded unresolved calls of a
// dependency's summary reach no effect over the whole program.
func (r *resolver) foldedInert(e effect.Effect) bool {
	if e.Kind != effect.KindDynamic || !e.Folded || r.cg == nil || strings.HasPrefix(e.Detail, "and more effects") {
		// Not a dependency's fold of its unresolved calls (a summary cut
		// at its size limit folds effects of every kind, from anywhere).
		return false
	}
	entry := r.libraryEntry(e.Path)
	if entry == nil {
		return false
	}
	if inert, ok := r.foldedMemo[entry]; ok {
		return inert
	}
	// As boundaryInert: a summary keeps the catalogued calls apart (they
	// are effects of their own beside the fold), a function without one
	// answers for all it reaches.
	var inert bool
	if r.sums[summary.Key(r.fset, entry)] != nil {
		inert = r.reachesNoOtherEffect(entry)
	} else {
		inert = r.reachesNoEffect(entry)
	}
	if r.foldedMemo == nil {
		r.foldedMemo = map[*ssa.Function]bool{}
	}
	r.foldedMemo[entry] = inert
	return inert
}

// libraryEntry is the first function of path in a module other than the
// program's own, found by the call its hop makes; nil when a hop before it
// cannot be placed (the fold may then lie anywhere).
func (r *resolver) libraryEntry(path []effect.Hop) *ssa.Function {
	calls := r.callsByPos()
	for _, h := range path {
		var fn *ssa.Function
		for _, ci := range calls[h.Pos] {
			if f := ci.Parent(); f != nil && f.Pkg != nil && hopNames(h.Func, summary.SSAName(f)) {
				fn = f
				break
			}
		}
		if fn == nil {
			return nil
		}
		if !r.rootMods[r.moduleOf(fn.Pkg.Pkg.Path())] {
			return fn
		}
	}
	return nil
}

// hopNames reports whether a hop's display name is the function's: the
// name, maybe followed by what the hop adds (" (dynamic call → …)").
func hopNames(hop, name string) bool {
	return hop == name || strings.HasPrefix(hop, name+" ")
}

// callsByPos maps positions to the slice's call instructions there, static
// or dynamic (built once).
func (r *resolver) callsByPos() map[string][]ssa.CallInstruction {
	if r.allCalls != nil {
		return r.allCalls
	}
	r.allCalls = map[string][]ssa.CallInstruction{}
	for _, fn := range sortedFuncs(r.sliceFns) {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if ci, ok := instr.(ssa.CallInstruction); ok && ci.Pos().IsValid() {
					pos := summary.PosString(r.fset, ci.Pos())
					r.allCalls[pos] = append(r.allCalls[pos], ci)
				}
			}
		}
	}
	return r.allCalls
}
