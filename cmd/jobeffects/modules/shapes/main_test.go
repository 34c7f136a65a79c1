package shapes

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
// then finds warm. jobs/cond.go calls the Orders port cmd/worker wires,
// and gwjobs' jobs are made by reflection (handlers only over the whole
// program): go vet leaves the first unresolved and reports neither
// gw:notify nor gw:prune.
func TestVetEqualsCommand(t *testing.T) {
	// The CLI's per-package run stands for go vet here
	// (e2etest.PerPackage): go vet itself runs on the example, clean,
	// gormv1 and consumers modules, where the two must agree, and
	// compiling this module's 109 dependencies for it cost CI a minute.
	e2etest.VetEqualsCommand(t, binary, e2etest.TestdataDir(t, "shapes"), nil, "jobs/cond.go", "internal/gwjobs/gwjobs.go")
}
