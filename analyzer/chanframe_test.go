package analyzer_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/jobeffects/jobeffects/analyzer"
)

// TestChannelFrameState: a worker closure's writes to a variable of the
// frame that made its channel last as long as that frame: not at all when
// the frame is a call the delivery makes, for good when it registered the
// handler.
func TestChannelFrameState(t *testing.T) {
	analysistest.Run(t, testdata, analyzer.New(analyzer.Options{}), "chanframe")
}
