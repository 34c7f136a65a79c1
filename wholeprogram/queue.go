package wholeprogram

import (
	"go/token"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/summary"
)

// Function queues: a writer goroutine that runs the functions callers send
// it (w.todo <- task{f}; … task := <-w.todo; task.f(txn)) is one call site
// that VTA resolves to every function any caller ever sends. A handler
// only runs the ones its own call chain supplies: when the called value
// was received from a channel and some of the callees are function values
// created in the functions on the effect's path (the closure
// UpsertAccountData passes to Writer.Do), the call runs those; when none
// are, the call keeps every callee (a queue filled elsewhere).

// fromChannel reports whether v, the value a dynamic call calls, was
// received from a channel (directly, or as a field of a received struct).
func fromChannel(v ssa.Value) bool {
	return fromChannelDepth(v, 0)
}

// fromChannelDepth bounds the walk: phis and stores can form cycles.
func fromChannelDepth(v ssa.Value, depth int) bool {
	for i := 0; i < 8 && v != nil && depth < 8; i, depth = i+1, depth+1 {
		switch x := v.(type) {
		case *ssa.UnOp:
			if x.Op == token.ARROW {
				return true
			}
			v = x.X // a load through a pointer
		case *ssa.Field:
			v = x.X
		case *ssa.FieldAddr:
			v = x.X
		case *ssa.Extract:
			if _, ok := x.Tuple.(*ssa.Select); ok {
				return true
			}
			if u, ok := x.Tuple.(*ssa.UnOp); ok && u.Op == token.ARROW {
				return true // v, ok := <-ch
			}
			v = x.Tuple
		case *ssa.Alloc:
			// a received struct stored in a local: look at what was stored
			for _, r := range *x.Referrers() {
				if st, ok := r.(*ssa.Store); ok && st.Addr == x && fromChannelDepth(st.Val, depth+1) {
					return true
				}
			}
			return false
		case *ssa.FreeVar:
			// a closure's captured variable: what its creator bound
			v = binding(x)
		case *ssa.Phi:
			for _, e := range x.Edges {
				if fromChannelDepth(e, depth+1) {
					return true
				}
			}
			return false
		default:
			return false
		}
	}
	return false
}

// supplied narrows a channel-fed call's callees to the function values the
// effect's call chain creates; callees unchanged when it creates none.
func (r *resolver) supplied(e effect.Effect, callees []*ssa.Function) []*ssa.Function {
	if len(callees) < 2 {
		return callees
	}
	made := map[*ssa.Function]bool{}
	for _, hop := range e.Path {
		name, _, _ := strings.Cut(hop.Func, " (")
		file, _, _ := strings.Cut(hop.Pos, ":")
		for _, fn := range r.byName[name] {
			if file != "" && !strings.HasSuffix(r.fset.Position(fn.Pos()).Filename, file) {
				continue
			}
			for _, a := range fn.AnonFuncs {
				made[a] = true
			}
			for _, b := range fn.Blocks {
				for _, instr := range b.Instrs {
					for _, op := range instr.Operands(nil) {
						if f, ok := (*op).(*ssa.Function); ok {
							made[f] = true
						}
					}
				}
			}
		}
	}
	var out []*ssa.Function
	for _, fn := range callees {
		if made[fn] {
			out = append(out, fn)
		}
	}
	if len(out) == 0 {
		return callees
	}
	return out
}

// indexNames maps the slice's functions by the name a path hop gives them.
func (r *resolver) indexNames(slice map[*ssa.Function]bool) {
	r.byName = map[string][]*ssa.Function{}
	for fn := range slice {
		name := summary.SSAName(fn)
		r.byName[name] = append(r.byName[name], fn)
	}
}

// binding is the value the enclosing function binds to a closure's free
// variable, or nil.
func binding(fv *ssa.FreeVar) ssa.Value {
	fn := fv.Parent()
	idx := freeVarIndex(fv)
	if idx < 0 || fn.Parent() == nil {
		return nil
	}
	for _, b := range fn.Parent().Blocks {
		for _, instr := range b.Instrs {
			if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == fn && idx < len(mc.Bindings) {
				return mc.Bindings[idx]
			}
		}
	}
	return nil
}

// freeVarIndex is fv's position among its function's free variables, the
// index of the value a MakeClosure of that function binds to it; -1 when
// absent.
func freeVarIndex(fv *ssa.FreeVar) int {
	for i, f := range fv.Parent().FreeVars {
		if f == fv {
			return i
		}
	}
	return -1
}
