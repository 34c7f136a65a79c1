package guard

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// hookGates marks the dynamic calls of a hook factory's closure that a
// claim decides through the result struct it hands the factory:
//
//	result = Result{Old: old}              // before the claim
//	if err == nil { result.Applied = true } // the claim's first-time edge
//	if txHook := hook(result); txHook != nil {
//		txHook(ctx, tx)
//	}
//
// The call of txHook is not under the claim's edge, but when the factory
// returns nil unless result.Applied is set, its closure runs only on the
// delivery that made the claim. Here only the fields the first-time edge
// alone sets non-zero are recorded (effect.HookGate); which fields the
// factory tests is known where the whole program resolves hook
// (wholeprogram hookgate.go), and the closure's effects are guarded there.
func (a *analysis) hookGates(c *Site, guarded func(*ssa.BasicBlock) bool, g effect.Guard) {
	for _, s := range a.sites {
		e := s.Effect
		if s == c || s.Instr == nil || e.Kind != effect.KindDynamic || e.Guard != nil || e.HookGate != nil || len(e.Path) != 1 || guarded(s.Instr.Block()) {
			continue
		}
		cc := s.Instr.Common()
		if cc.IsInvoke() {
			continue
		}
		call, ok := cc.Value.(*ssa.Call)
		if !ok || call.Call.StaticCallee() != nil || !ssavalue.NonNilBefore(call, s.Instr.Block()) {
			continue
		}
		for i, arg := range call.Call.Args {
			if _, ok := arg.Type().Underlying().(*types.Struct); !ok {
				continue
			}
			load, ok := arg.(*ssa.UnOp)
			if !ok || load.Op != token.MUL {
				continue
			}
			fields := a.gatedFields(load.X, guarded)
			if len(fields) == 0 {
				continue
			}
			txArg := -1
			if c.Exec != nil && c.Effect.Tx {
				for j, x := range cc.Args {
					if sameHandle(x, c.Exec) || (a.env.SameTx != nil && a.env.SameTx(x, c.Exec)) {
						txArg = j
						break
					}
				}
			}
			e.HookGate = &effect.HookGate{Factory: a.pos(call.Pos()), Arg: i, Fields: fields, TxArg: txArg, Guard: g}
			break
		}
	}
}

// gatedFields returns the fields of the struct variable ptr points to
// (a local, or one the enclosing function shares with this closure) that
// are stored non-zero only in blocks of this function that guarded
// accepts: a whole-struct store elsewhere sets the fields its composite
// literal names (all of them for any other value), and a field whose
// address escapes is not gated.
func (a *analysis) gatedFields(ptr ssa.Value, guarded func(*ssa.BasicBlock) bool) []string {
	pt, ok := ptr.Type().Underlying().(*types.Pointer)
	if !ok {
		return nil
	}
	st, ok := pt.Elem().Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	open := make([]bool, st.NumFields())
	for i := range open {
		open[i] = true
	}
	all := func() {
		for i := range open {
			open[i] = false
		}
	}
	seen := map[ssa.Value]bool{}
	var walk func(p ssa.Value, here bool)
	walk = func(p ssa.Value, here bool) {
		if seen[p] {
			return
		}
		seen[p] = true
		refs := p.Referrers()
		if refs == nil {
			all()
			return
		}
		for _, ref := range *refs {
			switch r := ref.(type) {
			case *ssa.DebugRef:
			case *ssa.UnOp:
				if r.Op != token.MUL {
					all()
				}
			case *ssa.FieldAddr:
				if r.X != p {
					all()
					continue
				}
				for _, fr := range *r.Referrers() {
					switch x := fr.(type) {
					case *ssa.DebugRef:
					case *ssa.UnOp:
						if x.Op != token.MUL {
							open[r.Field] = false
						}
					case *ssa.Store:
						if x.Addr != r || (!zeroValue(x.Val) && !(here && guarded(x.Block()))) {
							open[r.Field] = false
						}
					default:
						open[r.Field] = false
					}
				}
			case *ssa.Store:
				if r.Addr != p {
					all()
					continue
				}
				if zeroValue(r.Val) || (here && guarded(r.Block())) {
					continue
				}
				literalFields(r.Val, open)
			case *ssa.MakeClosure:
				for k, b := range r.Bindings {
					if b != p {
						continue
					}
					fn := r.Fn.(*ssa.Function)
					if fn == a.fn {
						continue
					}
					if k < len(fn.FreeVars) {
						walk(fn.FreeVars[k], false)
					}
				}
			default:
				all()
			}
		}
	}
	switch p := ptr.(type) {
	case *ssa.Alloc:
		walk(p, true)
	case *ssa.FreeVar:
		walk(p, true)
		// The variable the enclosing function binds there.
		k := -1
		for i, fv := range a.fn.FreeVars {
			if fv == p {
				k = i
			}
		}
		parent := a.fn.Parent()
		if k < 0 || parent == nil {
			return nil
		}
		found := false
		for _, b := range parent.Blocks {
			for _, instr := range b.Instrs {
				if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == a.fn && k < len(mc.Bindings) {
					if _, ok := mc.Bindings[k].(*ssa.Alloc); !ok {
						return nil
					}
					found = true
					walk(mc.Bindings[k], false)
				}
			}
		}
		if !found {
			return nil
		}
	default:
		return nil
	}
	var out []string
	for i, ok := range open {
		if ok {
			out = append(out, st.Field(i).Name())
		}
	}
	return out
}

// literalFields closes the fields a whole-struct value v may set
// non-zero: those its composite literal stores, or all of them for any
// other value.
func literalFields(v ssa.Value, open []bool) {
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		for i := range open {
			open[i] = false
		}
		return
	}
	lit, ok := load.X.(*ssa.Alloc)
	if !ok {
		for i := range open {
			open[i] = false
		}
		return
	}
	for _, ref := range *lit.Referrers() {
		switch r := ref.(type) {
		case *ssa.FieldAddr:
			for _, fr := range *r.Referrers() {
				if st, ok := fr.(*ssa.Store); ok && zeroValue(st.Val) {
					continue
				}
				open[r.Field] = false
			}
		case *ssa.UnOp, *ssa.DebugRef:
		default:
			for i := range open {
				open[i] = false
			}
		}
	}
}

// zeroValue reports whether v is a constant zero value (nil, false, 0,
// "", a zero struct).
func zeroValue(v ssa.Value) bool {
	k, ok := v.(*ssa.Const)
	if !ok {
		return false
	}
	if k.Value == nil {
		return true
	}
	switch k.Value.Kind() {
	case constant.Bool:
		return !constant.BoolVal(k.Value)
	case constant.String:
		return constant.StringVal(k.Value) == ""
	case constant.Int, constant.Float:
		return constant.Sign(k.Value) == 0
	}
	return false
}
