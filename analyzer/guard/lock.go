package guard

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// locks: a key-value claim (Redis SETNX) whose key the function deletes
// again (defer rdb.Del(ctx, key)) is a lock, not a claim: it keeps a second
// delivery out while the first runs, and lets a later redelivery take it
// again and repeat the effects. It becomes a kv_write/lock that guards
// nothing; the effects stay unguarded unless a real claim or key covers
// them.
func (a *analysis) locks() {
	for _, c := range a.sites {
		if !c.Direct || c.Effect.Kind != effect.KindKVWrite || c.Effect.Op != effect.OpClaim {
			continue
		}
		key := callArg(c.Instr, 1)
		if key == nil {
			continue
		}
		for _, d := range a.sites {
			if !d.Direct || d.Effect.Kind != effect.KindKVWrite || d.Effect.Op != effect.OpDelete {
				continue
			}
			if !a.deletesKey(d.Instr, key) {
				continue
			}
			c.Effect.Op = effect.OpLock
			c.Effect.Detail = effect.JoinDetail(c.Effect.Detail, "a lock, released at "+effect.Relative(d.Effect.Evidence(), "")+
				": it keeps a concurrent delivery out, not a later one; claim a key that stays (or a DB claim in the effects' transaction)")
			break
		}
	}
}

// deletesKey reports whether the delete call removes key (one of its
// variadic keys is the same value or the same expression).
func (a *analysis) deletesKey(ci ssa.CallInstruction, key ssa.Value) bool {
	arg := callArg(ci, 1)
	if arg == nil {
		return false
	}
	keys := ssavalue.SliceElems(arg)
	if keys == nil {
		keys = []ssa.Value{arg}
	}
	for _, k := range keys {
		if sameKey(k, key) || (a.env.Text != nil && a.env.Text(k) != "" && a.env.Text(k) == a.env.Text(key)) {
			return true
		}
	}
	return false
}

func sameKey(a, b ssa.Value) bool {
	return ssavalue.Unconvert(a) == ssavalue.Unconvert(b)
}

// callArg is argument i of a call, not counting a method's receiver.
func callArg(ci ssa.CallInstruction, i int) ssa.Value {
	c := ci.Common()
	args := c.Args
	if !c.IsInvoke() {
		if fn := c.StaticCallee(); fn != nil {
			if obj, ok := fn.Object().(*types.Func); ok && obj.Type().(*types.Signature).Recv() != nil && len(args) > 0 {
				args = args[1:]
			}
		}
	}
	if i < len(args) {
		return args[i]
	}
	return nil
}
