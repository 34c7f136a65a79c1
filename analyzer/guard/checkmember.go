package guard

import (
	"fmt"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/rules"
)

// memberChecks finds check-then-act whose record the handler never
// writes: the read lists which of the items are already recorded, the
// handler skips an item it finds there and acts on the others, each act
// given the very item it looked up.
//
//	existing := select guid from deliveries where guid = any($1)
//	present := map of existing
//	for each d in candidates { if present[d.GUID] { continue }; redeliver(d.ID) }
//
// The record is what the act brings about, written elsewhere (the ingress
// that stores what the redelivery sends): a delivery whose act has run
// but whose record has not arrived yet (a retry after a crash, a second
// run at once) finds the item missing and acts again. The check is meant
// as the guard and is not atomic with the act: check-then-act, at the
// read, as when the handler writes the record itself.
//
// A check that is not a membership test of the acted item (a status the
// act does not change: "skip unless pending", then an audit insert) is no
// such guard: nothing the act does changes what the check reads, so a
// redelivery acts again whatever the timing, and the act stays unguarded.
// Decided only when nothing in the function writes the read's table
// (when it does, checkThenAct decides with that write as the record).
func (a *analysis) memberChecks() {
	for _, r := range a.sites {
		re := r.Effect
		if re.Kind != effect.KindDBRead || re.Target == "" || a.writesTable(re.Target) {
			continue
		}
		read := r.Instr.Value()
		if read == nil {
			continue
		}
		for _, b := range a.fn.Blocks {
			n := len(b.Instrs)
			if n == 0 {
				continue
			}
			ifi, ok := b.Instrs[n-1].(*ssa.If)
			if !ok || !after(r.Instr, ifi) {
				continue
			}
			l, hit, miss := membership(ifi)
			if l == nil || len(miss.Preds) != 1 || !filledFrom(l.X, read) {
				continue
			}
			if !a.skipsAsDone(hit, miss) && !nextItem(hit, miss, b) {
				continue
			}
			item := base(l.Index, 0)
			if item == nil {
				continue
			}
			var acts []*Site
			for _, s := range a.sites {
				e := s.Effect
				if s == r || !needsGuard(e) || e.Issue != "" || !miss.Dominates(s.Instr.Block()) || !usesItem(s.Instr, item) {
					continue
				}
				acts = append(acts, s)
			}
			if len(acts) == 0 {
				continue
			}
			pos := re.Evidence()
			for _, s := range acts {
				s.Effect.Issue, s.Effect.IssuePos = rules.CheckThenAct, pos
			}
			first := acts[0].Effect
			msg := fmt.Sprintf("this look-up of the items already in %s decides which ones get the %s at %s, and nothing here records that it ran: until its outcome reaches %s, a second delivery (a retry after a crash, or one at once) finds the item missing and runs it again; record the item (insert … on conflict do nothing) in the same transaction as the decision, or claim it first",
				re.Target, first.Describe(), effect.Relative(first.Evidence(), ""), re.Target)
			a.pitfalls = append(a.pitfalls, Pitfall{Rule: rules.CheckThenAct, Pos: pos, Message: msg})
		}
	}
}

// writesTable reports whether a site of the function writes table t (or
// a table not known).
func (a *analysis) writesTable(t string) bool {
	for _, s := range a.sites {
		if e := s.Effect; e.Kind == effect.KindDBWrite && (e.Target == t || e.Target == "") {
			return true
		}
	}
	return false
}

// membership is the comma-ok map lookup iff tests (_, ok := m[k]; if ok
// or if !ok), with the successors taken on a hit and on a miss.
func membership(iff *ssa.If) (*ssa.Lookup, *ssa.BasicBlock, *ssa.BasicBlock) {
	cond := iff.Cond
	negated := false
	if u, ok := cond.(*ssa.UnOp); ok && u.Op == token.NOT {
		cond, negated = u.X, true
	}
	x, ok := cond.(*ssa.Extract)
	if !ok || x.Index != 1 {
		return nil, nil, nil
	}
	l, ok := x.Tuple.(*ssa.Lookup)
	if !ok || !l.CommaOk {
		return nil, nil, nil
	}
	if _, isMap := l.X.Type().Underlying().(*types.Map); !isMap {
		return nil, nil, nil
	}
	succ := iff.Block().Succs
	if negated {
		return l, succ[1], succ[0]
	}
	return l, succ[0], succ[1]
}

