package guard

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// A check-then-act's record is written only on some of the ways the act
// returns: a spam check that inserts its detection, then blocks the user
// (the status the check reads) only when the detection's confidence
// reaches the auto-block threshold. Below it nothing records the run, and
// a redelivery that comes after the first has finished passes the check
// and inserts the detection again: not the race of two deliveries at
// once, which the check-then-act names, but an act nothing guards at all.
// Such an act is reported twice: as check-then-act (the run that blocks),
// and as a copy with no issue (the run that does not), which the caller
// is told of (Env.Unrecorded) and keeps beside it.

// unrecorded reports whether the act s, which comes before the record on
// the check's branch, can end in a successful return of the function
// where their paths part without the record being written: the act's call
// and the record's go through the same calls down to that function (or
// part in the check's function itself), and there a path leads from the
// act's success (its error tested nil, or not tested) to a return of a
// nil error (or of a function without an error result) that passes no
// write of the checked table. Every write of the checked table the
// branch makes must be known (no other path folded into it: More), and
// must pass through the calls the act shares with the record: a write
// elsewhere (a mark after the call that acts) may record the run on the
// way out.
func (a *analysis) unrecorded(check, s, record *Site, onBranch func(*ssa.BasicBlock) bool) bool {
	table := check.Effect.Target
	var writes []*Site
	for _, w := range a.sites {
		we := w.Effect
		if we.Kind != effect.KindDBWrite || we.Target != table || !onBranch(w.Instr.Block()) {
			continue
		}
		if we.More > 0 {
			return false
		}
		writes = append(writes, w)
	}
	if s.Instr != record.Instr {
		// They part here: every write of the table on the branch is avoided.
		var avoid []ssa.Instruction
		for _, w := range writes {
			avoid = append(avoid, w.Instr)
		}
		return returnsUnrecorded(a.fn, s.Instr, avoid)
	}
	for _, w := range writes {
		if w.Instr != record.Instr {
			return false // another call writes the table: it may record the run
		}
	}
	sp, rp := s.Effect.Path, record.Effect.Path
	fn := a.fn
	ci := s.Instr
	for k := s.Hop; ; k++ {
		rk := k - s.Hop + record.Hop
		if k+1 >= len(sp) || rk+1 >= len(rp) {
			return false
		}
		// Descend into the common call's callee.
		next := a.calleeWith(ci, sp[k+1].Pos)
		if next == nil {
			return false
		}
		fn = next
		if sp[k+1].Pos == rp[rk+1].Pos {
			ci = a.callAt(fn, sp[k+1].Pos)
			// Every write of the table must go on through this call.
			for _, w := range writes {
				wp := w.Effect.Path
				if wk := k + 1 - s.Hop + w.Hop; wk >= len(wp) || wp[wk].Pos != sp[k+1].Pos {
					return false
				}
			}
			continue
		}
		act := a.callAt(fn, sp[k+1].Pos)
		if act == nil {
			return false
		}
		var avoid []ssa.Instruction
		for _, w := range writes {
			wp := w.Effect.Path
			wk := k + 1 - s.Hop + w.Hop
			if wk >= len(wp) {
				return false
			}
			in := a.callAt(fn, wp[wk].Pos)
			if in == nil {
				return false
			}
			avoid = append(avoid, in)
		}
		return returnsUnrecorded(fn, act, avoid)
	}
}

// keepUnrecorded tells the caller of a copy of each act in acts, which
// the check-then-act just marked, as it was before: the run whose record
// is not written leaves it unguarded (its other guard-free state kept).
func (a *analysis) keepUnrecorded(acts []*Site) {
	if a.env.Unrecorded == nil {
		return
	}
	for _, s := range acts {
		e := *s.Effect
		e.Issue, e.IssuePos = "", ""
		e.Path = append([]effect.Hop(nil), e.Path...)
		a.env.Unrecorded(s, e)
	}
}

// calleeWith is the function the call ci runs that holds a call at pos:
// its static callee, or a closure it is handed (a transaction's
// callback); nil for a call through an interface or a function value.
func (a *analysis) calleeWith(ci ssa.CallInstruction, pos string) *ssa.Function {
	if ci == nil {
		return nil
	}
	for _, fn := range callBodies(ci.Common()) {
		if len(fn.Blocks) > 0 && a.callAt(fn, pos) != nil {
			return fn
		}
	}
	return nil
}

