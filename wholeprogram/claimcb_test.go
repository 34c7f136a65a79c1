package wholeprogram_test

import (
	"testing"

	"github.com/jobeffects/jobeffects/analyzer"
	"github.com/jobeffects/jobeffects/analyzer/result"
)

// TestClaimCallbackBehindInterface: an idempotency helper behind an
// interface runs the callback only when its claim of the key is new
// (claimcbwhole, after hookdeck/outpost's publishmq): the callback's post
// is guarded by that claim when the key is the task's, and random-key
// when the event's ID, which the key reads through a pointer to the
// event, is a new uuid on every delivery. The event's time, new on every
// delivery too, is not the key.
func TestClaimCallbackBehindInterface(t *testing.T) {
	got := handlerLines(resolveWith(t, analyzer.Hooks{KeepSummaries: true, Whole: true}, "claimcbwhole/idem", "claimcbwhole/app"), func(h *result.Handler) string {
		line := h.Task
		for _, e := range h.Effects {
			if e.Kind == "http" {
				line += " " + e.Kind + "/" + e.Op
				if e.Guard != nil {
					line += " guarded"
				}
				if e.Issue != "" {
					line += " " + e.Issue
				}
			}
		}
		for _, p := range h.Pitfalls {
			line += " " + p.Rule
		}
		return line
	})
	wantLines(t, got, []string{
		"fresh http/post random-key random-key",
		"stable http/post guarded",
	})
}
