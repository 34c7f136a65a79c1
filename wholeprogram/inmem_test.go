package wholeprogram_test

import (
	"testing"

	"github.com/jobeffects/jobeffects/analyzer"
	"github.com/jobeffects/jobeffects/analyzer/result"
)

// TestInMemoryBoundary: an interface call whose implementation is another
// module's method that the per-package pass folds ("makes calls that
// cannot be resolved here") has no effect when the whole program follows
// that method's code to the process's own memory only (an in-memory store
// under a mutex, a reflect.Type's Kind the graph leaves to the reflect
// package); a look-alike whose code reaches a database through the
// function value the application wires ((*sql.DB).ExecContext, a model
// whose SQL argument decides the effect) stays an effect.
func TestInMemoryBoundary(t *testing.T) {
	got := handlerLines(resolveWith(t, analyzer.Hooks{KeepSummaries: true, Whole: true}, "inmemwhole"), func(h *result.Handler) string {
		line := h.Task + " " + h.Risk.String()
		for _, e := range h.Effects {
			line += " " + e.Kind + "/" + e.Op + " " + e.Target + " by=" + string(e.By)
		}
		return line
	})
	wantLines(t, got, []string{
		"audit medium db_write/insert (*memstore.Mirror).Create by=name",
		"run safe",
	})
}
