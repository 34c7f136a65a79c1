package wholeprogram_test

import (
	"testing"

	"github.com/jobeffects/jobeffects/analyzer/result"
)

// TestHandlersWork: a function discovery finds by its shape alone (a weak
// candidate taking a message or event type, a workflow helper taking
// workflow.Context) that a handler in another package reaches — by a
// static call (the Lambda closure's work.Record, OrderWorkflow's
// work.Steps) or through an interface (Consume's Dispatcher.Handle,
// work.Sender) — is that handler's work: not listed, its insert reported
// on the caller. Near misses stay: the same shapes nothing calls
// (work.Orphan, work.Stamp), and work.Audit, which Consume calls but a
// router registers (listed twice as before: its package's
// weak entry and app's registration).
func TestHandlersWork(t *testing.T) {
	got := wholeLines(t, func(h *result.Handler) string { return " " + h.Name + effectsLine(h) }, "xpkgwork/app", "xpkgwork/work")
	want := []string{
		" medium app.Start.func1 db_write/insert receipts",
		" medium work.Audit db_write/insert audits",
		" medium work.Orphan db_write/insert orphans",
		" safe work.Stamp",
		"OrderWorkflow safe app.OrderWorkflow",
		"audit medium work.Audit db_write/insert audits",
		"orders medium app.Consume db_write/insert sent db_write/insert audits",
	}
	sameLines(t, "handlers", got, want)
}
