package guard

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// completions: a framework completion in a transaction guards the
// database effects of that transaction: River JobCompleteTx, JobCancelTx
// of the job being worked, and ResumableSetStepTx for the effects of its
// step.
func (a *analysis) completions() {
	for _, c := range a.sites {
		if c.Effect.Op != effect.OpComplete || c.Exec == nil {
			continue
		}
		// A step's completion covers the step's function, where the call
		// is, not the caller that runs the step among others.
		if c.Effect.Target == effect.CompleteStep && !c.Direct {
			continue
		}
		for _, s := range a.sites {
			e := s.Effect
			if s == c || !needsCompletion(e) {
				continue
			}
			if sameExec(s.Exec, c.Exec) || boundTo(s.Exec, c.Exec) {
				e.Guard = &effect.Guard{Kind: effect.GuardCompletion, Pos: c.Effect.Evidence(), SameTx: true}
			}
		}
	}
}

func needsCompletion(e *effect.Effect) bool {
	return e.Risk.NonIdempotent() && e.Guard == nil && e.Issue == "" && e.Kind == effect.KindDBWrite
}

// boundTo reports whether executor v is built around transaction tx by a
// call given it (sqlc's q.WithTx(tx), a repository's NewRepo(tx)): such a
// wrapper (a pointer) runs its statements in tx.
func boundTo(v, tx ssa.Value) bool {
	call, ok := v.(*ssa.Call)
	if !ok || tx == nil {
		return false
	}
	if _, ok := call.Type().Underlying().(*types.Pointer); !ok {
		return false
	}
	for _, arg := range call.Call.Args {
		if sameExec(ssavalue.Unconvert(arg), tx) {
			return true
		}
	}
	return false
}
