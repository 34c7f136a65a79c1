package wholeprogram_test

import (
	"testing"

	"github.com/jobeffects/jobeffects/analyzer"
	"github.com/jobeffects/jobeffects/analyzer/result"
)

// TestHookGate: a store runs the closure a hook factory makes from the
// apply's result in the claim's transaction (hookgate, after ghsync's
// stack hook). The closure runs only on the delivery that took the key
// when the factory returns nil unless a field only the claim sets is set
// (Applied); its insert on the transaction is then guarded. A factory
// that tests a field set before the claim (Key), one that tests nothing,
// and a gated one whose closure writes on the pool stay unguarded.
func TestHookGate(t *testing.T) {
	line := func(h *result.Handler) string {
		line := h.Task
		for _, e := range h.Effects {
			if e.Kind == "db_write" && e.Target == "audit" {
				line += " " + e.Op + "/" + e.Target
				if e.Guard != nil {
					line += " guarded"
				}
			}
		}
		for _, f := range h.Findings {
			line += " " + f.Rule
		}
		return line
	}
	hooks := analyzer.Hooks{KeepSummaries: true, Whole: true}
	got := handlerLines(resolveWith(t, hooks, "hookgate/store", "hookgate/app"), line)
	got = append(got, handlerLines(resolveWith(t, hooks, "hookgate/store", "hookgate/poolapp"), line)...)
	wantLines(t, got, []string{
		"hookgate:always insert/audit unguarded",
		"hookgate:applied insert/audit guarded",
		"hookgate:key insert/audit unguarded",
		"hookgate:pool insert/audit unguarded",
	})
}
