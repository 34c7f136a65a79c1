package summary

import (
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// Increments that do not accumulate. Two kinds of in-memory counters are
// increments in form but leave nothing a second delivery doubles, and a
// reviewer does not call them repeated effects (measured on ghsync's rate
// limiter, whose admission IDs, in-flight count and reservations each
// request increments):
//   - gauges: a variable or field the package also decrements (inFlight++
//     … inFlight--, reserved += cost … reserved -= cost): the work puts
//     back what it took;
//   - sequences: a counter stepped by one whose new value is used (id :=
//     next.Add(1); g.nextID++; e.id = g.nextID): an ID or token
//     allocator; a second delivery takes another number and nothing adds
//     up. (A database sequence's nextval is rated the same way: safe, see
//     sqlclass/sequence.go.)
// Both are memory_write effects still, rated safe, with the reason. Map
// entries (tally[customer] += n) are never taken for either.

// collectGauges records the variables and fields the package decrements:
// directly, or through a helper that adds its parameter (add(delta) { x
// += delta }) called with a negated value somewhere (add(-cost)).
func (p *Package) collectGauges(funcs []*ssa.Function) {
	p.gauges = map[string]bool{}
	adders := map[*ssa.Function]map[int][]string{} // helper → parameter → what it adds to
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				st, ok := instr.(*ssa.Store)
				if !ok {
					continue
				}
				bin, ok := ssavalue.Unconvert(st.Val).(*ssa.BinOp)
				if !ok || bin.Op != token.ADD {
					continue
				}
				delta := bin.Y
				if !loadsFrom(ssavalue.Unconvert(bin.X), st.Addr) {
					delta = bin.X
				}
				if prm, ok := ssavalue.Unconvert(delta).(*ssa.Parameter); ok {
					if n := locationName(st.Addr); n != "" {
						for i, q := range fn.Params {
							if q == prm {
								if adders[fn] == nil {
									adders[fn] = map[int][]string{}
								}
								adders[fn][i] = append(adders[fn][i], n)
							}
						}
					}
				}
			}
		}
	}
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch x := instr.(type) {
				case *ssa.Store:
					if isDecrementOf(x.Val, func(v ssa.Value) bool { return loadsFrom(v, x.Addr) }) {
						if n := locationName(x.Addr); n != "" {
							p.gauges[n] = true
						}
					}
				case *ssa.Call:
					if n, delta := atomicAdd(x.Common()); n != "" && negative(delta) {
						p.gauges[n] = true
					}
					if callee := x.Common().StaticCallee(); callee != nil && adders[callee] != nil {
						for i, names := range adders[callee] {
							if i < len(x.Common().Args) && negative(x.Common().Args[i]) {
								for _, n := range names {
									p.gauges[n] = true
								}
							}
						}
					}
				}
			}
		}
	}
}

// isDecrementOf reports whether v is x - n with x what from says.
func isDecrementOf(v ssa.Value, from func(ssa.Value) bool) bool {
	b, ok := ssavalue.Unconvert(v).(*ssa.BinOp)
	return ok && b.Op == token.SUB && from(ssavalue.Unconvert(b.X))
}

// atomicAdd names the location a sync/atomic Add call adds to (the
// function's address argument, or the atomic type's receiver), with the
// delta.
func atomicAdd(c *ssa.CallCommon) (string, ssa.Value) {
	callee := c.StaticCallee()
	if callee == nil || len(c.Args) != 2 {
		return "", nil
	}
	obj, _ := callee.Object().(*types.Func)
	if obj == nil || obj.Pkg() == nil || obj.Pkg().Path() != "sync/atomic" || !strings.HasPrefix(obj.Name(), "Add") {
		return "", nil
	}
	return locationName(c.Args[0]), c.Args[1]
}

