package modules

import (
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/jobeffects/jobeffects/internal/e2etest"
)

var update = flag.Bool("update", false, "rewrite the golden files")

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	e2etest.Golden(t, name, got, *update)
}

// binary is the command, built once for this test binary.
var binary string

func TestMain(m *testing.M) {
	flag.Parse()
	bin, cleanup, err := e2etest.Build()
	if err != nil {
		panic(err)
	}
	binary = bin
	code := m.Run()
	cleanup()
	os.Exit(code)
}

func testdataDir(t *testing.T, name string) string { return e2etest.TestdataDir(t, name) }

func runCmd(t *testing.T, dir string, name string, args ...string) (string, string, int) {
	t.Helper()
	return e2etest.Run(t, dir, nil, name, args...)
}

func diagnostics(text string) []string { return e2etest.Diagnostics(text) }

// go vet reports the command's findings on the framework modules: the same
// handlers with the same rules (cmd/jobeffects checks the example and
// clean modules the same way). The one shape that differs (README, "go vet
// and the command") is a library callback registered in another package
// (a gorm callback, an ent hook), which only the command joins to the
// operations that run it.
func TestVetEqualsCommand(t *testing.T) {
	for _, mod := range []string{"consumers", "ecosystem", "saas"} {
		t.Run(mod, func(t *testing.T) {
			t.Parallel()
			dir := testdataDir(t, mod)
			_, vetOut, _ := runShared(t, dir, "go", "vet", "-vettool="+binary, "./...")
			_, cliOut, _ := runShared(t, dir, binary, "./...")
			vet, cli := e2etest.FindingSet(vetOut), e2etest.FindingSet(cliOut)
			for f, line := range vet {
				if strings.HasSuffix(f, " unresolved") {
					continue
				}
				if _, ok := cli[f]; !ok {
					t.Errorf("go vet reports what the command does not:\n%s", line)
				}
			}
			for f, line := range cli {
				if _, ok := vet[f]; ok || strings.Contains(line, "run by the operation as its") {
					continue
				}
				t.Errorf("the command reports what go vet does not:\n%s\n--- go vet:\n%s", line, vetOut)
			}
		})
	}
}

// runShared is runCmd for a command that only reads dir: run once per test
// binary, its output shared by the tests that ask for it.
func runShared(t *testing.T, dir string, name string, args ...string) (string, string, int) {
	t.Helper()
	return e2etest.RunShared(t, dir, nil, name, args...)
}
