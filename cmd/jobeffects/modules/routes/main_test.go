package routes

import (
	"flag"
	"testing"

	"github.com/jobeffects/jobeffects/internal/e2etest"
)

// The helpers of this end-to-end package (internal/e2etest holds what they
// call): each framework module is a test package of its own, so that each
// has go test's whole 10-minute budget for its first go vet, which on
// empty caches downloads and type-checks every library it imports.

var update = flag.Bool("update", false, "rewrite the golden files")

// binary is the command, built once for this test binary.
var binary string

func TestMain(m *testing.M) { e2etest.Main(m, &binary) }

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	e2etest.Golden(t, name, got, *update)
}

func testdataDir(t *testing.T, name string) string { return e2etest.TestdataDir(t, name) }

func runCmd(t *testing.T, dir string, name string, args ...string) (string, string, int) {
	t.Helper()
	return e2etest.Run(t, dir, nil, name, args...)
}

// runShared is runCmd for a command that only reads dir: run once per test
// binary, its output shared by the tests that ask for it.
func runShared(t *testing.T, dir string, name string, args ...string) (string, string, int) {
	t.Helper()
	return e2etest.RunShared(t, dir, nil, name, args...)
}

func diagnostics(text string) []string { return e2etest.Diagnostics(text) }
