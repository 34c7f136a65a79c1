package wholeprogram_test

import (
	"testing"

	"github.com/jobeffects/jobeffects/analyzer/result"
)

// A shape-only River worker nothing builds, in an internal package of a
// program with a main, is no handler; one the program puts in a value, one
// added with AddWorker and one in an importable package stay.
func TestDeadShapeHandlers(t *testing.T) {
	got := handlerLines(resolve(t, "deadshape/..."), func(h *result.Handler) string {
		return h.Name + " " + h.Risk.String()
	})
	wantLines(t, got, []string{
		"(*jobs.AuditWorker).Work medium",
		"(*jobs.SendWorker).Work medium",
		"(*pub.TidyWorker).Work medium",
	})
}
