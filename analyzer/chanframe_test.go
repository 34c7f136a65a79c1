package analyzer_test

import (
	"testing"
)

// TestChannelFrameState: a worker closure's writes to a variable of the
// frame that made its channel last as long as that frame: not at all when
// the frame is a call the delivery makes, for good when it registered the
// handler.
func TestChannelFrameState(t *testing.T) {
	runShared(t, "chanframe") // fixtures_test.go
}
