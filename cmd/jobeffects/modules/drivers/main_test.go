package drivers

import (
	"flag"
	"testing"

	"github.com/jobeffects/jobeffects/internal/e2etest"
)

// Each framework module is a test package of its own (modules/doc.go);
// what the tests call is internal/e2etest's.

var update = flag.Bool("update", false, "rewrite the golden files")

// binary is the command, built once for the go test run (e2etest.Build).
var binary string

func TestMain(m *testing.M) { e2etest.Main(m, &binary) }

// The per-package CLI (standing for go vet, e2etest.PerPackage: compiling
// kafka-go for go vet is most of this module's cost) reports the command's
// findings on this module: the same handlers, the same rules. Not
// parallel, so it runs first and fills the caches the other test finds.
// traits and the bridge's projector reach their SQL and their post through
// interfaces other packages implement: only the command joins them.
func TestVetEqualsCommand(t *testing.T) {
	e2etest.VetEqualsCommand(t, binary, e2etest.TestdataDir(t, "drivers"), nil, "traits/traits.go", "bridge/projector.go")
}
