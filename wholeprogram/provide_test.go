package wholeprogram_test

import (
	"testing"
)

// TestProvided: an interface call on a field go.uber.org/fx fills runs a
// method of what the constructor handed to fx.Provide returns (directly,
// or through a helper and fx.Annotate), and a callback it is handed runs
// too, each handler's own through a wrapper that passes it on; a constructor whose returned value is not traced to a concrete
// type resolves nothing.
func TestProvided(t *testing.T) {
	got := wholeLines(t, effectsLine, "fxwhole")
	want := []string{
		"fx-audited unknown dynamic_call/call (fxwhole.Audit).Record",
		"fx-pay medium db_write/insert payments",
		"fx-save medium db_write/insert orders",
		"fx-tx medium db_write/insert orders",
	}
	sameLines(t, "handlers", got, want)
}
