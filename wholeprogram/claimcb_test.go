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
// delivery too, is not the key. A callback that posts on an errgroup's
// goroutines fails after one post when another fails (g.Wait): the helper
// gives its claim back then, so the redelivery posts again to the
// destinations that succeeded, and the posts are not guarded. A callback
// that sends through an interface the program holds no implementation of
// is guarded, or random-key, for what the reading of the send's name makes
// it (a publish). A post made through an interface only the whole
// program resolves, followed in the callback by a publish that can fail,
// is not guarded either (the failure after the call follows what it
// resolves to).
func TestClaimCallbackBehindInterface(t *testing.T) {
	got := handlerLines(resolveWith(t, analyzer.Hooks{KeepSummaries: true, Whole: true}, "claimcbwhole/idem", "claimcbwhole/app"), func(h *result.Handler) string {
		line := h.Task
		for _, e := range h.Effects {
			if e.Kind == "http" || e.Kind == "publish" {
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
		"groupfresh http/post random-key random-key",
		"groupstable http/post",
		"sendstable http/post publish/publish guarded",
		"stable http/post guarded",
		"topicfresh publish/publish random-key random-key",
		"topicstable publish/publish guarded",
	})
}
