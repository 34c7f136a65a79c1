package wholeprogram_test

import (
	"testing"
)

// TestNilInterfaceCall: a handler's call through an interface nothing in
// the program implements panics, so the effects only reached after it
// are dropped and the status check before it is no check-then-act; an
// implemented interface, and a call behind a nil test, keep what follows.
func TestNilInterfaceCall(t *testing.T) {
	got := wholeLines(t, findingsLine, "nilcall/...")
	want := []string{
		"judge medium unguarded db_write/insert gate_events dynamic_call/call (nilcall.Evaluator).Evaluate db_read/select gates",
		"maybe medium unguarded db_write/insert gate_events dynamic_call/call (nilcall.Evaluator).Evaluate",
		"score medium check-then-act db_write/insert gate_events db_read/select gates db_write/update-set gates",
	}
	sameLines(t, "handlers", got, want)
}
