package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Load errors are inputs like any other (issue 31): a run whose errors
// come from the key's inputs is replayed — the same stdout, the same
// stderr, the same files written, the same exit status — and a change to
// what the errors come from is a miss.

// hitLine is the line -debug=phases adds to a replayed run's stderr.
var hitLine = regexp.MustCompile(`(?m)^jobeffects: cache hit [0-9a-f]+: replayed in [0-9.]+s\n`)

// cachedRun runs the binary with -debug=phases (after "inventory" for an
// inventory) and returns its outcome without the cache-hit line, and
// whether it was a replay.
func cachedRun(t *testing.T, dir string, env []string, args ...string) (outcome, bool) {
	t.Helper()
	if args[0] == "inventory" {
		args = append([]string{"inventory", "-debug=phases"}, args[1:]...)
	} else {
		args = append([]string{"-debug=phases"}, args...)
	}
	o := runOutcome(t, dir, env, args...)
	hit := hitLine.MatchString(o.stderr)
	o.stderr = hitLine.ReplaceAllString(o.stderr, "")
	return o, hit
}

// A lint run on a module with a package that does not type-check exits
// 2; a rerun is a replay, byte for byte, and writes the -format FILE
// again; fixing the file is a miss, and the fixed run (exit 1: the
// module's finding) is replayed too.
func TestTypeErrorRunReplayed(t *testing.T) {
	t.Parallel()
	dir := tinyModule(t, map[string]string{
		".jobeffects.yaml": storeModel,
		"broken/broken.go": "package broken\n\nfunc F() error { return undefinedThing() }\n",
	})
	env := []string{"JOBEFFECTS_CACHE_DIR=" + t.TempDir()}
	sarif := filepath.Join(t.TempDir(), "out.sarif")
	lint := func() (outcome, bool, string) {
		t.Helper()
		os.Remove(sarif)
		o, hit := cachedRun(t, dir, env, "-format=json", "-format=sarif="+sarif, "./...")
		data, err := os.ReadFile(sarif)
		if err != nil {
			t.Fatalf("-format=sarif=FILE was not written: %v\n%s", err, o.stderr)
		}
		return o, hit, string(data)
	}
	first, hit, firstSarif := lint()
	if hit || first.code != exitError || !strings.Contains(first.stderr, "broken/broken.go:3:25: undefined: undefinedThing") {
		t.Fatalf("first run: hit %v, exit %d, want a run printing the type error and exiting 2:\n%s", hit, first.code, first.stderr)
	}
	if !strings.Contains(first.stdout, `"unguarded"`) {
		t.Errorf("the packages that type-check were not reported:\n%s", first.stdout)
	}
	second, hit, secondSarif := lint()
	if !hit {
		t.Fatalf("the rerun with the same errors was not a replay:\n%s", second.stderr)
	}
	if second != first || secondSarif != firstSarif {
		t.Errorf("the replay differs from the first run:\n%+v\n%+v", second, first)
	}
	// Fixing the file changes the key: analysed again, the finding in
	// jobs is exit 1, and that run is replayed too.
	writeTree(t, dir, map[string]string{"broken/broken.go": "package broken\n\nfunc F() error { return nil }\n"})
	fixed, hit, _ := lint()
	if hit || fixed.code != exitFindings || strings.Contains(fixed.stderr, "undefined") {
		t.Errorf("after the fix: hit %v, exit %d, want a new analysis exiting 1:\n%s", hit, fixed.code, fixed.stderr)
	}
	if again, hit, _ := lint(); !hit || again != fixed {
		t.Errorf("a rerun of the run with findings: hit %v, exit %d (want a replay exiting 1)", hit, again.code)
	}
}

