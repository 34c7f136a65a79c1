package analyzer_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/jobeffects/jobeffects/analyzer"
)

// TestHelperSentKey: an Idempotency-Key header set on a request that a
// helper sends (d.do(req)) keys the request's effect; a header set only
// when the key is not empty keys it only where the value passed cannot be
// empty (a checksum, a formatted string), not a stored field.
func TestHelperSentKey(t *testing.T) {
	analysistest.Run(t, testdata, analyzer.Analyzer, "helperkeyfix")
}
