package guard

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// countedFailure reports whether the failure errv is counted and the
// count turned into an error that fn returns: the error edge of errv !=
// nil adds one to a local counter (failed++) that starts at 0 and is
// only ever incremented, every path from that increment to a return of
// fn passes a test of the count (failed > 0, failed != 0) that the
// increment cannot reach again, and on the positive edge of that test fn
// returns only non-nil errors made there (errors.New("one or more files
// failed")). A batch that counts its items' failures and fails as a
// whole when one failed makes the job fail on that item's failure as if
// the error were returned (bcda's ImportDirectory). A counter that is
// reset, assigned another value, tested before the increment or only
// logged decides nothing.
func countedFailure(fn *ssa.Function, errv ssa.Value) bool {
	errEdge, _ := nilTestEdges(errv)
	if errEdge == nil || len(errEdge.Preds) != 1 {
		return false
	}
	for _, b := range fn.Blocks {
		if !errEdge.Dominates(b) {
			continue
		}
		for _, in := range b.Instrs {
			inc, ok := in.(*ssa.BinOp)
			if !ok || !isIncrement(inc) {
				continue
			}
			if countReturned(fn, inc) {
				return true
			}
		}
	}
	return false
}

// isIncrement: x + c with c a positive integer constant, x a φ (a local
// counter in SSA form).
func isIncrement(b *ssa.BinOp) bool {
	if b.Op != token.ADD {
		return false
	}
	if _, ok := b.X.(*ssa.Phi); !ok {
		return false
	}
	c, ok := b.Y.(*ssa.Const)
	return ok && isIntConst(c) && constant.Sign(c.Value) > 0
}

func isIntConst(c *ssa.Const) bool {
	if c == nil || c.Value == nil || c.Value.Kind() != constant.Int {
		return false
	}
	bt, ok := c.Type().Underlying().(*types.Basic)
	return ok && bt.Info()&types.IsInteger != 0
}

// countReturned reports whether the counter that inc increments is a
// failure count fn turns into a returned error (countedFailure).
func countReturned(fn *ssa.Function, inc *ssa.BinOp) bool {
	// The counter: the φs and increments connected to inc. Every value
	// flowing into it is one of them or the one initial 0.
	family := map[ssa.Value]bool{}
	work := []ssa.Value{inc, inc.X}
	zeros := 0
	var tests []*ssa.If
	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		if family[v] {
			continue
		}
		family[v] = true
		switch x := v.(type) {
		case *ssa.Phi:
			for _, e := range x.Edges {
				switch ev := e.(type) {
				case *ssa.Const:
					if !isIntConst(ev) || constant.Sign(ev.Value) != 0 {
						return false
					}
					zeros++
				case *ssa.Phi:
					work = append(work, ev)
				case *ssa.BinOp:
					if !isIncrement(ev) {
						return false
					}
					work = append(work, ev)
				default:
					return false
				}
			}
		case *ssa.BinOp:
			work = append(work, x.X)
		}
		refs := v.Referrers()
		if refs == nil {
			continue
		}
		for _, r := range *refs {
			switch x := r.(type) {
			case *ssa.Phi:
				work = append(work, x)
			case *ssa.BinOp:
				if isIncrement(x) && x.X == v {
					work = append(work, x)
					continue
				}
				if ifi := positiveCountTest(x, v); ifi != nil {
					tests = append(tests, ifi)
				}
			}
		}
	}
	if zeros != 1 || len(tests) == 0 {
		return false
	}
	testBlocks := map[*ssa.BasicBlock]*ssa.If{}
	for _, t := range tests {
		if reaches(t.Block(), inc.Block()) {
			return false // tested again after the increment: in the loop
		}
		testBlocks[t.Block()] = t
	}
	// Every path from the increment to a return passes a test.
	if reachesReturn(inc.Block(), testBlocks) {
		return false
	}
	// Each test's positive edge returns only errors made there.
	for _, t := range tests {
		pos := positiveSucc(t)
		if pos == nil || len(pos.Preds) != 1 || !onlyMadeErrors(fn, pos) {
			return false
		}
	}
	return true
}

