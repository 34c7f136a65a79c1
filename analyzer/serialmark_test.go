package analyzer_test

import "testing"

// TestSequentialMark: a status mark written before the act, which the
// check before it skips, guards the act on a transport whose deliveries
// never overlap (Watermill's GoChannel with BlockPublishUntilSubscriberAck,
// reached through a bus type's accessor), in a helper (Serial) or in the
// loop (Inline). Near misses: the same work on a GoChannel that does not
// wait for acks (Overlapping unguarded, InlineOverlapping check-then-act),
// and a mark written after the act (MarkAfter, check-then-act).
func TestSequentialMark(t *testing.T) {
	defaults.run(t, "serialmark/bus", "serialmark")
}
