package analyzer_test

import (
	"testing"
)

// TestClaimCallback: a helper that runs its callback only when its claim
// of the key is new guards the callback's effects with that key; a key
// made on every delivery is random-key; a helper that runs the callback
// whatever the claim found guards nothing.
func TestClaimCallback(t *testing.T) {
	runShared(t, "claimcbfix") // fixtures_test.go
}