// positiveCountTest: the If that tests b, a comparison of the counter v
// with 0 that holds when v is positive (v > 0, v != 0, 0 < v, v == 0
// taken on its false edge); nil otherwise.
func positiveCountTest(b *ssa.BinOp, v ssa.Value) *ssa.If {
	zero := func(x ssa.Value) bool {
		c, ok := x.(*ssa.Const)
		return ok && isIntConst(c) && constant.Sign(c.Value) == 0
	}
	ok := false
	switch b.Op {
	case token.GTR, token.NEQ, token.EQL:
		ok = b.X == v && zero(b.Y) || b.Op != token.GTR && b.Y == v && zero(b.X)
	case token.LSS:
		ok = b.Y == v && zero(b.X)
	}
	if !ok {
		return nil
	}
	refs := b.Referrers()
	if refs == nil {
		return nil
	}
	for _, r := range *refs {
		if ifi, ok := r.(*ssa.If); ok {
			return ifi
		}
	}
	return nil
}

// positiveSucc is the successor of the count test taken when the count
// is positive.
func positiveSucc(ifi *ssa.If) *ssa.BasicBlock {
	b, ok := ifi.Cond.(*ssa.BinOp)
	if !ok {
		return nil
	}
	if b.Op == token.EQL {
		return ifi.Block().Succs[1]
	}
	return ifi.Block().Succs[0]
}

// reachesReturn reports whether a return is reachable from b (b
// included) without entering the blocks of stop.
func reachesReturn(b *ssa.BasicBlock, stop map[*ssa.BasicBlock]*ssa.If) bool {
	seen := map[*ssa.BasicBlock]bool{}
	work := []*ssa.BasicBlock{b}
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[x] || stop[x] != nil {
			continue
		}
		seen[x] = true
		if n := len(x.Instrs); n > 0 {
			if _, ok := x.Instrs[n-1].(*ssa.Return); ok {
				return true
			}
		}
		work = append(work, x.Succs...)
	}
	return false
}

// onlyMadeErrors reports whether every return reachable from pos returns,
// for a path through pos, a non-nil error made in a block pos dominates
// (a call returning an error, &MyError{…}): none returns nil.
func onlyMadeErrors(fn *ssa.Function, pos *ssa.BasicBlock) bool {
	res := fn.Signature.Results()
	if res.Len() == 0 || !isError(res.At(res.Len()-1).Type()) {
		return false
	}
	seen := map[*ssa.BasicBlock]bool{}
	work := []*ssa.BasicBlock{pos}
	n := 0
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[b] {
			continue
		}
		seen[b] = true
		if k := len(b.Instrs); k > 0 {
			if ret, ok := b.Instrs[k-1].(*ssa.Return); ok {
				if len(ret.Results) == 0 || !madeOnEdge(returned(ret, len(ret.Results)-1), pos) {
					return false
				}
				n++
				continue
			}
		}
		work = append(work, b.Succs...)
	}
	return n > 0
}

// madeOnEdge: v, as seen on a path through pos, is a non-nil error made
// in a block pos dominates (errors.New, fmt.Errorf, a pointer to an error
// struct); a φ is read on its edges from such blocks.
func madeOnEdge(v ssa.Value, pos *ssa.BasicBlock) bool {
	if phi, ok := v.(*ssa.Phi); ok && !pos.Dominates(phi.Block()) {
		n := 0
		for i, e := range phi.Edges {
			if !pos.Dominates(phi.Block().Preds[i]) {
				continue
			}
			if !madeOnEdge(e, pos) {
				return false
			}
			n++
		}
		return n > 0
	}
	switch x := v.(type) {
	case *ssa.Call:
		return pos.Dominates(x.Block()) && newError(x)
	case *ssa.MakeInterface:
		// &CountError{N: failed}: a pointer made here is never nil.
		switch x.X.(type) {
		case *ssa.Alloc, *ssa.MakeMap, *ssa.MakeSlice:
			return pos.Dominates(x.Block())
		}
	}
	return false
}

// newErrorFuncs make an error that is never nil, whatever they are given
// (unlike errors.Join or pkg/errors.Wrap, nil for a nil error).
var newErrorFuncs = map[string]bool{
	"errors.New": true, "fmt.Errorf": true,
	"github.com/pkg/errors.New": true, "github.com/pkg/errors.Errorf": true,
	"github.com/cockroachdb/errors.New": true, "github.com/cockroachdb/errors.Newf": true, "github.com/cockroachdb/errors.Errorf": true,
}

func newError(c *ssa.Call) bool {
	fn := c.Call.StaticCallee()
	if fn == nil || fn.Pkg == nil || fn.Signature.Recv() != nil {
		return false
	}
	return newErrorFuncs[fn.Pkg.Pkg.Path()+"."+fn.Name()]
}
