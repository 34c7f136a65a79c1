package guard

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/models"
	"github.com/jobeffects/jobeffects/analyzer/rules"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// duplicateAsError finds returns of a non-nil error on the duplicate edge
// of a claim test: once per return, at the return, and only where the
// duplicate itself reaches it (the claim's own "no rows" error, an error
// made there), not where another operation's failure is returned on that
// path (return tx.Commit(ctx) after a duplicate commits nothing wrong).
func duplicateAsError(fn *ssa.Function, tests []test, pos func(token.Pos) string, ix *models.Index) []Pitfall {
	res := fn.Signature.Results()
	if res.Len() == 0 || !isError(res.At(res.Len()-1).Type()) {
		return nil
	}
	var out []Pitfall
	reported := map[*ssa.Return]bool{}
	// On a duplicate every test of the claim's outcome takes its dup
	// edge: err != nil && !errors.Is(err, ErrNoRows) does not return the
	// wrapped error for a duplicate.
	dupEdge := map[*ssa.BasicBlock]*ssa.BasicBlock{}
	for _, t := range tests {
		dupEdge[t.ifi.Block()] = t.dup
	}
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
		rets := returnsFromEdges(t.dup, t.first, dupEdge)
		if nilOnSomeDup(rets, t) {
			// The duplicate branch tells a finished delivery (nil) from
			// one still holding the claim, whose error asks for a later
			// retry (outpost's idempotence.Exec: processed → nil,
			// processing → ErrConflict, internal/idempotence/idempotence.go:118-135).
			continue
		}
		for _, ret := range rets {
			errv := returned(ret, len(ret.Results)-1)
			if c, ok := errv.(*ssa.Const); ok && c.IsNil() {
				continue
			}
			if t.nilOnDup[errv] || reported[ret] || otherFailure(errv, t.dupErrs, ix, map[ssa.Value]bool{}) {
				continue
			}
			reported[ret] = true
			p := pos(ret.Pos())
			if p == "" {
				p = pos(t.ifi.Cond.Pos())
			}
			msg := "the already-processed branch returns a non-nil error: the queue retries the duplicate and finally dead-letters a job that succeeded; return nil for a duplicate"
			if t.dupAndError {
				msg = "a duplicate delivery (no row returned by the claim) takes this error path: the queue retries it and finally dead-letters a job that succeeded; test errors.Is(err, ErrNoRows) first and return nil"
			}
			out = append(out, Pitfall{Rule: rules.DuplicateAsError, Pos: p, Message: msg, Sentinel: Sentinel(errv)})
		}
	}
	return out
}

// nilOnSomeDup reports whether one of the duplicate branch's returns
// returns a nil error.
func nilOnSomeDup(rets []*ssa.Return, t test) bool {
	for _, ret := range rets {
		errv := returned(ret, len(ret.Results)-1)
		if c, ok := errv.(*ssa.Const); ok && c.IsNil() {
			return true
		}
		if t.nilOnDup[errv] {
			return true
		}
	}
	return false
}

// otherFailure reports whether the error v is the failure of an operation
// other than the claim: the error result of a call that does something (a
// library call the catalog models, one given a context, one returning
// more than an error), directly or wrapped (fmt.Errorf("…: %w", err)). An
// error the claim reports for a duplicate (dupErrs), an error variable and
// one made by a constructor (errors.New, NewDuplicate(key)) are not.
func otherFailure(v ssa.Value, dupErrs map[ssa.Value]bool, ix *models.Index, seen map[ssa.Value]bool) bool {
	if seen[v] {
		return false
	}
	seen[v] = true
	if dupErrs[v] {
		return false
	}
	v = ssavalue.Unconvert(v)
	if dupErrs[v] {
		return false
	}
	switch x := v.(type) {
	case *ssa.Phi:
		for _, e := range x.Edges {
			if c, ok := e.(*ssa.Const); ok && c.IsNil() {
				continue
			}
			if !otherFailure(e, dupErrs, ix, seen) {
				return false
			}
		}
		return true
	case *ssa.Extract:
		call, ok := x.Tuple.(*ssa.Call)
		return ok && !dupErrs[call]
	case *ssa.Call:
		if dupErrs[x] {
			return false
		}
		if operation(x.Common(), ix) {
			return true
		}
		// A constructor: a failure of another operation only if it wraps one.
		for _, arg := range x.Call.Args {
			for _, el := range append(ssavalue.SliceElems(arg), arg) {
				if el = ssavalue.Unconvert(el); isError(el.Type()) && otherFailure(el, dupErrs, ix, seen) {
					return true
				}
			}
		}
	}
	return false
}

// operation reports whether a call that returns an error does something
// that can fail (rather than make an error): the catalog models its
// callee, or it is given a context.
func operation(c *ssa.CallCommon, ix *models.Index) bool {
	if obj, _ := ssavalue.Callee(c); obj != nil && ix != nil && ix.Lookup(obj) != nil {
		return true
	}
	args := c.Args
	if c.IsInvoke() {
		args = append([]ssa.Value{c.Value}, args...)
	}
	for _, a := range args {
		if n, ok := types.Unalias(a.Type()).(*types.Named); ok && n.Obj().Pkg() != nil &&
			n.Obj().Pkg().Path() == "context" && n.Obj().Name() == "Context" {
			return true
		}
	}
	return false
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
// region dominated by stop (when stop joins other paths too, what follows
// it is no longer the start's own doing).
func returnsFrom(start, stop *ssa.BasicBlock) []*ssa.Return {
	return returnsFromEdges(start, stop, nil)
}

// returnsFromEdges is returnsFrom where the blocks in only leave by the
// successor given (the edge a duplicate takes at another test).
func returnsFromEdges(start, stop *ssa.BasicBlock, only map[*ssa.BasicBlock]*ssa.BasicBlock) []*ssa.Return {
	var out []*ssa.Return
	seen := map[*ssa.BasicBlock]bool{}
	work := []*ssa.BasicBlock{start}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[b] || (b != start && stop.Dominates(b)) {
			continue
		}
		seen[b] = true
		if n := len(b.Instrs); n > 0 {
			if r, ok := b.Instrs[n-1].(*ssa.Return); ok {
				out = append(out, r)
			}
		}
		if next, ok := only[b]; ok {
			work = append(work, next)
			continue
		}
		work = append(work, b.Succs...)
	}
	return out
}
