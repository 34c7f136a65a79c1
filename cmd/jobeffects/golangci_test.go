package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// A custom golangci-lint built with the module plugin (built the way
// golangci-lint custom does, from the module proxy:
// scripts/golangci-custom.sh) reports on the example module what go vet
// reports. It downloads and builds golangci-lint (about 200 modules), so
// it runs when JOBEFFECTS_GOLANGCI=1 (or JOBEFFECTS_GOLANGCI_BIN names a
// binary already built); CI sets it.
func TestGolangciPlugin(t *testing.T) {
	t.Parallel()
	gcl := os.Getenv("JOBEFFECTS_GOLANGCI_BIN")
	if gcl == "" {
		if os.Getenv("JOBEFFECTS_GOLANGCI") != "1" {
			t.Skip("set JOBEFFECTS_GOLANGCI=1 to build a custom golangci-lint with the plugin")
		}
		gcl = filepath.Join(t.TempDir(), "custom-gcl")
		script, _ := filepath.Abs(filepath.Join("..", "..", "scripts", "golangci-custom.sh"))
		out, err := exec.Command(script, gcl).CombinedOutput()
		if err != nil {
			t.Fatalf("building golangci-lint with the plugin: %v\n%s", err, out)
		}
	}
	dir := testdataDir(t, "example")
	cfg := filepath.Join(t.TempDir(), "golangci.yml")
	if err := os.WriteFile(cfg, []byte(`version: "2"
run:
  relative-path-mode: wd
linters:
  default: none
  enable: [jobeffects]
  settings:
    custom:
      jobeffects:
        type: module
        description: job handlers whose side effects repeat when a job is delivered twice
issues:
  max-issues-per-linter: 0
  max-same-issues: 0
`), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout, stderr, code := runCmd(t, dir, gcl, "run", "--config", cfg, "--output.text.path", "stdout", "--show-stats=false", "./...")
	if code != 1 {
		t.Fatalf("golangci-lint: exit %d\n%s\n%s", code, stdout, stderr)
	}
	var got []string
	for _, line := range strings.Split(stdout, "\n") {
		if strings.HasSuffix(line, " (jobeffects)") && !strings.Contains(line, "(related information)") {
			got = append(got, strings.TrimSuffix(line, " (jobeffects)"))
		}
	}
	_, vetOut, _ := runShared(t, dir, "go", "vet", "-vettool="+binary, "./...")
	var want []string
	for _, d := range diagnostics(vetOut) {
		want = append(want, strings.SplitN(d, "\n", 2)[0])
	}
	if g, w := strings.Join(slices.Sorted(slices.Values(got)), "\n"), strings.Join(want, "\n"); g != w {
		t.Errorf("golangci-lint:\n%s\ngo vet:\n%s", g, w)
	}
}
