package summary

import (
	"fmt"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/guard"
	"github.com/jobeffects/jobeffects/analyzer/rules"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// Inserts planned from the misses of a read. A reconciliation reads the
// rows a table already holds, hands them to a planning function that puts
// into a list only the keys it does not find there (a map built from the
// rows, looked up, appended to on a miss), and inserts what the list
// holds. The check is carried as data, not as a branch around the insert:
// a second delivery after the first committed reads the rows the first
// inserted and plans none of them, so its insert does not fail on their
// unique key (no duplicate-as-error). Two runs at once both miss and both
// insert: check-then-act, at the read.
//
// missParams (Summary.MissParams) are, for a function without effects,
// the parameters (1-based, receiver first) a map it looks up derives from
// (the map itself, or a map it fills from the parameter's elements) where
// the branch taken on a miss leads to an append. At a call that passes an
// insert's business key from such a function's result (resolveDupKey),
// the argument given there that derives from a read of the insert's own
// table decides it.

// missParams computes Summary.MissParams for w.fn.
func (w *walker) missParams(s *Summary) []int {
	if len(s.Effects) > 0 || len(w.fn.Blocks) == 0 {
		return nil
	}
	fn := w.fn
	var out []int
	add := func(p int) {
		for _, q := range out {
			if q == p {
				return
			}
		}
		out = append(out, p)
	}
	for _, b := range fn.Blocks {
		iff, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		lookups, miss := missBranch(iff)
		if miss == nil || !appendsUnder(fn, miss) {
			continue
		}
		for _, l := range lookups {
			if p := mapParam(fn, l.X); p > 0 {
				add(p)
			}
		}
	}
	return out
}

// missBranch is the lookups whose miss iff tests and the successor taken
// on the miss: v, ok := m[k]; if !ok { … } or x := m[k]; if x == nil { … }
// (x also a variable assigned the lookup on some paths, nil on others).
func missBranch(iff *ssa.If) ([]*ssa.Lookup, *ssa.BasicBlock) {
	b := iff.Block()
	cond := iff.Cond
	negated := false
	if u, ok := cond.(*ssa.UnOp); ok && u.Op == token.NOT {
		cond, negated = u.X, true
	}
	switch c := cond.(type) {
	case *ssa.Extract:
		l, ok := c.Tuple.(*ssa.Lookup)
		if !ok || !l.CommaOk || c.Index != 1 {
			return nil, nil
		}
		if negated {
			return []*ssa.Lookup{l}, b.Succs[0]
		}
		return []*ssa.Lookup{l}, b.Succs[1]
	case *ssa.BinOp:
		if negated || c.Op != token.EQL && c.Op != token.NEQ {
			return nil, nil
		}
		x := c.X
		if !isNil(c.Y) {
			if !isNil(c.X) {
				return nil, nil
			}
			x = c.Y
		}
		ls := lookupsOf(x, 0)
		if len(ls) == 0 {
			return nil, nil
		}
		if c.Op == token.EQL {
			return ls, b.Succs[0]
		}
		return ls, b.Succs[1]
	}
	return nil, nil
}

func isNil(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.IsNil()
}

// lookupsOf is the map lookups v is (through a phi whose other edges are
// nil); nil when v is anything else.
func lookupsOf(v ssa.Value, depth int) []*ssa.Lookup {
	if depth > 4 {
		return nil
	}
	switch x := v.(type) {
	case *ssa.Lookup:
		if x.CommaOk {
			return nil
		}
		if _, ok := x.X.Type().Underlying().(*types.Map); !ok {
			return nil
		}
		return []*ssa.Lookup{x}
	case *ssa.Extract:
		if l, ok := x.Tuple.(*ssa.Lookup); ok && x.Index == 0 {
			return []*ssa.Lookup{l}
		}
	case *ssa.Phi:
		var out []*ssa.Lookup
		for _, e := range x.Edges {
			if isNil(e) {
				continue
			}
			ls := lookupsOf(e, depth+1)
			if len(ls) == 0 {
				return nil
			}
			out = append(out, ls...)
		}
		return out
	}
	return nil
}

// appendsUnder reports whether the branch taken on a miss builds
// something: a block it dominates appends to a slice or makes a value
// (create := …; planned = &create).
func appendsUnder(fn *ssa.Function, miss *ssa.BasicBlock) bool {
	for _, b := range fn.Blocks {
		if !miss.Dominates(b) {
			continue
		}
		for _, instr := range b.Instrs {
			if a, ok := instr.(*ssa.Alloc); ok && a.Heap {
				return true
			}
			c, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			if bi, ok := c.Call.Value.(*ssa.Builtin); ok && bi.Name() == "append" {
				return true
			}
		}
	}
	return false
}

// mapParam is the parameter (1-based) the map m is, or whose elements a
// map made here is filled with; 0 otherwise.
func mapParam(fn *ssa.Function, m ssa.Value) int {
	m = ssavalue.Unconvert(m)
	if p := paramOf(m); p != nil {
		return paramIndex(fn, p) + 1
	}
	mm, ok := m.(*ssa.MakeMap)
	if !ok {
		return 0
	}
	for _, r := range ssavalue.Referrers(mm) {
		if u, ok := r.(*ssa.MapUpdate); ok && u.Map == mm {
			if p := elemParam(u.Value, 0); p != nil {
				return paramIndex(fn, p) + 1
			}
		}
	}
	return 0
}

// elemParam is the parameter v is an element (or field) of.
func elemParam(v ssa.Value, depth int) *ssa.Parameter {
	if depth > 6 {
		return nil
	}
	switch x := v.(type) {
	case *ssa.Parameter:
		return x
	case *ssa.UnOp:
		if x.Op == token.MUL {
			return elemParam(x.X, depth+1)
		}
	case *ssa.IndexAddr:
		return elemParam(x.X, depth+1)
	case *ssa.Alloc:
		// The loop's variable (for _, e := range rows): what is stored
		// into it, once.
		var stored ssa.Value
		for _, r := range ssavalue.Referrers(x) {
			if st, ok := r.(*ssa.Store); ok && st.Addr == x {
				if stored != nil {
					return nil
				}
				stored = st.Val
			}
		}
		if stored == nil {
			return nil
		}
		return elemParam(stored, depth+1)
	case *ssa.Index:
		return elemParam(x.X, depth+1)
	case *ssa.ChangeType, *ssa.Convert, *ssa.MakeInterface:
		return elemParam(ssavalue.Unconvert(v), depth+1)
	}
	if p := paramOf(v); p != nil {
		return p
	}
	return nil
}

// plannedFromRead decides an insert into target whose business key the
// argument v gives (resolveDupKey): v is the result of a call to a
// planning function (Summary.MissParams) one of whose arguments there
// derives from a read of target. It returns that read's position, or "".
func (w *walker) plannedFromRead(v ssa.Value, target string) string {
	if target == "" {
		return ""
	}
	call, s := w.plannerOf(v)
	if call == nil {
		return ""
	}
	for _, p := range s.MissParams {
		if p < 1 || p > len(call.Call.Args) {
			continue
		}
		if at := w.tableReadOf(call.Call.Args[p-1], target, 0); at != "" {
			return at
		}
	}
	return ""
}

// plannerOf is the call of a planning function (Summary.MissParams) v is
// the result of (also stored once into a local), with its summary; nil
// otherwise.
func (w *walker) plannerOf(v ssa.Value) (*ssa.Call, *Summary) {
	if v == nil {
		return nil, nil
	}
	v = ssavalue.Unconvert(v)
	if ld, ok := v.(*ssa.UnOp); ok && ld.Op == token.MUL {
		if a, ok := ld.X.(*ssa.Alloc); ok {
			var stored ssa.Value
			for _, r := range ssavalue.Referrers(a) {
				if st, ok := r.(*ssa.Store); ok && st.Addr == a {
					if stored != nil {
						return nil, nil
					}
					stored = st.Val
				}
			}
			v = stored
		}
	}
	call, ok := v.(*ssa.Call)
	if !ok {
		return nil, nil
	}
	callee := call.Call.StaticCallee()
	if callee == nil {
		return nil, nil
	}
	s := w.summaryOf(callee)
	if s == nil || len(s.MissParams) == 0 {
		return nil, nil
	}
	return call, s
}

// tableReadOf is the position of a read of target the value v derives from
// (the rows a call returns, or what a call makes of them), or "".
func (w *walker) tableReadOf(v ssa.Value, target string, depth int) string {
	if v == nil || depth > 4 {
		return ""
	}
	switch x := ssavalue.Unconvert(v).(type) {
	case *ssa.Extract:
		return w.tableReadOf(x.Tuple, target, depth+1)
	case *ssa.UnOp:
		if x.Op == token.MUL {
			return w.tableReadOf(x.X, target, depth+1)
		}
	case *ssa.Call:
		callee := x.Call.StaticCallee()
		if callee == nil {
			return ""
		}
		if s := w.summaryOf(callee); s != nil {
			for i := range s.Effects {
				e := &s.Effects[i]
				if e.Kind == effect.KindDBRead && e.Target == target {
					return e.Evidence()
				}
			}
			if len(s.Effects) > 0 {
				return "" // a call that does more than read
			}
		}
		for _, a := range x.Call.Args {
			if at := w.tableReadOf(a, target, depth+1); at != "" {
				return at
			}
		}
	}
	return ""
}

// missPlanned marks e, an insert into a table a unique key covers whose
// rows were read and planned by their misses (plannedFromRead), as
// check-then-act at the read instead of failing on a duplicate.
func (w *walker) missPlanned(e *effect.Effect, readAt string) {
	e.DupFails, e.DupKey = "", nil
	if e.Issue != "" || e.Guard != nil {
		return
	}
	e.Issue, e.IssuePos = rules.CheckThenAct, readAt
	w.pitfalls = append(w.pitfalls, guard.Pitfall{Rule: rules.CheckThenAct, Pos: readAt, Message: fmt.Sprintf(
		"this read of %s decides which rows the insert into it at %s makes (only the keys it does not find are planned): a second delivery after the first finds them and inserts none, but two deliveries at once both miss and both insert, the later failing on the unique key; take the key with insert … on conflict do nothing, or lock before the read",
		e.Target, effect.Relative(e.Evidence(), ""))})
}

// plannedElem reports whether v, a local struct, is a copy of an element
// of a slice read off a parameter (for _, c := range plan.creates), and
// nothing is stored into it field by field.
func (w *walker) plannedElem(v ssa.Value) bool {
	a := ssavalue.LocalOf(v)
	if a == nil {
		return false
	}
	var whole ssa.Value
	for _, r := range ssavalue.Referrers(a) {
		if st, ok := r.(*ssa.Store); ok && st.Addr == a {
			if whole != nil {
				return false
			}
			whole = st.Val
		}
	}
	ld, ok := whole.(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return false
	}
	ia, ok := ld.X.(*ssa.IndexAddr)
	if !ok {
		return false
	}
	return paramOfSlice(ia.X, 0) != nil
}

// paramOfSlice is the parameter a slice is read off (plan.creates, or the
// parameter itself).
func paramOfSlice(v ssa.Value, depth int) *ssa.Parameter {
	if depth > 4 {
		return nil
	}
	switch x := v.(type) {
	case *ssa.Parameter:
		return x
	case *ssa.Field:
		return paramOfSlice(x.X, depth+1)
	case *ssa.UnOp:
		if x.Op == token.MUL {
			return paramOfSlice(x.X, depth+1)
		}
	case *ssa.FieldAddr:
		return paramOfSlice(x.X, depth+1)
	}
	if p := paramOf(v); p != nil {
		return p
	}
	if p, ok := spilledParam(v).(*ssa.Parameter); ok {
		return p
	}
	return nil
}
