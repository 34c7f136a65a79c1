package wholeprogram

import (
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/result"
)

// Shape-only handlers no program code can run. Discovery lists functions
// found by their shape alone (a River worker's Work method, a function
// taking a message type) as handlers of their own; one whose worker is
// never built and added (cloud-gov billing's PostUsageWorker, whose
// NewPostUsageWorker nothing calls; a DummyWorker left out of the
// workers) is code no binary of the program runs. A job system reaches a
// handler only through a value: the function itself, a method value, or
// its type converted to an interface (AddWorker's Worker[T], a
// reflective registration's any). So where the loaded program has a
// package main, the functions live from the mains and inits are walked:
// what they call (statically and along the call graph), the functions
// and closures they use as values, and every method of each type they
// convert to an interface. A shape-only handler outside that set is
// dropped — only in an internal package (or a main): Go lets no other
// module import it, so no program outside this one can register it.

// deadShapeHandlers returns the keys (Pos|Name) of the shape-only
// handlers no main or init of the program can reach.
func (r *resolver) deadShapeHandlers(results []*result.Result, handlerFns map[string]*ssa.Function) map[string]bool {
	if r.prog == nil || !r.hasMain() {
		return nil
	}
	cand := map[*ssa.Function][]string{}
	for _, res := range results {
		for _, h := range res.Handlers {
			fn := handlerFns[h.Pos+"|"+h.Name]
			// Found by its shape (no registration), weak or not.
			if fn == nil || h.Registered != "" || h.Test || fn.Pkg == nil || !privatePkg(fn.Pkg.Pkg) {
				continue
			}
			cand[fn] = append(cand[fn], h.Pos+"|"+h.Name)
		}
	}
	if len(cand) == 0 {
		return nil
	}
	live := r.liveFuncs()
	var out map[string]bool
	for fn, keys := range cand {
		o := fn
		if g := fn.Origin(); g != nil {
			o = g
		}
		if live[fn] || live[o] {
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

// privatePkg reports whether no other module can import the package: a
// command or a package under an internal directory.
func privatePkg(p *types.Package) bool {
	path := "/" + p.Path() + "/"
	return p.Name() == "main" || strings.Contains(path, "/internal/")
}

// liveFuncs walks the program from the roots' mains and inits (and every
// package initializer): the functions they call, use as values or make
// callable by converting their types to an interface.
func (r *resolver) liveFuncs() map[*ssa.Function]bool {
	live := map[*ssa.Function]bool{}
	var work []*ssa.Function
	mark := func(fn *ssa.Function) {
		if fn == nil {
			return
		}
		if o := fn.Origin(); o != nil && !live[o] {
			live[o] = true
			work = append(work, o)
		}
		if !live[fn] {
			live[fn] = true
			work = append(work, fn)
		}
		if fn.Synthetic != "" {
			// A bound method or a wrapper: the declared method runs.
			if obj, ok := fn.Object().(*types.Func); ok {
				if d := r.prog.FuncValue(obj); d != nil && !live[d] {
					live[d] = true
					work = append(work, d)
				}
			}
		}
	}
	convertedTypes := map[types.Type]bool{}
	convert := func(t types.Type) {
		if convertedTypes[t] {
			return
		}
		convertedTypes[t] = true
		for _, tt := range []types.Type{t, types.NewPointer(t)} {
			if _, ok := t.(*types.Pointer); ok && tt != t {
				continue
			}
			ms := r.prog.MethodSets.MethodSet(tt)
			for i := 0; i < ms.Len(); i++ {
				if obj, ok := ms.At(i).Obj().(*types.Func); ok {
					mark(r.prog.FuncValue(obj))
				}
			}
		}
		if p, ok := t.(*types.Pointer); ok {
			ms := r.prog.MethodSets.MethodSet(p.Elem())
			for i := 0; i < ms.Len(); i++ {
				if obj, ok := ms.At(i).Obj().(*types.Func); ok {
					mark(r.prog.FuncValue(obj))
				}
			}
		}
	}
	for _, fn := range r.roots {
		if fn.Parent() == nil && (fn.Name() == "init" || strings.HasPrefix(fn.Name(), "init#") || fn.Name() == "main" && fn.Pkg != nil && fn.Pkg.Pkg.Name() == "main") {
			mark(fn)
		}
	}
	for _, p := range r.prog.AllPackages() {
		mark(p.Func("init"))
	}
	var ops []*ssa.Value
	for len(work) > 0 {
		fn := work[len(work)-1]
		work = work[:len(work)-1]
		if r.cg != nil {
			if n := r.cg.Nodes[fn]; n != nil {
				for _, e := range n.Out {
					mark(e.Callee.Func)
				}
			}
		}
		for _, a := range fn.AnonFuncs {
			mark(a) // a closure it defines may be passed on
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if ci, ok := instr.(ssa.CallInstruction); ok {
					mark(ci.Common().StaticCallee())
				}
				if mi, ok := instr.(*ssa.MakeInterface); ok {
					convert(mi.X.Type())
				}
				ops = instr.Operands(ops[:0])
				for _, op := range ops {
					if op == nil || *op == nil {
						continue
					}
					if f, ok := (*op).(*ssa.Function); ok {
						mark(f)
					}
				}
			}
		}
	}
	return live
}
