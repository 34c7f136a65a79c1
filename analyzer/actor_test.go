package analyzer_test

import "testing"

// TestActorCallbacks: an action queued on a phony actor (Act, Block) is
// run: its effects are the caller's, except an action that is a pull loop
// of its own (a per-room worker fetching and acking its own messages),
// which is a handler of its own.
func TestActorCallbacks(t *testing.T) {
	runShared(t, "actorfix")
}

// TestMatrixFederationQueries: the Matrix federation client's POSTs that
// are queries (get_missing_events, user/keys/query) are safe; a claim of
// one-time keys is a POST like any other.
func TestMatrixFederationQueries(t *testing.T) {
	runShared(t, "matrixfix")
}
