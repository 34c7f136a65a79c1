package analyzer_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/jobeffects/jobeffects/analyzer"
)

// TestRowLoopCheck: a loop over the rows a read returned that skips a row
// its state says is done (continue), acts and writes that state is
// check-then-act (rowloopfix's RefreshAll); a loop whose skip is decided
// by the job's payload is not (RefreshListed, plainly unguarded).
func TestRowLoopCheck(t *testing.T) {
	analysistest.Run(t, testdata, analyzer.Analyzer, "rowloopfix")
}
