package summary

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// A field filled only when it is empty: `if m.ID == "" { m.ID =
// uuid.NewString() }` after the message was decoded into m (a legacy
// producer that sent no id). On the message the queue delivers the field
// holds what the producer put there, the same on every delivery; the
// value made here is a default for the message that lacks one. A key read
// from that field is therefore the payload's, not a fresh one, and a
// second delivery's insert keyed by it fails on the duplicate as a
// reviewer expects. A field assigned a random value on every run, or
// under a test of something else (another field, a flag), stays random.
// Only a business key is so read (walker.tracingBusinessKey): an idempotency key
// filled so is random for the message that lacks one (random-key).

// fillsEmpty reports whether the store st into a field of a local struct
// runs only where that same field was found empty: its block lies under
// the empty side of a test of a load of the field (== "", len(…) == 0, a
// one-string helper that measures it, their negations).
func (w *walker) fillsEmpty(st *ssa.Store) bool {
	fa, ok := st.Addr.(*ssa.FieldAddr)
	if !ok || w.tracingBusinessKey == 0 || st.Block() == nil || !filledFromOutside(fa.X, 0) {
		return false
	}
	for _, b := range st.Parent().Blocks {
		ifi, ok := lastIf(b)
		if !ok || len(b.Succs) != 2 {
			continue
		}
		side, ok := w.emptySide(ifi.Cond, func(v ssa.Value) bool { return loadsField(v, fa) })
		if !ok {
			continue
		}
		s := b.Succs[side]
		if len(s.Preds) == 1 && s.Dominates(st.Block()) {
			return true
		}
	}
	return false
}

// filledFromOutside reports whether the struct x may hold what came from
// outside before the test: a local whose address a call is given (a
// decoder's json.Unmarshal(body, &m)) or that is assigned whole, or a
// struct that is not a local of this function (a parameter's). A local
// built here and handed to nothing (m := msg{Name: n}) always has the
// field empty, and its default is made on every run.
func filledFromOutside(x ssa.Value, depth int) bool {
	alloc, ok := x.(*ssa.Alloc)
	if !ok {
		return true
	}
	if depth > 3 {
		return false
	}
	vals := []ssa.Value{alloc}
	for i := 0; i < len(vals); i++ {
		for _, r := range ssavalue.Referrers(vals[i]) {
			switch y := r.(type) {
			case *ssa.Store:
				if y.Addr != alloc {
					continue
				}
				switch v := y.Val.(type) {
				case *ssa.Const:
					continue // the zero value a literal starts from
				case *ssa.UnOp:
					if lit, ok := v.X.(*ssa.Alloc); ok && v.Op == token.MUL {
						// A copy of a literal built here (m :=
						// msg{Name: n}): what fills the literal.
						if filledFromOutside(lit, depth+1) {
							return true
						}
						continue
					}
				}
				return true
			case *ssa.MakeInterface, *ssa.ChangeType, *ssa.ChangeInterface:
				vals = append(vals, y.(ssa.Value)) // &m handed on as an any
			case ssa.CallInstruction:
				if slices.Contains(y.Common().Args, vals[i]) {
					return true
				}
			}
		}
	}
	return false
}

// lastIf is the If instruction ending b, if any.
func lastIf(b *ssa.BasicBlock) (*ssa.If, bool) {
	if len(b.Instrs) == 0 {
		return nil, false
	}
	ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	return ifi, ok
}

// phiKept are the edges of phi that are not defaults for a local variable
// (id := m.ID; if id == "" { id = uuid.NewString() }): an edge whose
// predecessor lies under the empty side of a test of the value another
// edge brings, where that other edge's predecessor does not.
func (w *walker) phiKept(phi *ssa.Phi) []ssa.Value {
	drop := w.emptyDefaults(phi)
	if drop == nil {
		return phi.Edges
	}
	var out []ssa.Value
	for i, v := range phi.Edges {
		if !drop[i] {
			out = append(out, v)
		}
	}
	return out
}

// emptyDefaults marks phi's edges that are such defaults (nil: none). One
// walk of the function's tests per phi, memoised: a phi of a large
// generated switch has hundreds of edges in a function of thousands of
// blocks, and testing every pair of edges against every block was cubic
// (minutes on one protocol decoder).
func (w *walker) emptyDefaults(phi *ssa.Phi) []bool {
	preds := phi.Block().Preds
	if w.tracingBusinessKey == 0 || len(preds) != len(phi.Edges) {
		return nil
	}
	if d, ok := w.emptyDefaultsMemo[phi]; ok {
		return d
	}
	edgesOf := map[ssa.Value][]int{} // each value phi brings: the edges bringing it
	for j, v := range phi.Edges {
		edgesOf[v] = append(edgesOf[v], j)
	}
	var drop []bool
	for _, b := range phi.Parent().Blocks {
		ifi, ok := lastIf(b)
		if !ok || len(b.Succs) != 2 {
			continue
		}
		// The operand a test compares is one value (isEmptyTest,
		// a one-string helper's argument): the edge value tested.
		var tested ssa.Value
		side, ok := w.emptySide(ifi.Cond, func(v ssa.Value) bool {
			if _, in := edgesOf[v]; in {
				tested = v
				return true
			}
			return false
		})
		if !ok || tested == nil {
			continue
		}
		s := b.Succs[side]
		if len(s.Preds) != 1 {
			continue
		}
		for i, v := range phi.Edges {
			if v == tested || (drop != nil && drop[i]) || !s.Dominates(preds[i]) {
				continue
			}
			for _, j := range edgesOf[tested] {
				if !s.Dominates(preds[j]) {
					if drop == nil {
						drop = make([]bool, len(phi.Edges))
					}
					drop[i] = true
					break
				}
			}
		}
	}
	if w.emptyDefaultsMemo == nil {
		w.emptyDefaultsMemo = map[*ssa.Phi][]bool{}
	}
	w.emptyDefaultsMemo[phi] = drop
	return drop
}

