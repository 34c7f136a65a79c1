package guard

import (
	"fmt"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/rules"
)

// keys: an idempotency key passed to an external API guards that call,
// unless it derives from a random or time source (random-key).
func (a *analysis) keys() {
	// Keys on external calls.
	for _, s := range a.sites {
		e := s.Effect
		if !s.Direct || e.Key == nil || e.Key.Lasts != nil || e.Guard != nil || e.Issue != "" {
			continue
		}
		if e.Key.Random == "" {
			e.Guard = &effect.Guard{Kind: effect.GuardKey, Expr: e.Key.Expr, Pos: e.Key.Pos}
			if id := e.Key.Identity; id != "" {
				e.Guard.Note = effect.IdentityNote(id)
			}
			if e.Key.Note != "" {
				e.Guard.Note = effect.JoinDetail(e.Guard.Note, e.Key.Note)
			}
			continue
		}
		// A call through an interface counts for what its reading makes
		// it (a store's Create…: an insert), as needsGuard reads it.
		if e.Risk.NonIdempotent() || needsGuard(e) {
			e.Issue, e.IssuePos = rules.RandomKey, e.Key.Pos
			what := e.Describe()
			if e.Kind == effect.KindDynamic && e.Target != "" {
				what = "call of " + e.Target
			}
			a.pitfalls = append(a.pitfalls, Pitfall{Rule: rules.RandomKey, Pos: e.Key.Pos, Message: fmt.Sprintf(
				"idempotency key %s derives from %s: every delivery sends a new key, so the %s is not deduplicated; derive the key from the job's business identity",
				orKey(e.Key.Expr), e.Key.Random, what)})
		}
	}
}

func orKey(s string) string {
	if s == "" {
		return "(expression)"
	}
	return s
}
