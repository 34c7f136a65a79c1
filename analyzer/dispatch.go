package analyzer

import (
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
	"github.com/jobeffects/jobeffects/analyzer/summary"
)

// Dispatch maps under go vet: a handler that calls its real handler from a
// map of functions kept in a field (h.byType[ev.Type](ctx, ev)) runs one of
// the map's entries. When the package fills that map whole (an unexported
// field it alone sets, with constant keys and functions:
// ssavalue.LocalDispatchFields), the call is resolved here, each entry's
// effects behind a hop that names it ("(dynamic call → NewEvents.func1,
// entry "order.paid")"): the dispatcher's finding points at the entry
// that repeats the effect, as the command's does (the whole-program phase
// resolves the same call to the same entries, wholeprogram/dispatch.go).
// A map filled elsewhere stays an unresolved call for go vet.

type dispatchTarget = ssavalue.DispatchTarget

// dispatchCalls maps the position of each call through a dispatch map the
// package fills whole to what it can run.
func dispatchCalls(pass *analysis.Pass, funcs []*ssa.Function) map[string][]dispatchTarget {
	var prod []*ssa.Function
	for _, fn := range funcs {
		if !isTestFile(pass.Fset, fn.Pos()) {
			prod = append(prod, fn)
		}
	}
	fields := ssavalue.LocalDispatchFields(prod, pass.Pkg)
	if len(fields) == 0 {
		return nil
	}
	out := map[string][]dispatchTarget{}
	for _, fn := range prod {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				ci, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				if ts := ssavalue.DispatchTargets(ci.Common(), fields); len(ts) > 0 {
					out[summary.PosString(pass.Fset, ci.Pos())] = ssavalue.WithKeys(ci, ts)
				}
			}
		}
	}
	return out
}

// wired is what a dispatch target stands for in the wiring resolution:
// this package's function by its summary, another package's by its fact
// or model.
func targetWired(t dispatchTarget, pkg *types.Package) wired {
	var k *dispatchKey
	if t.Keyed {
		k = &dispatchKey{arg: t.KeyArg, path: t.KeyPath, key: t.Keys[0]}
	}
	if obj, ok := t.Fn.Object().(*types.Func); ok && obj != nil && t.Fn.Parent() == nil && obj.Pkg() != pkg {
		return wired{fn: obj, keys: t.Keys, keyed: k}
	}
	return wired{closure: t.Fn, keys: t.Keys, keyed: k}
}

// dispatchKey says that a dispatch entry runs at a call only where its
// argument's arg path is key (ssavalue.KeyedBy).
type dispatchKey struct {
	arg       int
	path, key string
}