// A package whose module cannot be found (go list's errors, no file to
// hash) is replayed with its errors — whatever order go list gives them
// in (here four, in the order its loads finish) —; a change to the error
// (the replacement directory made, still without the package) is a miss,
// and the new error is printed, not the old one. Offline: a replace to a
// directory, and GOPROXY=off for a module the proxy cannot give.
func TestModuleErrorRunReplayed(t *testing.T) {
	t.Parallel()
	files := map[string]string{
		".jobeffects.yaml": storeModel,
		"go.mod":           "module example.com/ledger\n\ngo 1.26\n\nrequire example.com/gone v1.0.0\n\nreplace example.com/gone => ./gone\n",
		"uses/uses.go":     "package uses\n\nimport \"example.com/gone/x\"\n\nfunc F() { x.G() }\n",
		"more/more.go":     "package more\n\nimport (\n\t\"example.com/gone/a\"\n\t\"example.com/gone/b\"\n\t\"example.com/gone/c\"\n\t\"example.com/ledger/uses\"\n)\n\nfunc F() { a.G(); b.G(); c.G(); uses.F() }\n",
	}
	dir := tinyModule(t, files)
	env := []string{"JOBEFFECTS_CACHE_DIR=" + t.TempDir()}
	const missing = "uses/uses.go:3:8: example.com/gone@v1.0.0: replacement directory ./gone does not exist"
	first, hit := cachedRun(t, dir, env, "inventory", "./...")
	if hit || first.code != exitError || !strings.Contains(first.stderr, missing) || !strings.Contains(first.stdout, "- package: example.com/ledger/uses") {
		t.Fatalf("first run: hit %v, exit %d, want the load error and exit 2:\n%s\n%s", hit, first.code, first.stderr, first.stdout)
	}
	for i := 0; i < 3; i++ {
		if second, hit := cachedRun(t, dir, env, "inventory", "./..."); !hit || second != first {
			t.Fatalf("rerun %d: hit %v, want a replay of the first run:\n%+v\n%+v", i, hit, second, first)
		}
	}
	// -o is the command line's: a replay writes the partial inventory
	// to the file as a first run does (and says so).
	out := filepath.Join(t.TempDir(), "inv.yaml")
	for i := 0; i < 2; i++ {
		o, hit := cachedRun(t, dir, env, "inventory", "-o", out, "./...")
		data, _ := os.ReadFile(out)
		if !hit || o.code != exitError || string(data) != first.stdout || !strings.Contains(o.stderr, "inv.yaml is incomplete") {
			t.Errorf("-o run %d: hit %v, exit %d, want a replay writing the partial inventory:\n%s\n%s", i, hit, o.code, o.stderr, data)
		}
	}
	writeTree(t, dir, map[string]string{"gone/go.mod": "module example.com/gone\n"})
	other, hit := cachedRun(t, dir, env, "inventory", "./...")
	if hit || other.code != exitError || strings.Contains(other.stderr, missing) || !strings.Contains(other.stderr, "example.com/gone/x") {
		t.Errorf("after the replacement directory was made: hit %v, exit %d, want the new error (not the old one):\n%s", hit, other.code, other.stderr)
	}

	// A require the module proxy does not give (here: no proxy).
	dir = tinyModule(t, map[string]string{
		".jobeffects.yaml": storeModel,
		"go.mod":           "module example.com/ledger\n\ngo 1.26\n\nrequire example.com/gone v1.0.0\n",
		"uses/uses.go":     files["uses/uses.go"],
	})
	env = append(env, "GOFLAGS=-mod=mod", "GOPROXY=off")
	first, hit = cachedRun(t, dir, env, "./...")
	if hit || first.code != exitError || !strings.Contains(first.stderr, "uses/uses.go:3:8: module lookup disabled by GOPROXY=off") {
		t.Fatalf("GOPROXY=off: hit %v, exit %d, want the lookup error and exit 2:\n%s", hit, first.code, first.stderr)
	}
	if second, hit := cachedRun(t, dir, env, "./..."); !hit || second != first {
		t.Errorf("GOPROXY=off rerun: hit %v, want a replay of the first run:\n%+v\n%+v", hit, second, first)
	}
}

