package wholeprogram_test

import (
	"strings"
	"testing"

	"github.com/jobeffects/jobeffects/analyzer/result"
)

// invokeLine is a handler's risk and effects, each with the lambda hop
// of its path when it has one.
func invokeLine(h *result.Handler) string {
	line := h.Name + " " + h.Risk.String()
	for _, e := range h.Effects {
		line += " " + e.Kind + "/" + e.Op + " " + e.Target
		for _, hop := range e.Path {
			if i := strings.Index(hop.Func, "(lambda invoke"); i >= 0 {
				line += " via " + hop.Func[i:]
			}
		}
	}
	return line
}

// A job that invokes a Lambda function has the effects of the Lambda
// handlers its program registers (a read: safe; an insert: medium, for a
// synchronous and a queued invocation alike); a program that registers
// none leaves the invocation unknown.
func TestLambdaInvoke(t *testing.T) {
	got := handlerLines(resolve(t, "invokefix/app", "invokefix/worker"), invokeLine)
	wantLines(t, got, []string{
		"(*app.Stage).Enrich safe db_write/upsert-set enriched db_read/select items via (lambda invoke → (*worker.Handler).Handle, the one the program registers)",
		"(*worker.Handler).Handle safe db_read/select items",
	})
	got = handlerLines(resolve(t, "invokefix/risky"), invokeLine)
	wantLines(t, got, []string{
		"(*risky.Jobs).Visit medium db_write/insert visits via (lambda invoke → (*risky.Recorder).Record, the one the program registers)",
		"(*risky.Jobs).VisitLater medium db_write/insert visits via (lambda invoke → (*risky.Recorder).Record, the one the program registers)",
		"(*risky.Recorder).Record medium db_write/insert visits",
	})
	got = handlerLines(resolve(t, "invokefix/external"), invokeLine)
	wantLines(t, got, []string{
		"(*external.Jobs).Notify unknown unknown/unknown lambda",
	})
}
