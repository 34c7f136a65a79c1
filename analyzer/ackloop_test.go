package analyzer_test

import "testing"

// TestAckLoops: a loop over the application's own queue client that hands
// what it received to a function kept in a field and deletes the message
// through the same client only after that function returned nil is a
// consumer: the functions its constructor's callers pass are handlers, with
// the queue its receive names (discovery/ackloop.go). A loop that deletes
// before running its function, or deletes nothing, registers nothing.
func TestAckLoops(t *testing.T) {
	var got []string
	for _, res := range defaults.run(t, "ackloopfix/queue", "ackloopfix") {
		for _, h := range res.Handlers {
			got = append(got, h.Framework+" "+h.Task+" "+h.Name+" "+fileLine(h.Registered))
		}
	}
	want := []string{"app-queue emails ackloopfix.Start.func1 ackloopfix/ackloopfix.go:13"}
	if len(got) != len(want) || got[0] != want[0] {
		t.Errorf("handlers:\n got %q\nwant %q", got, want)
	}
}
