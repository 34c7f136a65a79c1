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

// TestPutPathKey: a PUT's last path segment names the resource it
// writes: a key, guarded when stable and random-key when new per
// delivery; a POST, a constant last segment or a constant URL are not.
func TestPutPathKey(t *testing.T) {
	runShared(t, "putkeyfix")
}

// TestMessageKey: a message carrying its receiver's deduplication key
// (a Matrix to-device message_id) keys the call it is handed to:
// random-key when new per delivery, guarded when stable; a random value
// in no such field keys nothing.
func TestMessageKey(t *testing.T) {
	runShared(t, "msgkeyfix")
}

// TestCloudEventID: a CloudEvent's id (DIMO's CloudEventHeader.ID, also
// promoted through the CloudEvent that embeds the header) keys the call
// the event is handed to: random-key when new per delivery, guarded when
// derived from the job; a uuid in another header field, or in an event
// type no catalog names, keys nothing. The CloudEvents SDK's event is
// keyed by its SetID setter's argument (sdk.go; catalog
// idempotency_setters), a draft's id keys no other event.
func TestCloudEventID(t *testing.T) {
	runShared(t, "cloudeventfix")
}
