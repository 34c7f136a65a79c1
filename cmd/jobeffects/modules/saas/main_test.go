package saas

import (
	"flag"
	"testing"

	"github.com/jobeffects/jobeffects/internal/e2etest"
)

// Each framework module is a test package of its own, so that each has go
// test's whole 10-minute budget for its first go vet, which on empty
// caches downloads and type-checks every library it imports; what the
// tests call is internal/e2etest's.

var update = flag.Bool("update", false, "rewrite the golden files")

// binary is the command, built once for the go test run (e2etest.Build).
var binary string

func TestMain(m *testing.M) { e2etest.Main(m, &binary) }

// go vet reports the command's findings on this module: the same handlers
// with the same rules (e2etest.VetEqualsCommand says what may differ). Not
// parallel, so it runs first: its go vet and command runs (shared) fill the
// caches the module's other test then finds warm, instead of both doing
// the first go vet at once.
func TestVetEqualsCommand(t *testing.T) {
	// Both packages import the module's whole stack (AWS SDK v2, OpenAI,
	// go-mail, Slack): the CLI's per-package run stands for go vet here
	// (e2etest.PerPackage), as on shapes, routes and ecosystem; go vet
	// itself runs on the example, clean, gormv1 and consumers modules.
	e2etest.VetEqualsCommand(t, binary, e2etest.TestdataDir(t, "saas"), nil)
}
