package guard

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/rules"
)

// duplicateAsError finds returns of a non-nil error on the duplicate edge
// of a claim test.
func duplicateAsError(fn *ssa.Function, tests []test, pos func(token.Pos) string) []Pitfall {
	res := fn.Signature.Results()
	if res.Len() == 0 || !isError(res.At(res.Len()-1).Type()) {
		return nil
	}
	var out []Pitfall
	for _, t := range tests {
		// A test inside another test's first-time region only sees real
		// errors: the duplicate already left.
		inner := false
		for _, o := range tests {
			if o.ifi != t.ifi && len(o.first.Preds) == 1 && o.first.Dominates(t.ifi.Block()) {
				inner = true
			}
		}
		if inner {
			continue
		}
		for _, ret := range returnsFrom(t.dup, t.first) {
			errv := returned(ret, len(ret.Results)-1)
			if c, ok := errv.(*ssa.Const); ok && c.IsNil() {
				continue
			}
			if t.nilOnDup[errv] {
				continue
			}
			p := pos(ret.Pos())
			if p == "" {
				p = pos(t.ifi.Cond.Pos())
			}
			msg := "the already-processed branch returns a non-nil error: the queue retries the duplicate and finally dead-letters a job that succeeded; return nil for a duplicate"
			if t.dupAndError {
				msg = "a duplicate delivery (no row returned by the claim) takes this error path: the queue retries it and finally dead-letters a job that succeeded; test errors.Is(err, ErrNoRows) first and return nil"
			}
			out = append(out, Pitfall{Rule: rules.DuplicateAsError, Pos: p, Message: msg})
		}
	}
	return out
}

// returned is the value a return gives for result i. In functions with
// defers, SSA routes results through a local that the deferred calls may
// change; the value is then the last store to that local in the block.
func returned(ret *ssa.Return, i int) ssa.Value {
	v := ret.Results[i]
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return v
	}
	local, ok := load.X.(*ssa.Alloc)
	if !ok {
		return v
	}
	instrs := ret.Block().Instrs
	for j := len(instrs) - 1; j >= 0; j-- {
		if st, ok := instrs[j].(*ssa.Store); ok && st.Addr == local {
			return st.Val
		}
	}
	return v
}

// returnsFrom lists the returns reachable from start without entering the
// region dominated by stop.
func returnsFrom(start, stop *ssa.BasicBlock) []*ssa.Return {
	var out []*ssa.Return
	seen := map[*ssa.BasicBlock]bool{}
	work := []*ssa.BasicBlock{start}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[b] || (len(stop.Preds) == 1 && stop.Dominates(b)) {
			continue
		}
		seen[b] = true
		if n := len(b.Instrs); n > 0 {
			if r, ok := b.Instrs[n-1].(*ssa.Return); ok {
				out = append(out, r)
			}
		}
		work = append(work, b.Succs...)
	}
	return out
}
