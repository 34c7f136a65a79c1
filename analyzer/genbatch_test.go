package analyzer_test

import (
	"testing"
)

// TestGenericBatcherChannels: a handler that puts its message into the
// application's own generic batcher, whose scheduler goroutine hands
// groups to per-shard worker goroutines over a slice of channels (go
// b.run(i, b.chArrays[i]) in a generic body) that call a Do func field,
// has the effects of the function set there. Near miss (router.go): a
// send on one array field of shard channels reaches only the workers
// started on that field's elements, not those of its sibling field.
func TestGenericBatcherChannels(t *testing.T) {
	runShared(t, "genbatch/batcher", "genbatch") // fixtures_test.go
}
