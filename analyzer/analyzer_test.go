package analyzer_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/jobeffects/jobeffects/analyzer"
)

// testdata is the repository's shared fixture tree (testdata/src/...).
var testdata, _ = filepath.Abs(filepath.Join("..", "testdata"))

func TestDiscoveryAsynq(t *testing.T) {
	analysistest.Run(t, testdata, analyzer.Analyzer, "asynqforms")
}

func TestDiscoveryRiver(t *testing.T) {
	analysistest.Run(t, testdata, analyzer.Analyzer, "riverforms")
}

func TestDiscoveryTemporal(t *testing.T) {
	analysistest.Run(t, testdata, analyzer.Analyzer, "temporalforms/activities", "temporalforms/worker")
}

func TestGuards(t *testing.T) {
	analysistest.Run(t, testdata, analyzer.Analyzer, "guards")
}

func TestCallsAcrossPackages(t *testing.T) {
	analysistest.Run(t, testdata, analyzer.Analyzer, "calls/deep", "calls/lib", "calls/jobs")
}

func TestStrictUnknownEffect(t *testing.T) {
	if err := analyzer.Analyzer.Flags.Set("strict", "true"); err != nil {
		t.Fatal(err)
	}
	defer analyzer.Analyzer.Flags.Set("strict", "false")
	analysistest.Run(t, testdata, analyzer.Analyzer, "strict")
}

func TestUserGuardsFromConfig(t *testing.T) {
	if err := analyzer.Analyzer.Flags.Set("config", filepath.Join(testdata, "src", "userguard", ".jobeffects.yaml")); err != nil {
		t.Fatal(err)
	}
	defer analyzer.Analyzer.Flags.Set("config", "")
	analysistest.Run(t, testdata, analyzer.Analyzer, "userguard")
}

func TestSuppression(t *testing.T) {
	analysistest.Run(t, testdata, analyzer.Analyzer, "suppress")
}
