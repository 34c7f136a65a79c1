package wholeprogram

import (
	"go/types"

	"golang.org/x/tools/go/callgraph"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"
)

// chaSlice is the class-hierarchy call graph (cha.CallGraph's) of the part
// of the program the entries reach, not entering modeled packages, and
// that part. cha.CallGraph computes the edges of every function of the
// program, most of which no handler reaches; VTA and the slice read only
// the edges leaving the slice's functions, which are the same here. The
// callees of a dynamic call are cha's: every method of the program with
// the interface method's ID whose receiver implements the interface, every
// function of a func value's signature.
//
// all is every function of the program (programFunctions: the set of
// ssautil.AllFunctions, whatever bodies were built before it is asked),
// which the caller reuses to release what the slice leaves out
// (unreached.go).
func (r *resolver) chaSlice(prog *ssa.Program, entries []*ssa.Function) (cg *callgraph.Graph, slice, all map[*ssa.Function]bool) {
	all = programFunctions(prog)
	calleesOf := lazyCallees(all)
	cg = callgraph.New(nil)
	seen := map[*ssa.Function]bool{}
	work := append([]*ssa.Function(nil), entries...)
	for len(work) > 0 {
		fn := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[fn] {
			continue
		}
		seen[fn] = true
		if !all[fn] {
			continue // cha gives edges to the functions AllFunctions lists only
		}
		fnode := cg.CreateNode(fn)
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				site, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				var callees []*ssa.Function
				if g := site.Common().StaticCallee(); g != nil {
					callees = []*ssa.Function{g}
				} else {
					callees = calleesOf(site)
				}
				for _, g := range callees {
					callgraph.AddEdge(fnode, site, cg.CreateNode(g))
					if !seen[g] && !r.modeled(g) {
						work = append(work, g)
					}
				}
			}
		}
	}
	return cg, seen, all
}

// lazyCallees resolves a dynamic call as cha does (the same logic as
// x/tools' internal chautil.LazyCallees, which cha.CallGraph uses).
func lazyCallees(fns map[*ssa.Function]bool) func(site ssa.CallInstruction) []*ssa.Function {
	var funcsBySig typeutil.Map // signature → []*ssa.Function: the address-taken functions
	// By ID, not name: two unexported methods spelled the same in
	// different packages are different methods.
	methodsByID := map[string][]*ssa.Function{}
	type imethod struct {
		I  *types.Interface
		id string
	}
	memo := map[imethod][]*ssa.Function{}
	lookupMethods := func(I *types.Interface, m *types.Func) []*ssa.Function {
		id := m.Id()
		methods, ok := memo[imethod{I, id}]
		if !ok {
			sig := interfaceMethod(I, id)
			for _, f := range methodsByID[id] {
				// types.Implements holds for any receiver with an
				// embedded field of invalid type (a stub or module that
				// did not load: it cannot tell which methods the field
				// lacks), whatever its methods' signatures; a method
				// whose signature is not the interface method's is never
				// called through it, and VTA, which reads the call's
				// results by the callee's, panics on it.
				if types.Implements(f.Signature.Recv().Type(), I) && sig != nil && types.Identical(f.Signature, sig) {
					methods = append(methods, f)
				}
			}
			memo[imethod{I, id}] = methods
		}
		return methods
	}
	for f := range fns {
		if f.Signature.Recv() == nil {
			if f.Name() == "init" && f.Synthetic == "package initializer" {
				continue // never address-taken
			}
			if o, ok := f.Object().(*types.Func); ok && o.Name() == "init" {
				// A declared init function (init#1…) is never a value
				// either: the language forbids referring to init.
				// Unlike x/tools' chautil, which lists them, they are not
				// made callees of every func() call of the program (a
				// one-line init added anywhere would change those sites'
				// callees, and boundary.go would read its effects as a
				// library's func() call's).
				continue
			}
			funcs, _ := funcsBySig.At(f.Signature).([]*ssa.Function)
			funcsBySig.Set(f.Signature, append(funcs, f))
		} else if obj := f.Object(); obj != nil {
			id := obj.(*types.Func).Id()
			methodsByID[id] = append(methodsByID[id], f)
		}
	}
	return func(site ssa.CallInstruction) []*ssa.Function {
		call := site.Common()
		if call.IsInvoke() {
			return lookupMethods(call.Value.Type().Underlying().(*types.Interface), call.Method)
		} else if g := call.StaticCallee(); g != nil {
			return []*ssa.Function{g}
		} else if _, ok := call.Value.(*ssa.Builtin); !ok {
			fns, _ := funcsBySig.At(call.Signature()).([]*ssa.Function)
			return fns
		}
		return nil
	}
}

// interfaceMethod is the signature of I's method with the given ID, or nil.
func interfaceMethod(I *types.Interface, id string) *types.Signature {
	for i := 0; i < I.NumMethods(); i++ {
		if m := I.Method(i); m.Id() == id {
			return m.Type().(*types.Signature)
		}
	}
	return nil
}