// negative reports whether a delta is a negative constant, or the
// two's-complement form unsigned counters are decremented with
// (^uint64(0), ^uint64(n-1)).
func negative(v ssa.Value) bool {
	v = ssavalue.Unconvert(v)
	if c, ok := v.(*ssa.Const); ok && c.Value != nil {
		if c.Value.Kind() == constant.Int && constant.Sign(c.Value) < 0 {
			return true
		}
		if b, ok := c.Type().Underlying().(*types.Basic); ok && b.Info()&types.IsUnsigned != 0 && c.Value.Kind() == constant.Int {
			// ^uint64(0) folds to the maximum value: its top bit is set.
			size := map[types.BasicKind]uint{types.Uint8: 8, types.Uint16: 16, types.Uint32: 32, types.Uint64: 64, types.Uint: 64, types.Uintptr: 64}[b.Kind()]
			if size > 0 {
				top := constant.Shift(constant.MakeUint64(1), token.SHL, size-1)
				return constant.Compare(c.Value, token.GEQ, top)
			}
		}
	}
	if u, ok := v.(*ssa.UnOp); ok && (u.Op == token.XOR || u.Op == token.SUB) {
		return true // ^x, -x
	}
	return false
}

// isOne reports whether v is the constant 1.
func isOne(v ssa.Value) bool {
	c, ok := ssavalue.Unconvert(v).(*ssa.Const)
	return ok && c.Value != nil && c.Value.Kind() == constant.Int && constant.Compare(c.Value, token.EQL, constant.MakeInt64(1))
}

// sequenceStore reports whether a store of x + 1 into addr steps a
// sequence: the new value is used (besides being stored), or addr is read
// again after the store in code it reaches first.
func sequenceStore(st *ssa.Store) bool {
	b, ok := ssavalue.Unconvert(st.Val).(*ssa.BinOp)
	if !ok || b.Op != token.ADD {
		return false
	}
	var other ssa.Value
	switch {
	case loadsFrom(ssavalue.Unconvert(b.X), st.Addr):
		other = b.Y
	case loadsFrom(ssavalue.Unconvert(b.Y), st.Addr):
		other = b.X
	default:
		return false
	}
	if !isOne(other) {
		return false
	}
	for _, r := range *b.Referrers() {
		if r != st {
			if c, ok := r.(*ssa.Convert); !ok || len(*c.Referrers()) > 0 {
				return true
			}
		}
	}
	// g.nextID++ … e.id = g.nextID: a load of the same address after
	// the store, in its block or one it dominates.
	for _, blk := range st.Parent().Blocks {
		if !st.Block().Dominates(blk) {
			continue
		}
		after := blk != st.Block()
		for _, instr := range blk.Instrs {
			if instr == st {
				after = true
				continue
			}
			if u, ok := instr.(*ssa.UnOp); ok && after && u.Op == token.MUL && sameAddr(u.X, st.Addr, 0) {
				return true
			}
		}
	}
	return false
}

// sequenceAdd reports whether an atomic Add of 1 steps a sequence: its
// result, the new value, is used.
func sequenceAdd(call *ssa.Call) bool {
	_, delta := atomicAdd(call.Common())
	return delta != nil && isOne(delta) && len(*call.Referrers()) > 0
}

// counterNote rates an increment of a variable or field (not a map
// entry): a gauge, retry bookkeeping (backoff.go) or a sequence is safe,
// with the reason; ok is false for
// an increment that accumulates.
func (w *walker) counterNote(instr ssa.Instruction, target string) (op, note string, ok bool) {
	if target != "" && w.p.gauges[target] {
		return effect.OpIncrement, "a gauge the package also decrements (in flight, reserved): the work puts back what it took", true
	}
	if _, store := instr.(*ssa.Store); store && target != "" {
		if note, ok := w.p.backoffNote(target); ok {
			return effect.OpIncrement, note, true // backoff.go
		}
	}
	seq := false
	switch x := instr.(type) {
	case *ssa.Store:
		seq = sequenceStore(x)
	case *ssa.Call:
		seq = sequenceAdd(x)
	}
	if seq {
		return "nextval", "takes the next number of an in-memory sequence and uses it (an ID, a token): a second delivery takes another and nothing adds up", true
	}
	return "", "", false
}
