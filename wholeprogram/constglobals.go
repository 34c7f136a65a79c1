package wholeprogram

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Package-level variables read as constants in the tests of effects
// (effect.GlobalRef): looklook keeps its order states in `var
// HomestayOrderTradeStateWaitUse int64 = 1`, compared by the order RPC
// (if in.TradeState == model.HomestayOrderTradeStateWaitUse { enqueue })
// and passed by the job (TradeState: model.HomestayOrderTradeStateCancel).
// A reviewer reads them as the constants they are initialised to; the
// per-package pass cannot (another package may assign an exported
// variable). Here every assignment is seen: a variable of basic type of a
// root package (a dependency cannot assign one, it does not import it) is
// its initialiser's constant when its package's initialiser stores that
// constant into it once and no root function does anything with it but
// read it (no other store, no address taken).

// constGlobals maps such variables' qualified names to their constants'
// ExactStrings.
func (r *resolver) constGlobals() map[string]string {
	if r.globalConsts != nil {
		return r.globalConsts
	}
	r.globalConsts = map[string]string{}
	init := map[string]string{}
	bad := map[*ssa.Global]bool{}
	seen := map[*ssa.Function]bool{}
	var fns []*ssa.Function
	for _, fn := range r.roots {
		if !seen[fn] {
			seen[fn] = true
			fns = append(fns, fn)
		}
		if fn.Pkg != nil {
			if i := fn.Pkg.Func("init"); i != nil && !seen[i] {
				seen[i] = true
				fns = append(fns, i)
			}
		}
	}
	for _, fn := range fns {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				var ops [8]*ssa.Value
				for _, op := range instr.Operands(ops[:0]) {
					g, ok := (*op).(*ssa.Global)
					if !ok {
						continue
					}
					switch x := instr.(type) {
					case *ssa.UnOp:
						if x.Op == token.MUL && x.X == g {
							continue // a read
						}
					case *ssa.Store:
						c, isConst := x.Val.(*ssa.Const)
						if x.Addr == g && isConst && c.Value != nil && fn.Pkg == g.Pkg && fn.Name() == "init" && fn.Parent() == nil {
							if _, twice := init[g.RelString(nil)]; twice {
								bad[g] = true
							}
							init[g.RelString(nil)] = c.Value.ExactString()
							continue
						}
					}
					bad[g] = true
				}
			}
		}
	}
	for _, fn := range fns {
		if fn.Pkg == nil {
			continue
		}
		for _, m := range fn.Pkg.Members {
			g, ok := m.(*ssa.Global)
			if !ok || bad[g] {
				continue
			}
			if _, basic := g.Type().(*types.Pointer).Elem().Underlying().(*types.Basic); !basic {
				continue
			}
			if v, ok := init[g.RelString(nil)]; ok {
				r.globalConsts[g.RelString(nil)] = v
			}
		}
	}
	return r.globalConsts
}
