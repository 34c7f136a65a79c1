package analyzer_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/jobeffects/jobeffects/analyzer"
	"github.com/jobeffects/jobeffects/analyzer/result"
)

// TestAckLoops: a loop over the application's own queue client that hands
// what it received to a function kept in a field and deletes the message
// through the same client only after that function returned nil is a
// consumer: the functions its constructor's callers pass are handlers, with
// the queue its receive names (discovery/ackloop.go). A loop that deletes
// before running its function, or deletes nothing, registers nothing.
func TestAckLoops(t *testing.T) {
	a := analyzer.New(analyzer.Options{})
	results := analysistest.Run(t, testdata, a, "ackloopfix/queue", "ackloopfix")
	var got []string
	for _, r := range results {
		res, ok := r.Result.(*result.Result)
		if !ok {
			continue
		}
		for _, h := range res.Handlers {
			got = append(got, h.Framework+" "+h.Task+" "+h.Name+" "+fileLine(h.Registered))
		}
	}
	want := []string{"app-queue emails ackloopfix.Start.func1 ackloopfix/ackloopfix.go:13"}
	if len(got) != len(want) || got[0] != want[0] {
		t.Errorf("handlers:\n got %q\nwant %q", got, want)
	}
}
