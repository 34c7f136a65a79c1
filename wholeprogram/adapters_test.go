package wholeprogram_test

import (
	"testing"

	"github.com/jobeffects/jobeffects/analyzer"
	"github.com/jobeffects/jobeffects/analyzer/result"
)

// TestAdapterClosures: the closure a generic registrar wraps the function
// it is given in (genreg/jobs RegisterWorkerFunc, RegisterExport) goes
// from the whole program's handlers once a handler is registered through
// the registrar: each function passed is listed with its task. Also
// through a registrar of the program that calls it (registerTraced
// calling RegisterTimed: audit). Near misses: the closure of a registrar
// nothing calls (RegisterUnused) stays, the only trace of its
// registration; a closure that calls its parameter with nothing of the
// job (RegisterPing's) is the handler, not an adapter.
func TestAdapterClosures(t *testing.T) {
	got := handlerLines(resolveWith(t, analyzer.Hooks{KeepSummaries: true, Whole: true}, "genreg/jobs", "genreg"), func(h *result.Handler) string {
		return h.Name + " " + h.Task + findingsLine(h)
	})
	want := []string{
		"(*genreg.Service).audit audit unguarded db_write/insert audits",
		"(*genreg.Service).export export-report unguarded db_write/insert export_runs",
		"(*genreg.Service).handleSyncUser sync-user unguarded db_write/insert user_syncs",
		"genreg.cleanup cleanup",
		"genreg.touch touch",
		"jobs.RegisterPing.func1 ping dynamic_call/call done",
		"jobs.RegisterUnused.func1  dynamic_call/call work",
	}
	sameLines(t, "handlers", got, want)
}
