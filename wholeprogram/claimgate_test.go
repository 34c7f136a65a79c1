package wholeprogram_test

import (
	"testing"

	"github.com/jobeffects/jobeffects/analyzer"
	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/result"
)

// TestClaimThroughInterface: a claim guards what only the whole program
// resolves behind an interface or function-value call after its
// first-time edge as it guards the same effect called directly
// (claimgate): the POST (guarded), the audit insert on the claim's
// transaction (guarded) and on another handle (guard-separate-tx); the
// calls before the claim, and a write behind the implementation's own
// interface call, stay unguarded.
func TestClaimThroughInterface(t *testing.T) {
	line := guardLine(func(e effect.Effect) bool { return e.Kind == "http" || e.Target == "audit" })
	got := handlerLines(resolveWith(t, analyzer.Hooks{KeepSummaries: true, Whole: true}, "claimgate"), line)
	wantLines(t, got, []string{
		"claimgate:audit insert/audit guard-separate-tx guard-separate-tx",
		"claimgate:audit-other-tx insert/audit guard-separate-tx guard-separate-tx",
		"claimgate:audit-tx insert/audit guarded",
		"claimgate:fire insert/audit unguarded",
		"claimgate:local post/ guarded",
		"claimgate:notify post/ guarded",
		"claimgate:notify-first post/ unguarded",
		"claimgate:send post/ guarded",
		"claimgate:send-first post/ unguarded",
	})
}

// guardLine makes a handler's line of its task, then each kept effect's
// op/target with "guarded" and its issue, then its findings' rules.
func guardLine(keep func(effect.Effect) bool) func(*result.Handler) string {
	return func(h *result.Handler) string {
		line := h.Task
		for _, e := range h.Effects {
			if keep(e) {
				line += " " + e.Op + "/" + e.Target
				if e.Guard != nil {
					line += " guarded"
				}
				if e.Issue != "" {
					line += " " + e.Issue
				}
			}
		}
		for _, f := range h.Findings {
			line += " " + f.Rule
		}
		return line
	}
}
