package ssavalue

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// KeyedBy says whether dispatcher fn looks the entries of a field (one
// field accepts) up by
// a method without arguments of the value it then passes them (handler,
// ok := h.dispatch[ev.Type()]; … handler(ev)), and never by the constant
// key: then the entry stored under key runs only where that method
// returns key, and the tests of its effects on it are decided
// (effect.Cond, effect.UnderKey). arg is the entry's parameter the value is,
// method the Cond path ("Type()").
func KeyedBy(fn *ssa.Function, field func(FieldKey) bool, key string) (arg int, method string, ok bool) {
	arg = -1
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			ci, isCall := instr.(ssa.CallInstruction)
			if !isCall || ci.Common().IsInvoke() || ci.Common().StaticCallee() != nil {
				continue
			}
			lks := Lookups(ci.Common().Value)
			mine := false
			for _, lk := range lks {
				if f, ok := MapField(lk.X); ok && field(f) {
					mine = true
				}
			}
			if !mine {
				continue
			}
			if !onlyLookups(ci.Common().Value, map[ssa.Value]bool{}) {
				return 0, "", false
			}
			for _, lk := range lks {
				if f, ok := MapField(lk.X); !ok || !field(f) {
					return 0, "", false
				}
				if c, isConst := lk.Index.(*ssa.Const); isConst {
					if c.Value == nil || c.Value.Kind() != constant.String || constant.StringVal(c.Value) == key {
						return 0, "", false
					}
					continue
				}
				j, m, ok := methodOfArg(lk.Index, ci)
				if !ok || (arg >= 0 && (j != arg || m != method)) {
					return 0, "", false
				}
				arg, method = j, m
			}
		}
	}
	return arg, method, arg >= 0
}

// onlyLookups reports whether every value v can be comes from a map
// lookup (or is nil).
func onlyLookups(v ssa.Value, seen map[ssa.Value]bool) bool {
	if seen[v] {
		return true
	}
	seen[v] = true
	switch x := v.(type) {
	case *ssa.Lookup:
		return true
	case *ssa.Extract:
		_, ok := x.Tuple.(*ssa.Lookup)
		return ok && x.Index == 0
	case *ssa.Phi:
		for _, e := range x.Edges {
			if !onlyLookups(e, seen) {
				return false
			}
		}
		return true
	case *ssa.Const:
		return x.IsNil()
	}
	return false
}

// methodOfArg says whether key is a value-receiver method without
// arguments called on an argument of ci (or on what it points to), a
// pointer nothing but loads and ci itself use: the entry's parameter it
// is and the method.
func methodOfArg(key ssa.Value, ci ssa.CallInstruction) (int, string, bool) {
	for {
		ct, ok := key.(*ssa.ChangeType)
		if !ok {
			break
		}
		key = ct.X
	}
	for j, a := range ci.Common().Args {
		if a == key {
			return j, "", true // h := m[kind]; h(ctx, kind)
		}
	}
	call, ok := key.(*ssa.Call)
	if !ok || call.Call.IsInvoke() || len(call.Call.Args) != 1 {
		return 0, "", false
	}
	callee := call.Call.StaticCallee()
	if callee == nil || callee.Signature.Recv() == nil || callee.Signature.Params().Len() != 0 {
		return 0, "", false
	}
	if _, ptr := callee.Signature.Recv().Type().Underlying().(*types.Pointer); ptr {
		return 0, "", false
	}
	recv := call.Call.Args[0]
	if u, ok := recv.(*ssa.UnOp); ok && u.Op == token.MUL {
		recv = u.X
		for _, r := range *recv.Referrers() {
			switch x := r.(type) {
			case *ssa.UnOp:
				if x.Op != token.MUL {
					return 0, "", false
				}
			case ssa.CallInstruction:
				if x != ci {
					return 0, "", false
				}
			default:
				return 0, "", false
			}
		}
	}
	for j, a := range ci.Common().Args {
		if a == recv {
			return j, callee.Name() + "()", true
		}
	}
	return 0, "", false
}
