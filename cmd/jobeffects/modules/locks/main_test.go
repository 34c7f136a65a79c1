package locks

import (
	"testing"

	"github.com/jobeffects/jobeffects/internal/e2etest"
)

// Each framework module is a test package of its own, so that each has go
// test's whole 10-minute budget for its first go vet, which on empty
// caches downloads and type-checks every library it imports; what the
// tests call is internal/e2etest's.

// binary is the command, built once for the go test run (e2etest.Build).
var binary string

func TestMain(m *testing.M) { e2etest.Main(m, &binary) }

// go vet reports the command's findings on this module: the same handlers
// with the same rules (e2etest.VetEqualsCommand says what may differ). Not
// parallel, so it runs first and fills the caches the module's other test
// then finds warm.
func TestVetEqualsCommand(t *testing.T) {
	e2etest.VetEqualsCommand(t, binary, e2etest.TestdataDir(t, "locks"), vetPackages)
}
