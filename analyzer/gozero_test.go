package analyzer_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/jobeffects/jobeffects/analyzer"
)

// TestGoZeroModel: goctl's models assemble their SQL from struct tags and
// run it through sqlc.CachedConn; the optimistic lock is a claim.
func TestGoZeroModel(t *testing.T) {
	a := analyzer.New(analyzer.Options{Config: filepath.Join(testdata, "src", "declared", ".jobeffects.yaml")})
	analysistest.Run(t, testdata, a, "gozerofix")
}
