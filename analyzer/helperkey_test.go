package analyzer_test

import (
	"testing"
)

// TestHelperSentKey: an Idempotency-Key header set on a request that a
// helper sends (d.do(req)) keys the request's effect; a header set only
// when the key is not empty keys it only where the value passed cannot be
// empty (a checksum, a formatted string), not a stored field.
func TestHelperSentKey(t *testing.T) {
	runShared(t, "helperkeyfix") // fixtures_test.go
}
