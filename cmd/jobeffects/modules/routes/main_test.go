package routes

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
