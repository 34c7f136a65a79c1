package wholeprogram_test

import (
	"testing"

	"github.com/jobeffects/jobeffects/analyzer"
	"github.com/jobeffects/jobeffects/analyzer/result"
)

// TestBufferedBoundary: a library call folded at its module's boundary
// because its code writes through a bufio.Writer (html.Render's shape)
// has no effect when the whole program follows every such write's
// receiver to an in-memory buffer (wholeprogram/bufiowalk.go); where the
// program also renders onto a connection through the same function, it
// stays.
func TestBufferedBoundary(t *testing.T) {
	line := func(h *result.Handler) string {
		line := h.Task + " " + h.Risk.String()
		for _, e := range h.Effects {
			line += " " + e.Kind + "/" + e.Op + " " + e.Target
		}
		return line
	}
	hooks := analyzer.Hooks{KeepSummaries: true, Whole: true}
	wantLines(t, handlerLines(resolveWith(t, hooks, "bufiowhole"), line), []string{
		"page safe",
	})
	wantLines(t, handlerLines(resolveWith(t, hooks, "bufiowholeconn"), line), []string{
		"page unknown dynamic_call/call htmlish.Text",
		"relay high http/post htmlish.Send",
	})
}