// filledFrom reports whether map m holds what read returned: m is the
// read's result itself, or a map made here whose keys are stored from it.
func filledFrom(m, read ssa.Value) bool {
	if influenced(m, read, 0) {
		return true
	}
	mm, ok := m.(*ssa.MakeMap)
	if !ok || mm.Referrers() == nil {
		return false
	}
	for _, ref := range *mm.Referrers() {
		if up, ok := ref.(*ssa.MapUpdate); ok && up.Map == mm && elementOf(up.Key, read, 0) {
			return true
		}
	}
	return false
}

// elementOf reports whether v is the read's result or an element (or a
// field of one) of it: the keys a range over the rows stores.
func elementOf(v, read ssa.Value, depth int) bool {
	if depth > 8 || v == nil {
		return false
	}
	if v == read {
		return true
	}
	switch x := v.(type) {
	case *ssa.UnOp:
		return x.Op == token.MUL && elementOf(x.X, read, depth+1)
	case *ssa.IndexAddr:
		return elementOf(x.X, read, depth+1)
	case *ssa.Index:
		return elementOf(x.X, read, depth+1)
	case *ssa.Extract:
		return elementOf(x.Tuple, read, depth+1)
	case *ssa.Field:
		return elementOf(x.X, read, depth+1)
	case *ssa.FieldAddr:
		return elementOf(x.X, read, depth+1)
	case *ssa.ChangeType:
		return elementOf(x.X, read, depth+1)
	case *ssa.Convert:
		return elementOf(x.X, read, depth+1)
	}
	return influenced(v, read, 0)
}

// base is the value a key is read from: the item whose field (or
// element) it is, through loads and field selections.
func base(v ssa.Value, depth int) ssa.Value {
	if depth > 6 {
		return nil
	}
	switch x := v.(type) {
	case *ssa.UnOp:
		if x.Op == token.MUL {
			return base(x.X, depth+1)
		}
	case *ssa.FieldAddr:
		return base(x.X, depth+1)
	case *ssa.Field:
		return base(x.X, depth+1)
	case *ssa.ChangeType:
		return base(x.X, depth+1)
	case *ssa.Convert:
		return base(x.X, depth+1)
	case *ssa.MakeInterface:
		return base(x.X, depth+1)
	case *ssa.Const, *ssa.Global, *ssa.Function:
		return nil
	}
	return v
}

// usesItem reports whether the call is given the item (or a field of
// it), as an argument or as the receiver.
func usesItem(instr ssa.CallInstruction, item ssa.Value) bool {
	c := instr.Common()
	vals := c.Args
	if c.IsInvoke() {
		vals = append([]ssa.Value{c.Value}, vals...)
	}
	for _, v := range vals {
		if madeFrom(v, item, 0) {
			return true
		}
	}
	return false
}

// madeFrom reports whether v is the item, a field of it, or computed
// from one (a URL formatted from its id).
func madeFrom(v, item ssa.Value, depth int) bool {
	if depth > 4 || v == nil {
		return false
	}
	b := base(v, 0)
	if b == item {
		return true
	}
	switch x := b.(type) {
	case *ssa.Call:
		for _, a := range x.Call.Args {
			if madeFrom(a, item, depth+1) {
				return true
			}
		}
	case *ssa.BinOp:
		return madeFrom(x.X, item, depth+1) || madeFrom(x.Y, item, depth+1)
	case *ssa.Slice:
		// fmt's variadic arguments: a slice of an array the values are stored into.
		if alloc, ok := x.X.(*ssa.Alloc); ok && alloc.Referrers() != nil {
			for _, ref := range *alloc.Referrers() {
				ia, ok := ref.(*ssa.IndexAddr)
				if !ok || ia.Referrers() == nil {
					continue
				}
				for _, r2 := range *ia.Referrers() {
					if st, ok := r2.(*ssa.Store); ok && st.Addr == ia && madeFrom(st.Val, item, depth+1) {
						return true
					}
				}
			}
		}
	}
	return false
}