// A network failure is not an input: a run whose module download failed
// for want of a connection is not kept, and says so under -debug=phases.
func TestTransientErrorNotCached(t *testing.T) {
	t.Parallel()
	dir := tinyModule(t, map[string]string{
		".jobeffects.yaml": storeModel,
		"go.mod":           "module example.com/ledger\n\ngo 1.26\n\nrequire example.com/gone v1.0.0\n",
		"uses/uses.go":     "package uses\n\nimport \"example.com/gone/x\"\n\nfunc F() { x.G() }\n",
	})
	cache := t.TempDir()
	// Nothing listens on port 1: the connection is refused at once.
	env := []string{"JOBEFFECTS_CACHE_DIR=" + cache, "GOFLAGS=-mod=mod", "GOPROXY=http://127.0.0.1:1"}
	for i := 0; i < 2; i++ {
		o, hit := cachedRun(t, dir, env, "./...")
		if hit || o.code != exitError || !strings.Contains(o.stderr, "connection refused") || !strings.Contains(o.stderr, "jobeffects: run not cached: ") {
			t.Fatalf("run %d: hit %v, exit %d, want an uncached run with the connection error:\n%s", i, hit, o.code, o.stderr)
		}
	}
	if entries := cacheEntries(t, cache); len(entries) != 0 {
		t.Errorf("a run that failed for want of the network was kept: %v", entries)
	}
}

// The go.mod's go line is the language version the files are
// type-checked with: changing it is a miss.
func TestGoVersionInKey(t *testing.T) {
	t.Parallel()
	dir := tinyModule(t, map[string]string{
		".jobeffects.yaml": storeModel,
		"go.mod":           "module example.com/ledger\n\ngo 1.21\n",
		"loop/loop.go":     "package loop\n\nfunc N() (n int) {\n\tfor i := range 3 {\n\t\tn += i\n\t}\n\treturn n\n}\n",
	})
	env := []string{"JOBEFFECTS_CACHE_DIR=" + t.TempDir()}
	old, _ := cachedRun(t, dir, env, "./...")
	if old.code != exitError || !strings.Contains(old.stderr, "requires go1.22 or later") {
		t.Fatalf("go 1.21: exit %d, want the range-over-int error:\n%s", old.code, old.stderr)
	}
	writeTree(t, dir, map[string]string{"go.mod": "module example.com/ledger\n\ngo 1.22\n"})
	if o, hit := cachedRun(t, dir, env, "./..."); hit || o.code != exitFindings {
		t.Errorf("after go 1.21 → 1.22: hit %v, exit %d, want a new analysis exiting 1:\n%s", hit, o.code, o.stderr)
	}
}

func TestTransientMarks(t *testing.T) {
	for text, want := range map[string]bool{
		`example.com/gone@v1.0.0: Get "https://proxy.golang.org/example.com/gone/@v/v1.0.0.zip": dial tcp: lookup proxy.golang.org: no such host`: true,
		`reading https://proxy.golang.org/x/@v/list: 502 Bad Gateway`:                                                                             true,
		"a/a.go:3:8: open /x/y.go: too many open files":                                                                                           true,
		`example.com/gone@v1.2.3: reading https://proxy.golang.org/example.com/gone/@v/v1.2.3.info: 410 Gone` +
			"\n\tserver response: not found: example.com/gone@v1.2.3: invalid version: unknown revision v1.2.3": false,
		"module lookup disabled by GOPROXY=off":                                false,
		"broken/broken.go:3:25: undefined: undefinedThing":                     false,
		"example.com/gone@v1.0.0: replacement directory ./gone does not exist": false,
		"missing go.sum entry for module providing package example.com/gone/x": false,
		"a/a.go:3:12: expected '}', found 'EOF'":                               false,
	} {
		if got := transient(text) != ""; got != want {
			t.Errorf("transient(%q) = %v, want %v", text, got, want)
		}
	}
}
