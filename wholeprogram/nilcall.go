package wholeprogram

import (
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/summary"
)

// A method call through an interface that no type in the program
// implements panics: the only value such an interface can hold is nil.
// changelogue's NL gate worker calls w.evaluator.Evaluate, declared by an
// interface of its own package that nothing implements (its constructor
// is given nil, a stub left for later): every attempt panics there, River
// recovers and retries, and what the worker does after the call (the
// status writes, the compare-and-set, the agent run) never runs. A
// reviewer reads it so; the per-package pass cannot (another package may
// implement it), and the call graph has no callee for it, so the call
// stayed unknown and the effects after it were reported as if reached.
//
// This is proof, not a guess of "no effect": an effect is dropped only
// when every path to its call in a function goes through such a call
// (the call's block dominates it, and it comes after the call in its
// block), so code reached around the call (a nil test before it, a
// deferred call registered earlier, which still runs) stays. Decided only
// for an interface a root package declares, when a root package is a
// command (package main: a library's callers may implement it), with the
// loaded program read as the whole program (as neverset.go reads the
// roots' stores): no named
// type anywhere in it (its methods, or its pointer's), nor another
// interface whose methods include the interface's (a struct embedding it
// would implement it), may implement it; a generic type counts when it
// has methods of the same names, whatever its instantiation. The
// unknown call itself stays, its detail saying why it ends the run.

// nilCallDetail is appended to the unknown call's detail.
const nilCallDetail = "; no type in the program implements the interface, so the value is nil and the call panics: what follows it does not run"

// panicCalls are, among effs, the unresolved interface calls whose
// interface nothing implements: their call instructions by effect index.
func (r *resolver) panicCalls(effs []effect.Effect) map[int]ssa.CallInstruction {
	var out map[int]ssa.CallInstruction
	for i := range effs {
		e := &effs[i]
		if e.Kind != effect.KindDynamic || len(e.Path) == 0 || len(r.callees[e.Evidence()]) > 0 {
			continue
		}
		m := r.invokes[e.Evidence()]
		if m == nil || !r.unimplemented(m) {
			continue
		}
		sites := r.invokeSites[e.Evidence()]
		if len(sites) != 1 {
			continue // two calls on one line: which one is not told
		}
		if out == nil {
			out = map[int]ssa.CallInstruction{}
		}
		out[i] = sites[0]
	}
	return out
}

// unimplemented reports whether the interface m belongs to is declared in
// a root package and nothing in the program may implement it.
func (r *resolver) unimplemented(m *types.Func) bool {
	sig, ok := m.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return false
	}
	named, ok := types.Unalias(sig.Recv().Type()).(*types.Named)
	if !ok || named.Obj().Pkg() == nil || !r.rootPackages()[named.Obj().Pkg().Path()] {
		return false
	}
	iface, ok := named.Underlying().(*types.Interface)
	if !ok || iface.NumMethods() == 0 {
		return false
	}
	if !r.hasMain() {
		return false // a library: its callers, not loaded, may implement it
	}
	key := named.Obj().Pkg().Path() + "." + named.Obj().Name()
	if v, ok := r.unimpl[key]; ok {
		return v
	}
	v := !r.mayImplement(named, iface)
	if r.unimpl == nil {
		r.unimpl = map[string]bool{}
	}
	r.unimpl[key] = v
	return v
}

// hasMain reports whether a root package is a command (package main):
// the loaded program is then a program, whose values all come from it.
func (r *resolver) hasMain() bool {
	for _, fn := range r.roots {
		if fn.Pkg != nil && fn.Pkg.Pkg.Name() == "main" {
			return true
		}
	}
	return false
}

// mayImplement reports whether a named type declared anywhere in the
// program (package level or in a function) may implement iface.
func (r *resolver) mayImplement(self *types.Named, iface *types.Interface) bool {
	for _, p := range r.prog.AllPackages() {
		if p.Pkg == nil {
			continue
		}
		if scopeImplements(p.Pkg.Scope(), self, iface) {
			return true
		}
	}
	return false
}