// callBodies are the functions a call runs whose bodies the record's
// and the act's calls can sit in: its static callee, and the closures it
// is handed (a transaction's callback). A call through an interface or a
// function value has none.
func callBodies(c *ssa.CallCommon) []*ssa.Function {
	var fns []*ssa.Function
	if fn := c.StaticCallee(); fn != nil {
		fns = append(fns, fn)
	}
	for _, arg := range c.Args {
		if mc, ok := arg.(*ssa.MakeClosure); ok {
			fns = append(fns, mc.Fn.(*ssa.Function))
		}
	}
	return fns
}

// returnsUnrecorded reports whether, in fn, a path from the success of
// the call act reaches a return of success without passing any call of
// avoid (after act, where one shares its block).
func returnsUnrecorded(fn *ssa.Function, act ssa.CallInstruction, avoid []ssa.Instruction) bool {
	blocked := map[*ssa.BasicBlock]bool{}
	for _, in := range avoid {
		if in == act {
			return false
		}
		blocked[in.Block()] = true
	}
	start := act.Block()
	if errs := callErrors(act); len(errs) > 0 {
		// From the act's success: where its failure is read but not
		// tested against nil (errors.Is, handed on), which way is
		// success is not known.
		var ok *ssa.BasicBlock
		for _, errv := range errs {
			if ok = noErrorEdge(errv); ok != nil {
				break
			}
		}
		if ok == nil {
			return false
		}
		start = ok
	}
	if start == act.Block() {
		// The rest of the act's own block comes first.
		seen := false
		for _, in := range start.Instrs {
			if in == ssa.Instruction(act) {
				seen = true
				continue
			}
			if seen && slicesContains(avoid, in) {
				return false
			}
		}
		blocked[start] = false
	}
	res := fn.Signature.Results()
	errResult := res.Len() > 0 && isError(res.At(res.Len()-1).Type())
	seen := map[*ssa.BasicBlock]bool{}
	stack := []*ssa.BasicBlock{start}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[b] || blocked[b] {
			continue
		}
		if b != start && b == act.Block() {
			continue // back round a loop to the act itself
		}
		seen[b] = true
		if n := len(b.Instrs); n > 0 {
			if ret, ok := b.Instrs[n-1].(*ssa.Return); ok {
				if !errResult || isNil(returned(ret, len(ret.Results)-1)) {
					return true
				}
				continue
			}
		}
		stack = append(stack, decidedSuccs(b, blocked)...)
	}
	return false
}

// decidedSuccs are the successors of b a path avoiding the record may
// take: at a test one of whose branches can still reach the record, only
// a test of values each run computes afresh (a score against the
// threshold, an error against nil) tells the ways apart. A test of a
// value merged from the paths before it (a flag set beside the act,
// updated = true; the length of what a loop appended; a loop's index)
// may be decided by the act itself, and the way round it is not taken.
func decidedSuccs(b *ssa.BasicBlock, blocked map[*ssa.BasicBlock]bool) []*ssa.BasicBlock {
	ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	if !ok || !mergedValue(ifi.Cond, 0) {
		return b.Succs
	}
	var out []*ssa.BasicBlock
	for i, succ := range b.Succs {
		other := b.Succs[1-i]
		recorded := false
		for r := range reachableFrom(other, nil) {
			if blocked[r] {
				recorded = true
				break
			}
		}
		if !recorded {
			out = append(out, succ)
		}
	}
	return out
}

// mergedValue reports whether v is computed from a value merged from
// several paths (a phi, a variable kept in memory and stored more than
// once), as far as depth 8 shows (beyond: taken as merged).
func mergedValue(v ssa.Value, depth int) bool {
	if depth > 8 {
		return true
	}
	switch x := v.(type) {
	case *ssa.Phi:
		return true
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return mergedValue(x.X, depth+1)
		}
		// A load: a local variable kept in memory (captured, its
		// address taken) holds what was stored last, on any path; a
		// field of a value handed in is read as it is.
		addr := x.X
		for {
			switch a := addr.(type) {
			case *ssa.FieldAddr:
				addr = a.X
				continue
			case *ssa.IndexAddr:
				addr = a.X
				continue
			}
			break
		}
		if a, ok := addr.(*ssa.Alloc); ok {
			// A local struct filled once before the test (res.score =
			// scoreOf(t)) holds what that store computed; stored more
			// often, in a loop, or its address handed on: merged.
			stored := storedOnce(a, x)
			return stored == nil || mergedValue(stored, depth+1)
		}
		return mergedValue(addr, depth+1)
	case *ssa.BinOp:
		return mergedValue(x.X, depth+1) || mergedValue(x.Y, depth+1)
	case *ssa.Convert:
		return mergedValue(x.X, depth+1)
	case *ssa.ChangeType:
		return mergedValue(x.X, depth+1)
	case *ssa.Field:
		return mergedValue(x.X, depth+1)
	case *ssa.Extract:
		return mergedValue(x.Tuple, depth+1)
	case *ssa.Call:
		for _, arg := range x.Call.Args {
			if mergedValue(arg, depth+1) {
				return true
			}
		}
		return x.Call.IsInvoke() && mergedValue(x.Call.Value, depth+1)
	}
	return false
}

