package guard

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// NilDerefOnDup reports whether the branch that takes the call ci's
// unique-key violation as success dereferences a result of ci that is
// nil whenever ci fails (env.NilOnError): the "already processed" branch
// then panics before it can return, so a duplicate delivery fails like a
// returned error would —
//
//	event, err := channel.CreateEvent(ctx, t)       // (nil, err) on every failure
//	if err != nil {
//		if strings.Contains(err.Error(), "duplicate key") {
//			existing, err = repo.Find(ctx, event.ID) // nil dereference
//		…
//
// The dereference must lie on every way out of that branch (each way from
// it to a return passes the dereference's block, also where the branch
// joins another before returning) and no nil test of the result may come
// before it. The position of the dereference is returned.
func NilDerefOnDup(fn *ssa.Function, ci ssa.CallInstruction, env *Env) (string, bool) {
	if _, ok := ci.(*ssa.Call); !ok || env == nil || env.Index == nil || env.NilOnError == nil {
		return "", false
	}
	call := ci.Value()
	tup, ok := call.Type().(*types.Tuple)
	if !ok || tup.Len() < 2 || !env.NilOnError(ci.Common()) {
		return "", false
	}
	errv := errorOf(ci)
	if errv == nil {
		return "", false
	}
	var ptrs []ssa.Value
	for _, r := range ssavalue.Referrers(call) {
		if ex, ok := r.(*ssa.Extract); ok && ex.Index < tup.Len()-1 && isPointer(ex.Type()) {
			ptrs = append(ptrs, ex)
		}
	}
	if len(ptrs) == 0 {
		return "", false
	}
	a := &analysis{fn: fn, env: env}
	for _, t := range a.uniqueTests(errv) {
		rets := returnsFromEdges(t.dup, t.first, nil)
		if len(rets) == 0 {
			continue
		}
		for _, p := range ptrs {
			for _, d := range derefs(p) {
				b := d.Block()
				if !t.dup.Dominates(b) || nilTestedBefore(fn, p, b) || !onEveryWay(b, t.dup, t.first) {
					continue
				}
				return a.pos(d.Pos()), true
			}
		}
	}
	return "", false
}

// isPointer reports whether t is a pointer type.
func isPointer(t types.Type) bool {
	_, ok := t.Underlying().(*types.Pointer)
	return ok
}

// derefs are the instructions that dereference the pointer v: a load
// through it and the address of one of its fields (what a field read or
// write, or a value-receiver method call, makes).
func derefs(v ssa.Value) []ssa.Instruction {
	var out []ssa.Instruction
	for _, r := range ssavalue.Referrers(v) {
		switch x := r.(type) {
		case *ssa.FieldAddr:
			if x.X == v {
				out = append(out, x)
			}
		case *ssa.UnOp:
			if x.Op == token.MUL && x.X == v {
				out = append(out, x)
			}
		}
	}
	return out
}

// nilTestedBefore reports whether a comparison of v with nil decides a
// branch whose block dominates b: the dereference then may lie where v
// is known not to be nil.
func nilTestedBefore(fn *ssa.Function, v ssa.Value, b *ssa.BasicBlock) bool {
	for _, r := range ssavalue.Referrers(v) {
		bin, ok := r.(*ssa.BinOp)
		if !ok || (bin.Op != token.EQL && bin.Op != token.NEQ) || !(isNil(bin.X) || isNil(bin.Y)) {
			continue
		}
		for _, rr := range ssavalue.Referrers(bin) {
			if ifi, ok := rr.(*ssa.If); ok && ifi.Block().Dominates(b) {
				return true
			}
		}
		// A test that is not an If's own condition (&&, a stored bool):
		// taken as a test all the same.
		if bin.Block().Dominates(b) {
			return true
		}
	}
	return false
}

// onEveryWay reports whether each way from the duplicate's edge start to
// a return of the function passes the block b (returnsFromEdges' walk:
// blocks the error-free edge stop dominates are not the duplicate's). The
// branches may join again before they return (`if dup { found, err =
// find(ctx, event.ID) }; if found == nil { return err }`): the
// dereference need not dominate the returns, only lie on the way to them.
func onEveryWay(b, start, stop *ssa.BasicBlock) bool {
	seen := map[*ssa.BasicBlock]bool{}
	work := []*ssa.BasicBlock{start}
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if x == b || seen[x] || (x != start && stop.Dominates(x)) {
			continue
		}
		seen[x] = true
		if n := len(x.Instrs); n > 0 {
			if _, ok := x.Instrs[n-1].(*ssa.Return); ok {
				return false
			}
		}
		work = append(work, x.Succs...)
	}
	return true
}