// scopeImplements walks a scope and its children (function bodies'
// local types) for a type that may implement iface.
func scopeImplements(s *types.Scope, self *types.Named, iface *types.Interface) bool {
	for _, name := range s.Names() {
		tn, ok := s.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		named, ok := tn.Type().(*types.Named)
		if !ok || types.Identical(named, self) {
			continue
		}
		if named.TypeParams().Len() > 0 {
			if namesAll(named, iface) {
				return true
			}
			continue
		}
		if types.Implements(named, iface) || types.Implements(types.NewPointer(named), iface) {
			return true
		}
	}
	for i := 0; i < s.NumChildren(); i++ {
		if scopeImplements(s.Child(i), self, iface) {
			return true
		}
	}
	return false
}

// namesAll reports whether a generic type (or its pointer) has methods of
// every name iface has.
func namesAll(named *types.Named, iface *types.Interface) bool {
	ms := types.NewMethodSet(types.NewPointer(named))
	if it, ok := named.Underlying().(*types.Interface); ok {
		ms = types.NewMethodSet(it)
	}
	for i := 0; i < iface.NumMethods(); i++ {
		m := iface.Method(i)
		if ms.Lookup(m.Pkg(), m.Name()) == nil {
			return false
		}
	}
	return true
}

// afterPanic drops the effects whose path makes a call that only runs
// after one of the calls in panics, and marks those calls' effects; it
// reports whether it changed anything.
func (r *resolver) afterPanic(effs []effect.Effect) ([]effect.Effect, bool) {
	panics := r.panicCalls(effs)
	if len(panics) == 0 {
		return effs, false
	}
	byFn := map[*ssa.Function][]ssa.CallInstruction{}
	for _, ci := range panics {
		byFn[ci.Parent()] = append(byFn[ci.Parent()], ci)
	}
	for _, cis := range byFn {
		sort.Slice(cis, func(i, j int) bool { return cis[i].Pos() < cis[j].Pos() })
	}
	static := r.staticSites()
	var out []effect.Effect
	changed := false
	for i := range effs {
		e := effs[i]
		if _, ok := panics[i]; ok {
			if !strings.HasSuffix(e.Detail, nilCallDetail) {
				e.Detail += nilCallDetail
				changed = true
			}
			out = append(out, e)
			continue
		}
		dropped := false
		for _, h := range e.Path {
			instrs := r.sites[h.Pos]
			if len(instrs) == 0 {
				instrs = static[h.Pos]
			}
			if len(instrs) == 0 {
				instrs = r.invokeSites[h.Pos]
			}
			if len(instrs) == 0 {
				instrs = r.closureSites()[h.Pos]
			}
			if len(instrs) == 0 {
				continue
			}
			all := true // every instruction at the position runs only after a panic
			for _, ci := range instrs {
				if !afterAny(byFn[ci.Parent()], ci) {
					all = false
					break
				}
			}
			if all {
				dropped = true
				break
			}
		}
		if dropped {
			changed = true
			continue
		}
		out = append(out, e)
	}
	return out, changed
}

// afterAny reports whether instr runs only after one of the calls: the
// call's block dominates instr's, and in the same block the call comes
// first.
func afterAny(calls []ssa.CallInstruction, instr ssa.CallInstruction) bool {
	b := instr.Block()
	for _, ci := range calls {
		if ci == instr {
			continue
		}
		cb := ci.Block()
		if cb != b {
			if cb.Dominates(b) {
				return true
			}
			continue
		}
		for _, in := range b.Instrs {
			if in == ci {
				return true
			}
			if in == instr {
				break
			}
		}
	}
	return false
}

// indexInvokeSites records the interface calls of the slice by position
// (the calls with no callee are not in r.sites).
func (r *resolver) indexInvokeSites(slice map[*ssa.Function]bool) {
	r.invokeSites = map[string][]ssa.CallInstruction{}
	for _, fn := range sortedFuncs(slice) {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if ci, ok := instr.(ssa.CallInstruction); ok && ci.Common().IsInvoke() && ci.Pos().IsValid() {
					pos := summary.PosString(r.fset, ci.Pos())
					r.invokeSites[pos] = append(r.invokeSites[pos], ci)
				}
			}
		}
	}
}
