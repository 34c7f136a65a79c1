package wholeprogram_test

import (
	"testing"

	"github.com/jobeffects/jobeffects/analyzer"
	"github.com/jobeffects/jobeffects/analyzer/result"
)

// TestHelperClaimBehindInterface: goctl's model reached through its
// interface (gozerowhole/jobs). The optimistic lock's outcome, tested by
// the handler after a check of the state it read, guards the enqueue;
// the helper's "no row changed" is a lost race there, not a
// duplicate-as-error. Without the check a redelivery wins the lock again.
func TestHelperClaimBehindInterface(t *testing.T) {
	got := handlerLines(resolveWith(t, analyzer.Hooks{KeepSummaries: true, Whole: true}, "gozerowhole/model", "gozerowhole/jobs"), func(h *result.Handler) string {
		line := h.Task
		for _, e := range h.Effects {
			if e.Kind == "publish" {
				line += " " + e.Kind + "/" + e.Op
				if e.Guard != nil {
					line += " guarded"
				}
			}
		}
		for _, p := range h.Pitfalls {
			line += " " + p.Rule
		}
		return line
	})
	wantLines(t, got, []string{
		"pay publish/enqueue guarded",
		"pay-no-check publish/enqueue",
	})
}
