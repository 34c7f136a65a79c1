package e2etest

import (
	"path"
	"strings"
	"testing"
)

// PerPackage returns what go vet prints for the module in dir (stderr,
// exit code), taken from the CLI's per-package run (-whole=false ./...),
// and checks go vet itself on the packages vet names (patterns: "./x",
// "./x/...", "./..."): for those, go vet must print exactly the CLI's
// diagnostics.
//
// Why not go vet on every package: go vet needs every dependency
// compiled (export data) and runs the tool once per dependency for its
// facts, while the CLI type-checks from source in one process. On the
// framework modules that is minutes of CPU against seconds — Pub/Sub's
// gRPC and Google API stack, the Temporal SDK, AWS SDK v2 — and it made
// CI the slowest thing in the project (stop 48: 1,468 s). The analysis
// is the same code in both (the CLI's -whole=false runs the analyzer
// package by package with the same facts); what go vet adds is its
// driver (unit configs, vetx files, the standard library's units), which
// the packages in vet exercise on real frameworks, and cmd/jobeffects'
// tests on the example module over ./... . vet empty: the CLI only (a
// module whose every package imports the heavy stack).
//
// Both runs are shared (RunShared): the module's tests ask for them
// again for free.
func PerPackage(t *testing.T, binary, dir string, vet []string) (string, int) {
	t.Helper()
	cliOut, cliErr, cliCode := RunShared(t, dir, nil, binary, "-whole=false", "./...")
	if cliOut != "" || (cliCode != 0 && cliCode != 1) {
		t.Fatalf("jobeffects -whole=false ./...: exit %d, stdout %q\n%s", cliCode, cliOut, cliErr)
	}
	if len(vet) == 0 {
		return cliErr, cliCode
	}
	_, vetErr, vetCode := RunShared(t, dir, nil, "go", append([]string{"vet", "-vettool=" + binary}, vet...)...)
	if vetCode != 0 && vetCode != 1 {
		t.Fatalf("go vet %v: exit %d\n%s", vet, vetCode, vetErr)
	}
	var want []string
	for _, d := range Diagnostics(cliErr) {
		if inPatterns(diagnosticDir(d), vet) {
			want = append(want, d)
		}
	}
	if got, want := strings.Join(Diagnostics(vetErr), "\n"), strings.Join(want, "\n"); got != want {
		t.Errorf("go vet %v and the per-package CLI differ on those packages\n--- go vet\n%s\n--- CLI\n%s", vet, got, want)
	}
	return cliErr, cliCode
}

// diagnosticDir is the module-relative directory of the file a
// diagnostic's first line is reported in ("jobs" for
// "jobs/a.go:3:4: unguarded: …").
func diagnosticDir(d string) string {
	file, _, _ := strings.Cut(d, ":")
	return path.Dir(file)
}

// inPatterns reports whether a module-relative directory is matched by
// one of the go package patterns ("./x", "./x/...", "./...").
func inPatterns(dir string, patterns []string) bool {
	for _, p := range patterns {
		p = strings.TrimPrefix(p, "./")
		switch {
		case p == "...":
			return true
		case strings.HasSuffix(p, "/..."):
			root := strings.TrimSuffix(p, "/...")
			if dir == root || strings.HasPrefix(dir, root+"/") {
				return true
			}
		case dir == p:
			return true
		}
	}
	return false
}
