package wholeprogram

import (
	"golang.org/x/tools/go/ssa"
)

// releaseUnreached empties the SSA bodies of the program's functions that
// no step after the class-hierarchy slice can read, and returns how many
// it emptied. Once the program is built, every package's functions hold
// their instructions, but the call graphs (VTA) read only the slice's
// functions, and the steps after them read the slice's functions and what
// those name: a static callee, a function value passed on (boundary.go
// walks the values a modelled function is given; callbackargs.go follows
// a callee's result), a closure. On a large program the rest — dependency
// code no handler reaches and its package initialisers' composite
// literals — is a sizeable share of the live heap when VTA starts, which
// is where the run peaks (docs/performance.md), so it is released first.
//
// What is kept is the slice and, transitively, every function an
// instruction of a kept function names as an operand, and the function
// literals of a kept function: a superset of what later steps walk from
// the slice. The functions themselves (objects, signatures, parameters)
// stay, so summaries keyed by them, method values and positions are
// unchanged; only a body's blocks, and the instructions its parameters'
// and free variables' referrers point to, go.
func releaseUnreached(all, slice map[*ssa.Function]bool) int {
	keep := reachedFrom(slice)
	dropped := 0
	for fn := range all {
		if keep[fn] || fn.Blocks == nil {
			continue
		}
		emptyBody(fn)
		dropped++
	}
	return dropped
}

// reachedFrom is the slice closed under the functions its instructions
// name and the function literals they declare.
func reachedFrom(slice map[*ssa.Function]bool) map[*ssa.Function]bool {
	keep := make(map[*ssa.Function]bool, len(slice))
	var work []*ssa.Function
	add := func(fn *ssa.Function) {
		if fn != nil && !keep[fn] {
			keep[fn] = true
			work = append(work, fn)
		}
	}
	for fn := range slice {
		add(fn)
	}
	var ops []*ssa.Value
	for len(work) > 0 {
		fn := work[len(work)-1]
		work = work[:len(work)-1]
		for _, a := range fn.AnonFuncs {
			add(a)
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				ops = instr.Operands(ops[:0])
				for _, op := range ops {
					if op == nil {
						continue
					}
					if g, ok := (*op).(*ssa.Function); ok {
						add(g)
					}
				}
			}
		}
	}
	return keep
}

// emptyBody empties a built function's body. Its parameters and free
// variables keep the instructions that use them as referrers, which would
// keep the blocks alive: those lists are emptied too.
func emptyBody(fn *ssa.Function) {
	for _, p := range fn.Params {
		*p.Referrers() = nil
	}
	for _, fv := range fn.FreeVars {
		*fv.Referrers() = nil
	}
	fn.Blocks = nil
	fn.Recover = nil
	fn.Locals = nil
}
