package summary

import (
	"go/token"
	"go/types"
	"sort"

	"golang.org/x/tools/go/ssa"
)

// NilUnless says that a function returning a function value (a hook
// factory: func(result Result) TxHook) returns nil unless one of the
// named fields of its struct parameter is set: every return of a non-nil
// value lies under a test that one of them is non-zero
// (if !result.Applied { return nil }). A caller whose claim alone sets
// those fields runs the closure only when the claim succeeded
// (effect.HookGate).
type NilUnless struct {
	Param  int // 0-based, receiver first
	Fields []string
}

// nilUnless reads fn as a hook factory (NilUnless), or returns nil.
func nilUnless(fn *ssa.Function) *NilUnless {
	res := fn.Signature.Results()
	if res.Len() != 1 || fn.Blocks == nil {
		return nil
	}
	if _, ok := res.At(0).Type().Underlying().(*types.Signature); !ok {
		return nil
	}
	for k, p := range fn.Params {
		st, ok := p.Type().Underlying().(*types.Struct)
		if !ok {
			continue
		}
		fields := fieldTests(fn, p)
		if len(fields) == 0 {
			continue
		}
		set := map[string]bool{}
		ok = true
		returns := 0
		for _, b := range fn.Blocks {
			ret, isRet := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
			if !isRet || len(ret.Results) != 1 {
				continue
			}
			returns++
			if c, isConst := ret.Results[0].(*ssa.Const); isConst && c.IsNil() {
				continue
			}
			found := false
			for _, t := range fields {
				if len(t.edge.Preds) == 1 && t.edge.Dominates(b) {
					set[st.Field(t.field).Name()] = true
					found = true
					break
				}
			}
			if !found {
				ok = false
				break
			}
		}
		if !ok || returns == 0 || len(set) == 0 {
			continue
		}
		out := &NilUnless{Param: k}
		for f := range set {
			out.Fields = append(out.Fields, f)
		}
		sort.Strings(out.Fields)
		return out
	}
	return nil
}

// fieldTest is the edge of a branch taken when field of a parameter is
// non-zero.
type fieldTest struct {
	field int
	edge  *ssa.BasicBlock
}

// fieldTests finds the branches of fn on a field of the struct parameter
// p (p.F, !p.F, p.F != zero, p.F == zero), also read through the local
// copy a parameter whose address is taken lives in.
func fieldTests(fn *ssa.Function, p *ssa.Parameter) []fieldTest {
	field := func(v ssa.Value) (int, bool) {
		switch x := v.(type) {
		case *ssa.Field:
			if x.X == p {
				return x.Field, true
			}
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return 0, false
			}
			fa, ok := x.X.(*ssa.FieldAddr)
			if !ok {
				return 0, false
			}
			if copyOf(fa.X) == p {
				return fa.Field, true
			}
		}
		return 0, false
	}
	var out []fieldTest
	for _, b := range fn.Blocks {
		ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		cond, taken := ifi.Cond, 0
		if not, ok := cond.(*ssa.UnOp); ok && not.Op == token.NOT {
			cond, taken = not.X, 1
		}
		if bin, ok := cond.(*ssa.BinOp); ok && (bin.Op == token.NEQ || bin.Op == token.EQL) {
			x, y := bin.X, bin.Y
			if isZeroConst(x) {
				x, y = y, x
			}
			if !isZeroConst(y) {
				continue
			}
			cond = x
			if bin.Op == token.EQL {
				taken = 1 - taken
			}
		} else if basic, ok := cond.Type().Underlying().(*types.Basic); !ok || basic.Kind() != types.Bool {
			continue
		}
		if f, ok := field(cond); ok {
			out = append(out, fieldTest{field: f, edge: b.Succs[taken]})
		}
	}
	return out
}

// copyOf is the parameter a local variable holds when the function
// stores that parameter there and nothing else (the copy SSA makes of a
// parameter whose address is taken), else v.
func copyOf(v ssa.Value) ssa.Value {
	alloc, ok := v.(*ssa.Alloc)
	if !ok {
		return v
	}
	var from ssa.Value
	for _, ref := range *alloc.Referrers() {
		st, ok := ref.(*ssa.Store)
		if !ok || st.Addr != alloc {
			continue
		}
		if from != nil {
			return v
		}
		from = st.Val
	}
	if _, ok := from.(*ssa.Parameter); ok {
		return from
	}
	return v
}

// isZeroConst reports whether v is a constant zero value.
func isZeroConst(v ssa.Value) bool {
	k, ok := v.(*ssa.Const)
	if !ok {
		return false
	}
	if k.Value == nil {
		return true
	}
	return k.Value.ExactString() == "0" || k.Value.ExactString() == `""` || k.Value.ExactString() == "false"
}
