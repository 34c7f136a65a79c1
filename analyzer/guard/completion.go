package guard

import "github.com/jobeffects/jobeffects/analyzer/effect"

// completions: a framework completion in a transaction (River
// JobCompleteTx) guards the database effects of that transaction.
func (a *analysis) completions() {
	// Completions in a transaction guard that transaction's DB effects.
	for _, c := range a.sites {
		if c.Effect.Op != effect.OpComplete || c.Exec == nil {
			continue
		}
		for _, s := range a.sites {
			e := s.Effect
			if s == c || !e.Risk.NonIdempotent() || e.Guard != nil || e.Issue != "" || e.Kind != effect.KindDBWrite {
				continue
			}
			if sameExec(s.Exec, c.Exec) {
				e.Guard = &effect.Guard{Kind: effect.GuardCompletion, Pos: c.Effect.Evidence(), SameTx: true}
			}
		}
	}
}
