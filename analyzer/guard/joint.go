package guard

import (
	"go/constant"
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// Several compare-and-set writes in one transaction, and an effect run
// when any of them changed something (ghsync's applyPullRequest:
// result.Applied = result.DomainChanged || threadsChanged || …; if
// result.Applied { emit }): no single claim's "first" edge dominates the
// effect, yet a duplicate delivery, which changes none of them, finds
// every operand false and skips it. jointTests finds such tests: a value
// false whenever every claim involved is a duplicate is a claim's "first"
// outcome, the constant false, a variable or field it is kept in
// (cellLoads), or a phi of such values whose constant-true edges come
// only from the true edge of a test of such a value (the short-circuit
// of ||, and of &&). An operand from anything else (a flag of the job's)
// can be true on a duplicate, and the value decides nothing.

// jointTests returns, for each claim, the tests of values that several
// claims decide together; every claim of such a test runs on the same
// handle, so they commit together with what they guard.
func (a *analysis) jointTests(claims []*Site) map[*Site][]test {
	first := map[ssa.Value][]*Site{} // false on a duplicate of all of them
	dup := map[ssa.Value][]*Site{}   // true on a duplicate of all of them
	own := map[ssa.Value]bool{}
	for _, c := range claims {
		for v, k := range c.outcomes {
			own[v] = true
			if k == firstBool {
				first[v] = union(first[v], c)
			} else {
				dup[v] = union(dup[v], c)
			}
		}
	}
	if len(first)+len(dup) == 0 {
		return nil
	}
	isFalse := func(v ssa.Value) bool {
		c, ok := v.(*ssa.Const)
		return ok && c.Value != nil && c.Value.Kind() == constant.Bool && !constant.BoolVal(c.Value)
	}
	isTrue := func(v ssa.Value) bool {
		c, ok := v.(*ssa.Const)
		return ok && c.Value != nil && c.Value.Kind() == constant.Bool && constant.BoolVal(c.Value)
	}
	add := func(m map[ssa.Value][]*Site, v ssa.Value, cs []*Site) bool {
		if _, ok := m[v]; ok {
			return false
		}
		m[v] = cs
		return true
	}
	// phiFirst reports the claims a phi of "first" values depends on.
	phiFirst := func(phi *ssa.Phi) ([]*Site, bool) {
		var cs []*Site
		for i, e := range phi.Edges {
			switch {
			case isFalse(e):
			case first[e] != nil:
				cs = union(cs, first[e]...)
			case isTrue(e):
				pred := phi.Block().Preds[i]
				ifi, ok := pred.Instrs[len(pred.Instrs)-1].(*ssa.If)
				if !ok || first[ifi.Cond] == nil || pred.Succs[0] != phi.Block() || pred.Succs[1] == phi.Block() {
					return nil, false
				}
				cs = union(cs, first[ifi.Cond]...)
			default:
				return nil, false
			}
		}
		return cs, len(cs) > 0
	}
	for changed := true; changed; {
		changed = false
		for _, b := range a.fn.Blocks {
			for _, in := range b.Instrs {
				switch x := in.(type) {
				case *ssa.Phi:
					if !isBool(x.Type()) || first[x] != nil {
						continue
					}
					if cs, ok := phiFirst(x); ok {
						changed = add(first, x, cs) || changed
					}
				case *ssa.UnOp:
					if x.Op != token.NOT {
						continue
					}
					if cs := first[x.X]; cs != nil {
						changed = add(dup, x, cs) || changed
					} else if cs := dup[x.X]; cs != nil {
						changed = add(first, x, cs) || changed
					}
				case *ssa.Store:
					if cs := first[x.Val]; cs != nil {
						for _, l := range cellLoads(x, firstBool) {
							changed = add(first, l, cs) || changed
						}
						if fa, ok := x.Addr.(*ssa.FieldAddr); ok {
							loads, cs := fieldFirst(fa, func(v ssa.Value) ([]*Site, bool) {
								if isFalse(v) {
									return nil, true
								}
								cs, ok := first[v]
								return cs, ok
							})
							for _, l := range loads {
								changed = add(first, l, cs) || changed
							}
						}
					} else if cs := dup[x.Val]; cs != nil {
						for _, l := range cellLoads(x, dupBool) {
							changed = add(dup, l, cs) || changed
						}
					}
				}
			}
		}
	}
	out := map[*Site][]test{}
	for _, b := range a.fn.Blocks {
		ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok || own[ifi.Cond] {
			continue // a claim's own test (walkClaim)
		}
		var t test
		var cs []*Site
		if cs = first[ifi.Cond]; cs != nil {
			t = test{ifi: ifi, first: b.Succs[0], dup: b.Succs[1]}
		} else if cs = dup[ifi.Cond]; cs != nil {
			t = test{ifi: ifi, first: b.Succs[1], dup: b.Succs[0]}
		} else {
			continue
		}
		if !oneHandle(cs) {
			continue
		}
		t.nilOnDup, t.dupErrs = map[ssa.Value]bool{}, map[ssa.Value]bool{}
		for _, c := range cs {
			out[c] = append(out[c], t)
		}
	}
	return out
}

// fieldFirst: a field of a struct variable set in several places, each
// from a claim's "first" outcome or false (result.ReviewsChanged = len(changed)
// > 0 only when the reviews were fetched; result = T{…} before, without
// the field), is false on a duplicate wherever it is read after one of
// those stores: the loads of the field that a store into it, or into the
// whole struct, runs before; val says what a stored value is. A variable
// whose address is handed on decides nothing.
func fieldFirst(fa *ssa.FieldAddr, val func(ssa.Value) ([]*Site, bool)) ([]ssa.Value, []*Site) {
	switch fa.X.(type) {
	case *ssa.Alloc, *ssa.FreeVar:
	default:
		return nil, nil
	}
	fn := fa.Parent()
	var cs []*Site
	var stores []*ssa.Store
	var loads []*ssa.UnOp
	falseVal := func(v ssa.Value) bool {
		cs, ok := val(v)
		return ok && len(cs) == 0
	}
	for _, r := range ssavalue.Referrers(fa.X) {
		if r.Parent() != fn {
			continue
		}
		switch x := r.(type) {
		case *ssa.FieldAddr:
			if x.Field != fa.Field {
				continue
			}
			for _, rr := range ssavalue.Referrers(x) {
				switch y := rr.(type) {
				case *ssa.Store:
					more, ok := val(y.Val)
					if y.Addr != x || !ok {
						return nil, nil
					}
					cs = union(cs, more...)
					stores = append(stores, y)
				case *ssa.UnOp:
					if y.Op == token.MUL {
						loads = append(loads, y)
					}
				case *ssa.DebugRef:
				default:
					return nil, nil
				}
			}
		case *ssa.Store:
			if c, ok := x.Val.(*ssa.Const); !(ok && c.Value == nil) && !zeroField(x.Val, fa.Field, falseVal) {
				return nil, nil
			}
			stores = append(stores, x)
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return nil, nil
			}
		case *ssa.DebugRef:
		default:
			return nil, nil
		}
	}
	if len(cs) == 0 {
		return nil, nil
	}
	var out []ssa.Value
	for _, l := range loads {
		for _, st := range stores {
			if storeBefore(st, l) {
				out = append(out, l)
				break
			}
		}
	}
	return out, cs
}

// oneHandle reports whether the claims all run on one handle, in a
// transaction when more than one: they commit or roll back together.
func oneHandle(cs []*Site) bool {
	if len(cs) == 1 {
		return true
	}
	for _, c := range cs {
		if c.Exec == nil || !c.Effect.Tx || !sameHandle(c.Exec, cs[0].Exec) {
			return false
		}
	}
	return true
}

func union(cs []*Site, more ...*Site) []*Site {
	for _, m := range more {
		found := false
		for _, c := range cs {
			if c == m {
				found = true
				break
			}
		}
		if !found {
			cs = append(cs, m)
		}
	}
	return cs
}
