package summary

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// Rows built elsewhere. An ORM create is often handed a row it did not
// build: a transaction closure creates the row its enclosing function
// captured (err = db.Transaction(func(tx) error { return
// tx.Create(row).Error })), and that row is the result of a helper
// (row, err := build(a)) that fills it with a composite literal. The
// model tags' unique key (ormTagKey) is then read off the composite the
// helper returns, and the key's fields traced there.

// rowBuild is where a created row was built: the local struct alloc that
// holds it, and, when a static call returns it, that call (whose
// arguments stand for the callee's parameters).
type rowBuild struct {
	alloc *ssa.Alloc
	call  *ssa.CallCommon
	// calls are the static calls from call down to the one whose callee
	// builds the row (a helper returning another helper's row), call
	// first; empty when the row is built where it is created.
	calls []*ssa.CallCommon
}

// builtRow finds the allocation of the row model: a local alloc of the
// function, the value a closure's free variable is bound to where the
// one MakeClosure makes it (a variable captured by reference: its one
// store), or the composite a static call returns on each return that
// does not return nil. ok is false when none of these holds.
func builtRow(model ssa.Value) (rowBuild, bool) {
	v := ssavalue.Unconvert(model)
	for i := 0; i < 3; i++ {
		switch x := v.(type) {
		case *ssa.FreeVar:
			v = ssavalue.Unconvert(ssavalue.Binding(x))
			continue
		case *ssa.UnOp:
			// A captured variable: the closure loads its cell, and the
			// enclosing function stores into it once.
			fv, ok := x.X.(*ssa.FreeVar)
			if x.Op != token.MUL || !ok {
				return rowBuild{}, false
			}
			cell, ok := ssavalue.Binding(fv).(*ssa.Alloc)
			if !ok {
				return rowBuild{}, false
			}
			v = nil
			for _, r := range ssavalue.Referrers(cell) {
				if s, ok := r.(*ssa.Store); ok && s.Addr == cell {
					if v != nil {
						return rowBuild{}, false
					}
					v = ssavalue.Unconvert(s.Val)
				}
			}
			continue
		}
		break
	}
	switch x := v.(type) {
	case *ssa.Alloc:
		return rowBuild{alloc: x}, true
	case *ssa.Extract:
		if call, ok := x.Tuple.(*ssa.Call); ok {
			return returnedRow(&call.Call, x.Index, 0)
		}
	case *ssa.Call:
		return returnedRow(&x.Call, 0, 0)
	}
	return rowBuild{}, false
}

// returnedRow is the one local alloc the static callee of call returns
// as its result idx wherever it does not return nil, or the row a static
// call there returns (one helper handing on another's row, to a depth of
// three).
func returnedRow(call *ssa.CallCommon, idx, depth int) (rowBuild, bool) {
	callee := call.StaticCallee()
	if callee == nil || len(callee.FreeVars) > 0 || depth > 2 {
		return rowBuild{}, false
	}
	rets, ok := ssavalue.ReturnedValues(callee, idx)
	if !ok {
		return rowBuild{}, false
	}
	var row ssa.Value
	for _, ret := range rets {
		switch r := ret.Value.(type) {
		case *ssa.Const:
			if !r.IsNil() {
				return rowBuild{}, false
			}
		default:
			if row != nil && row != r {
				return rowBuild{}, false
			}
			row = r
		}
	}
	switch r := row.(type) {
	case *ssa.Alloc:
		return rowBuild{alloc: r, call: call, calls: []*ssa.CallCommon{call}}, true
	case *ssa.Call:
		inner, ok := returnedRow(&r.Call, 0, depth+1)
		if !ok {
			return rowBuild{}, false
		}
		inner.call = call
		inner.calls = append([]*ssa.CallCommon{call}, inner.calls...)
		return inner, true
	case *ssa.Extract:
		c, ok := r.Tuple.(*ssa.Call)
		if !ok {
			return rowBuild{}, false
		}
		inner, ok := returnedRow(&c.Call, r.Index, depth+1)
		if !ok {
			return rowBuild{}, false
		}
		inner.call = call
		inner.calls = append([]*ssa.CallCommon{call}, inner.calls...)
		return inner, true
	}
	return rowBuild{}, false
}

// rowFieldKey traces field idx of the row rb as a key (idValueKey). In a
// helper's composite, a field filled from one of the helper's parameters
// is what the call passes there: its key, traced where the call is (a
// parameter of the function summarised leaves it to the callers, as a
// field filled here does; one of a closure's enclosing function is
// stable here).
func (w *walker) rowFieldKey(rb rowBuild, idx int, at ssa.Instruction) *effect.Key {
	if rb.call == nil {
		return w.idValueKey(rb.alloc, idx, at)
	}
	v, whole, ok := fieldSource(rb.alloc, idx, 0)
	if !ok || whole {
		return nil
	}
	k := w.keyFrom(v, at)
	if k.Random != "" {
		return k
	}
	// From the builder out to the call here: a field read off a
	// parameter is what the call passes there.
	cur := v
	for i := len(rb.calls) - 1; i >= 0; i-- {
		p := rootParam(cur)
		if p == nil {
			return k // derives from no parameter: decided in the builder
		}
		call := rb.calls[i]
		pi := paramIndex(call.StaticCallee(), p)
		if pi < 0 || pi >= len(call.Args) {
			return nil
		}
		cur = call.Args[pi]
		ak := w.keyFrom(cur, at)
		if ak.Random != "" {
			return ak
		}
		k.Param, k.Identity, k.Field = ak.Param, ak.Identity, ""
	}
	if k.Param != 0 {
		k.Field = paramField(ssavalue.Unconvert(cur))
	}
	return k
}

// rootParam is the parameter v is read off (a field of it, through
// loads and conversions), or nil.
func rootParam(v ssa.Value) *ssa.Parameter {
	for i := 0; i < 8; i++ {
		switch x := v.(type) {
		case *ssa.Parameter:
			return x
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return nil
			}
			v = x.X
		case *ssa.FieldAddr:
			v = x.X
		case *ssa.Field:
			v = x.X
		case *ssa.Convert:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		default:
			return nil
		}
	}
	return nil
}
