package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The options that only render or filter an analysis (-format, -baseline
// and its content, -rules, -min-confidence, -fail-on, -exit-zero, the
// inventory) replay one run cache entry, and every replay prints what a
// run without the cache prints, byte for byte; the options that change
// the analysis (-strict, -whole, the patterns) are analyses of their own.
// A cache that keyed on nothing would replay the first analysis for
// -strict or -whole=false and differ from the uncached run; one that
// keyed on every option would leave more entries than analyses.
func TestReportOptionsReplay(t *testing.T) {
	t.Parallel()
	dir := tinyModule(t, map[string]string{".jobeffects.yaml": storeModel, "jobs/sub.go": subHandler})
	cache := t.TempDir()
	env := []string{"JOBEFFECTS_CACHE_DIR=" + cache}
	off := []string{"JOBEFFECTS_CACHE=off"}
	base := filepath.Join(t.TempDir(), "baseline.yaml")
	if _, stderr, code := runCmdEnv(t, dir, env, binary, "inventory", "./...", "-o", base); code != 0 {
		t.Fatalf("inventory: exit %d\n%s", code, stderr)
	}
	full, err := os.ReadFile(base)
	if err != nil {
		t.Fatal(err)
	}
	// The same baseline without Add's finding: a new finding again.
	forgot := regexp.MustCompile(`(?s)(task: ledger:add\n.*?)\n    findings:\n(      .*?\n)+`).ReplaceAll(full, []byte("$1\n"))
	if string(forgot) == string(full) {
		t.Fatalf("no ledger:add finding to drop from the baseline:\n%s", full)
	}
	check := func(name string, args ...string) outcome {
		t.Helper()
		want := runOutcome(t, dir, off, args...)
		if got := runOutcome(t, dir, env, args...); got != want {
			t.Errorf("%s: %v replayed differs from the uncached run:\nreplayed: %+v\nuncached: %+v", name, args, got, want)
		}
		return want
	}
	plain := check("text", "./...")
	if plain.code != 1 || len(diagnostics(plain.stderr)) != 2 {
		t.Fatalf("the tiny module's findings: exit %d, want 1 and two diagnostics\n%s", plain.code, plain.stderr)
	}
	for _, args := range [][]string{
		{"-format=json", "./..."},
		{"-format=sarif", "./..."},
		{"-rules=-unguarded", "./..."},
		{"-min-confidence=high", "./..."},
		{"-fail-on=critical", "./..."},
		{"-exit-zero", "./..."},
		{"inventory", "-rules=-unguarded", "./..."},
	} {
		check("output option", args...)
	}
	// The baseline's content, under one path: all known, then Add's new.
	if o := check("baseline", "-baseline", base, "./..."); o.code != 0 || o.stderr != "" {
		t.Errorf("-baseline knowing every finding: %+v, want exit 0 and nothing printed", o)
	}
	if err := os.WriteFile(base, forgot, 0o644); err != nil {
		t.Fatal(err)
	}
	if o := check("baseline edited", "-baseline", base, "./..."); o.code != 1 || len(diagnostics(o.stderr)) != 1 || !strings.Contains(o.stderr, "handler jobs.Add") {
		t.Errorf("-baseline without Add's finding: %+v, want exit 1 and Add's finding alone", o)
	}
	check("baseline and rules", "-baseline", base, "-rules=-unguarded", "-format=json", "./...")
	// Analyses of their own.
	check("strict", "-strict", "./...")
	check("per package", "-whole=false", "-baseline", base, "./...")
	// One entry per analysis: the plain one (text, the formats, -rules,
	// -baseline whatever its content, the thresholds, the inventory),
	// -strict's and -whole=false's.
	if n := runEntries(t, cache); n != 3 {
		t.Errorf("%d run cache entries, want 3 (one per analysis)", n)
	}

	// A rule list that turns on a rule the config turns off has nothing
	// decided to replay: that run is analysed with it.
	off2 := tinyModule(t, map[string]string{".jobeffects.yaml": storeModel + "rules: [\"-unguarded\"]\n"})
	want := runOutcome(t, off2, off, "-rules=unguarded", "./...")
	runOutcome(t, off2, env, "./...")
	if got := runOutcome(t, off2, env, "-rules=unguarded", "./..."); got != want || want.code != 1 {
		t.Errorf("-rules turning on a rule the config turns off: %+v, want the uncached run %+v (exit 1)", got, want)
	}
}

// runEntries counts the run cache's entries (not the fact cache's).
func runEntries(t *testing.T, dir string) int {
	t.Helper()
	entry := regexp.MustCompile(`^[0-9a-f]{2}/[0-9a-f]{64}\.json$`)
	n := 0
	filepath.WalkDir(dir, func(path string, de fs.DirEntry, err error) error {
		if rel, rerr := filepath.Rel(dir, path); err == nil && rerr == nil && entry.MatchString(filepath.ToSlash(rel)) {
			n++
		}
		return nil
	})
	return n
}
