package consumers

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

// vetPackages are the packages go vet itself runs on
// (e2etest.PerPackage): Watermill's (with watermill-sql), NATS's and
// Lambda's, 90 of the module's 569 dependencies to compile for go vet.
// Pub/Sub's gRPC and Google API stack, the Temporal SDK, Sarama, the
// AWS SDK and machinery v1 (with its brokers' and backends' SDKs) are the
// others; the CLI's per-package run answers for their packages (pubsubc,
// temporalw, kafka, orderflow, sqspoll, machv1), as for the rest.
var vetPackages = []string{"./internal/...", "./lambdafn", "./natsc", "./wm", "./wmsql", "./wmtask"}

// go vet reports the command's findings on this module: the same handlers
// with the same rules (e2etest.VetEqualsCommand says what may differ). Not
// parallel, so it runs first: its go vet and command runs (shared) fill the
// caches the module's other test then finds warm, instead of both doing
// the first go vet at once.
func TestVetEqualsCommand(t *testing.T) {
	// wmtask/tasks.go: a closure registered once per task through a
	// forwarder calls the task it captured through an interface: go vet
	// leaves the call unresolved at each registration, the command
	// resolves it in each registration's task (wholeprogram/bound.go).
	e2etest.VetEqualsCommand(t, binary, e2etest.TestdataDir(t, "consumers"), vetPackages, "wmtask/tasks.go")
}
