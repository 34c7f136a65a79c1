package wholeprogram_test

import (
	"sort"
	"strings"
	"testing"

	"github.com/jobeffects/jobeffects/analyzer"
)

// TestHelperClaimBehindInterface: goctl's model reached through its
// interface (gozerowhole/jobs). The optimistic lock's outcome, tested by
// the handler after a check of the state it read, guards the enqueue;
// the helper's "no row changed" is a lost race there, not a
// duplicate-as-error. Without the check a redelivery wins the lock again.
func TestHelperClaimBehindInterface(t *testing.T) {
	var got []string
	for _, res := range resolveWith(t, analyzer.Hooks{KeepSummaries: true, Whole: true}, "gozerowhole/model", "gozerowhole/jobs") {
		for _, h := range res.Handlers {
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
			got = append(got, line)
		}
	}
	sort.Strings(got)
	want := []string{
		"pay publish/enqueue guarded",
		"pay-no-check publish/enqueue",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("handlers:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