// emptySide is the successor index (0 true, 1 false) of an If on cond
// taken when the value of interest (of) is empty.
func (w *walker) emptySide(cond ssa.Value, of func(ssa.Value) bool) (int, bool) {
	switch c := cond.(type) {
	case *ssa.UnOp:
		if c.Op == token.NOT {
			side, ok := w.emptySide(c.X, of)
			return 1 - side, ok
		}
	case *ssa.BinOp:
		if c.Op != token.EQL && c.Op != token.NEQ {
			return 0, false
		}
		if !isEmptyTest(c, of) {
			return 0, false
		}
		if c.Op == token.EQL {
			return 0, true
		}
		return 1, true
	case *ssa.Call:
		callee := c.Call.StaticCallee()
		if callee == nil || len(c.Call.Args) != 1 || !of(c.Call.Args[0]) {
			return 0, false
		}
		if w.measuresEmptyCall(callee) {
			return 0, true
		}
	}
	return 0, false
}

// isEmptyTest: c compares a value of interest (of) with the empty
// string, or its length with 0.
func isEmptyTest(c *ssa.BinOp, of func(ssa.Value) bool) bool {
	for _, pair := range [][2]ssa.Value{{c.X, c.Y}, {c.Y, c.X}} {
		k, ok := pair[1].(*ssa.Const)
		if !ok || k.Value == nil {
			continue
		}
		switch {
		case k.Value.Kind() == constant.String && constant.StringVal(k.Value) == "" && of(pair[0]):
			return true
		case k.Value.Kind() == constant.Int && k.Int64() == 0:
			if call, ok := pair[0].(*ssa.Call); ok && isLen(call) && of(call.Call.Args[0]) {
				return true
			}
		}
	}
	return false
}

// isLen: a call of the builtin len.
func isLen(c *ssa.Call) bool {
	b, ok := c.Call.Value.(*ssa.Builtin)
	return ok && b.Name() == "len" && len(c.Call.Args) == 1
}

// loadsField: v is a load of the same field of the same struct as fa.
func loadsField(v ssa.Value, fa *ssa.FieldAddr) bool {
	ld, ok := v.(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return false
	}
	other, ok := ld.X.(*ssa.FieldAddr)
	return ok && other.X == fa.X && other.Field == fa.Field
}

// keptFieldValues are the values stored into field name of the local
// struct alloc (localFieldValues) but such defaults.
func (w *walker) keptFieldValues(alloc *ssa.Alloc, name string) []ssa.Value {
	var out []ssa.Value
	for _, v := range localFieldValues(alloc, name, 0) {
		if st := storeOf(alloc, name, v); st == nil || !w.fillsEmpty(st) {
			out = append(out, v)
		}
	}
	return out
}

// storeOf is the store of v into field name of alloc, if one.
func storeOf(alloc *ssa.Alloc, name string, v ssa.Value) *ssa.Store {
	for _, st := range ssavalue.FieldStores(alloc, name) {
		if st.Val == v {
			return st
		}
	}
	return nil
}

// measuresEmptyCall: measuresEmpty of a callee of this package, or its
// summary's word for one imported (Summary.MeasuresEmpty: another
// package's function has no body here).
func (w *walker) measuresEmptyCall(callee *ssa.Function) bool {
	if len(callee.Blocks) > 0 {
		return measuresEmpty(callee)
	}
	s := w.summaryOf(callee)
	return s != nil && s.MeasuresEmpty
}

// measuresEmpty: fn takes one string and returns, on every return, whether
// it (or it with its spaces trimmed) is empty (IsStringEmpty(s) { return
// len(strings.TrimSpace(s)) == 0 }).
func measuresEmpty(fn *ssa.Function) bool {
	sig := fn.Signature
	if sig.Params().Len() != 1 || sig.Results().Len() != 1 || len(fn.Params) != 1 || len(fn.Blocks) == 0 {
		return false
	}
	if b, ok := sig.Params().At(0).Type().Underlying().(*types.Basic); !ok || b.Kind() != types.String {
		return false
	}
	param := fn.Params[0]
	of := func(v ssa.Value) bool {
		if v == param {
			return true
		}
		call, ok := v.(*ssa.Call)
		if !ok || len(call.Call.Args) != 1 || call.Call.Args[0] != param {
			return false
		}
		callee := call.Call.StaticCallee()
		return callee != nil && callee.Pkg != nil && callee.Pkg.Pkg.Path() == "strings" && callee.Name() == "TrimSpace"
	}
	returns := 0
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			ret, ok := instr.(*ssa.Return)
			if !ok {
				continue
			}
			returns++
			c, ok := ret.Results[0].(*ssa.BinOp)
			if !ok || c.Op != token.EQL || !isEmptyTest(c, of) {
				return false
			}
		}
	}
	return returns > 0
}