// storedOnce is the value the load reads from the local a when one store
// writes the load's field of a (by the same field path) and nothing else
// can: the store comes before the load on every path to it (it dominates,
// or precedes it in its block) and outside any loop, a is only read,
// stored into and addressed by fields (never handed on, captured, or
// indexed), and no store writes an enclosing or enclosed part of it.
// Otherwise nil.
func storedOnce(a *ssa.Alloc, load *ssa.UnOp) ssa.Value {
	want, ok := fieldPath(load.X, a)
	if !ok {
		return nil
	}
	var found *ssa.Store
	escapes := false
	var walk func(v ssa.Value, path []int)
	walk = func(v ssa.Value, path []int) {
		for _, r := range ssavalue.Referrers(v) {
			switch r := r.(type) {
			case *ssa.FieldAddr:
				walk(r, append(path[:len(path):len(path)], r.Field))
			case *ssa.UnOp:
				if r.Op != token.MUL {
					escapes = true
				}
			case *ssa.DebugRef:
			case *ssa.Store:
				if r.Addr != v {
					escapes = true // the address itself stored elsewhere
					continue
				}
				if !overlaps(path, want) {
					continue
				}
				if found != nil || !slices.Equal(path, want) {
					escapes = true // a second store, or one of a whole part
					continue
				}
				found = r
			default:
				escapes = true
			}
		}
	}
	walk(a, nil)
	if escapes || found == nil {
		return nil
	}
	if !Dominates(found, load) {
		return nil // the load can come first: the zero value, or a loop's
	}
	sb := found.Block()
	for _, succ := range sb.Succs {
		if reachableFrom(succ, nil)[sb] {
			return nil // in a loop: stored again each time round
		}
	}
	return found.Val
}

// fieldPath is the field indexes addr selects inside the local a, or
// false when it is not a's fields alone.
func fieldPath(addr ssa.Value, a *ssa.Alloc) ([]int, bool) {
	var rev []int
	for addr != ssa.Value(a) {
		fa, ok := addr.(*ssa.FieldAddr)
		if !ok {
			return nil, false
		}
		rev = append(rev, fa.Field)
		addr = fa.X
	}
	out := make([]int, len(rev))
	for i, f := range rev {
		out[len(rev)-1-i] = f
	}
	return out, true
}

// overlaps reports whether one field path is a prefix of the other: a
// store to one writes (part of) the other.
func overlaps(p, q []int) bool {
	n := min(len(p), len(q))
	return slices.Equal(p[:n], q[:n])
}

// callErrors are the values that carry a call's failure: its error (its
// only result, or the last of a tuple, extracted), or the Error field of
// the handle it returns (gorm's d.DB.Create(&x).Error, loaded); none
// when it returns no error or nothing reads it.
func callErrors(ci ssa.CallInstruction) []ssa.Value {
	call, ok := ci.(*ssa.Call)
	if !ok {
		return nil
	}
	t := call.Type()
	if tup, ok := t.(*types.Tuple); ok {
		if tup.Len() == 0 || !isError(tup.At(tup.Len()-1).Type()) {
			return nil
		}
		for _, r := range ssavalue.Referrers(call) {
			if ex, ok := r.(*ssa.Extract); ok && ex.Index == tup.Len()-1 {
				return []ssa.Value{ex}
			}
		}
		return nil
	}
	if isError(t) {
		return []ssa.Value{call}
	}
	var out []ssa.Value
	for _, r := range ssavalue.Referrers(call) {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok || !isError(fa.Type().Underlying().(*types.Pointer).Elem()) {
			continue
		}
		for _, u := range ssavalue.Referrers(fa) {
			if ld, ok := u.(*ssa.UnOp); ok && ld.Op == token.MUL {
				out = append(out, ld)
			}
		}
	}
	return out
}

func slicesContains(xs []ssa.Instruction, x ssa.Instruction) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
