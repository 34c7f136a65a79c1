package wholeprogram_test

import (
	"testing"
)

// TestNilFieldNeverSet: a handler's effects under a test that a pointer
// field nothing in the program sets is not nil never run (the test that
// it is nil holds); a field the program sets and a type a decoder fills
// keep theirs.
func TestNilFieldNeverSet(t *testing.T) {
	got := wholeLines(t, effectsLine, "nilfieldwhole")
	want := []string{
		"echo safe",
		"hooked medium db_write/insert outbox",
		"noreply medium db_write/insert unanswered",
		"reply medium db_write/insert outbox",
	}
	sameLines(t, "handlers", got, want)
}
