package wholeprogram

import (
	"cmp"
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"
)

// programFunctions is ssautil.AllFunctions' set (every package-level
// function, the methods of the exported non-generic types of the packages
// built from syntax, the methods of every runtime type, and every function
// an instruction of one of them names), computed so that it depends on the
// program's code only, not on which bodies happen to be built when it is
// asked.
//
// AllFunctions reads the runtime types once, from Program.RuntimeTypes,
// which go/ssa derives from the MakeInterface operands of every body built
// so far. Bodies are built on demand (a wrapper or a generic instance
// made by MethodValue, by AllFunctions itself or by an earlier step), so
// two runs on the same input gave slices differing by a function
// (issue 31: flexprice's 32,897 / 32,898; a method of a type that becomes
// a runtime type only through a body built after the read, like
// `(*slog.Level).String`). Here the runtime types are those of the
// MakeInterface operands of every declared function of the program (built
// with its package) and of every function the set reaches, to a fixpoint:
// a body the walk itself builds is read too. The types derivable from each
// by reflection are added as go/ssa derives them (forEachElement).
// go/ssa's own runtime types, read after the walk, are added last, so the
// set holds AllFunctions' in the same program.
func programFunctions(prog *ssa.Program) map[*ssa.Function]bool {
	w := &funcWalk{prog: prog, all: map[*ssa.Function]bool{}, read: map[*ssa.Function]bool{}}
	pkgs := prog.AllPackages()
	slices.SortFunc(pkgs, func(a, b *ssa.Package) int { return cmp.Compare(a.Pkg.Path(), b.Pkg.Path()) })
	// The declared functions' conversions, reached or not (what
	// RuntimeTypes holds once every package is built), first: the walk's
	// own builds add to them.
	for _, p := range pkgs {
		for _, name := range sortedMembers(p) {
			switch m := p.Members[name].(type) {
			case *ssa.Function:
				w.readBody(m)
			case *ssa.Type:
				if named, ok := m.Type().(*types.Named); ok {
					for i := 0; i < named.NumMethods(); i++ {
						w.readBody(prog.FuncValue(named.Method(i)))
					}
				}
			}
		}
	}
	for _, p := range pkgs {
		syntactic := fromSyntax(p)
		for _, name := range sortedMembers(p) {
			switch m := p.Members[name].(type) {
			case *ssa.Function:
				w.add(m)
			case *ssa.Type:
				// AllFunctions' exportedTypeHack: T and *T of an exported
				// non-generic named type of a package built from syntax.
				if !syntactic || !ast.IsExported(m.Name()) || types.IsInterface(m.Type()) {
					continue
				}
				if named, ok := m.Type().(*types.Named); ok && named.TypeParams() == nil {
					w.methodsOf(named)
					w.methodsOf(types.NewPointer(named))
				}
			}
		}
	}
	w.drain()
	// And go/ssa's own runtime types, read once the walk is done: a body
	// an earlier step built on demand (a wrapper, an instance) that
	// nothing in the set names converts values too (centrifugo: four
	// types, *jwk.keyBytes among them). Read last, after every body the
	// walk builds, they keep the set a superset of AllFunctions' in the
	// same program.
	for {
		for _, t := range prog.RuntimeTypes() {
			if w.runtime.At(t) == nil {
				w.pending = append(w.pending, t)
			}
		}
		if len(w.pending) == 0 {
			break
		}
		w.drain()
	}
	return w.all
}

// funcWalk is programFunctions' state.
type funcWalk struct {
	prog    *ssa.Program
	all     map[*ssa.Function]bool
	work    []*ssa.Function // in all, not yet read
	read    map[*ssa.Function]bool
	runtime typeutil.Map // the runtime types whose methods were added
	pending []types.Type // MakeInterface operands not yet derived from
	free    freeTypeParams
	ops     []*ssa.Value
}

// add puts fn in the set; its body is read by drain.
func (w *funcWalk) add(fn *ssa.Function) {
	if fn != nil && !w.all[fn] {
		w.all[fn] = true
		w.work = append(w.work, fn)
	}
}

// drain reads the bodies of the set's functions and derives the runtime
// types of their conversions until neither adds a function.
func (w *funcWalk) drain() {
	for len(w.work) > 0 || len(w.pending) > 0 {
		for len(w.work) > 0 {
			fn := w.work[len(w.work)-1]
			w.work = w.work[:len(w.work)-1]
			w.readBody(fn)
			for _, b := range fn.Blocks {
				for _, instr := range b.Instrs {
					w.ops = instr.Operands(w.ops[:0])
					for _, op := range w.ops {
						if op == nil {
							continue
						}
						if g, ok := (*op).(*ssa.Function); ok {
							w.add(g)
						}
					}
				}
			}
		}
		for len(w.pending) > 0 {
			t := w.pending[0]
			w.pending = w.pending[1:]
			forEachElement(&w.prog.MethodSets, t, func(T types.Type, access bool) bool {
				if !access {
					return false // inaccessible to reflection
				}
				if w.runtime.At(T) != nil {
					return true
				}
				w.runtime.Set(T, true)
				w.methodsOf(T)
				return false
			})
		}
	}
}

// readBody records the types fn's body converts to interfaces, and those
// of the bodies it names (callees, function literals, wrappers, generic
// instances), once each. What it names is not added to the set: an
// unreached function's conversions count as go/ssa counts them (every
// built body's), its callees do not.
func (w *funcWalk) readBody(fn *ssa.Function) {
	if fn == nil || w.read[fn] {
		return
	}
	w.read[fn] = true
	stack := []*ssa.Function{fn}
	var ops []*ssa.Value
	for len(stack) > 0 {
		fn := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if mi, ok := instr.(*ssa.MakeInterface); ok {
					if t := mi.X.Type(); w.runtime.At(t) == nil && !w.free.has(t) {
						w.pending = append(w.pending, t)
					}
				}
				ops = instr.Operands(ops[:0])
				for _, op := range ops {
					if op == nil {
						continue
					}
					if g, ok := (*op).(*ssa.Function); ok && !w.read[g] {
						w.read[g] = true
						stack = append(stack, g)
					}
				}
			}
		}
		for _, a := range fn.AnonFuncs {
			if !w.read[a] {
				w.read[a] = true
				stack = append(stack, a)
			}
		}
	}
}

// methodsOf adds the non-generic methods of a non-interface type's
// method set, as AllFunctions does (MethodValue builds a wrapper or an
// instance on demand: its body is read when drained).
func (w *funcWalk) methodsOf(T types.Type) {
	if types.IsInterface(T) {
		return
	}
	mset := w.prog.MethodSets.MethodSet(T)
	for i := 0; i < mset.Len(); i++ {
		sel := mset.At(i)
		if sel.Obj().(*types.Func).Signature().TypeParams() == nil {
			w.add(w.prog.MethodValue(sel))
		}
	}
}

// fromSyntax reports whether p was created from syntax (go/ssa's
// unexported isSyntactic): once built, its initializer has a body, which
// a package created from type information alone never gets.
func fromSyntax(p *ssa.Package) bool {
	init := p.Func("init")
	return init != nil && init.Blocks != nil
}

// sortedMembers is p's member names in order.
func sortedMembers(p *ssa.Package) []string {
	names := make([]string, 0, len(p.Members))
	for name := range p.Members {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}
