package guard

import "github.com/jobeffects/jobeffects/analyzer/effect"

// txGuards records completion c on the calls through an interface made on
// a handle in c's transaction (the transaction itself, or a value built
// around it: q.WithTx(tx) returning the application's Querier interface),
// which the per-package analysis cannot follow: the database writes they
// turn out to make on that receiver commit with the completion
// (effect.TxGuardFor, applied where the call is resolved or read).
func (a *analysis) txGuards(c *Site) {
	for _, s := range a.sites {
		e := s.Effect
		if s == c || e.Kind != effect.KindDynamic || e.TxGuard != nil || s.Exec == nil {
			continue
		}
		if sameExec(s.Exec, c.Exec) || boundTo(s.Exec, c.Exec) {
			e.TxGuard = &effect.Guard{Kind: effect.GuardCompletion, Pos: c.Effect.Evidence(), SameTx: true}
		}
	}
}
