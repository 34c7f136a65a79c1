package main

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/jobeffects/jobeffects/analyzer/result"
	"github.com/jobeffects/jobeffects/analyzer/settings"
	"github.com/jobeffects/jobeffects/inventory/schema"
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
	replayed := func(name string, want outcome, args ...string) {
		t.Helper()
		if got := runOutcome(t, dir, env, args...); got != want {
			t.Errorf("%s: %v replayed differs from the uncached run:\nreplayed: %+v\nuncached: %+v", name, args, got, want)
		}
	}
	check := func(name string, args ...string) outcome {
		t.Helper()
		want := runOutcome(t, dir, off, args...)
		replayed(name, want, args...)
		return want
	}
	// Text, JSON and SARIF from one run from nothing (a FORMAT=FILE
	// output gets the bytes the stream would: formats.render), each
	// replayed on its own.
	sarif := filepath.Join(t.TempDir(), "out.sarif")
	all := runOutcome(t, dir, off, "-format=text", "-format=json", "-format=sarif="+sarif, "./...")
	sarifOut, err := os.ReadFile(sarif)
	if err != nil {
		t.Fatal(err)
	}
	if all.code != 1 || len(diagnostics(all.stderr)) != 2 || !strings.HasPrefix(all.stdout, "{") || !strings.Contains(string(sarifOut), `"version": "2.1.0"`) {
		t.Fatalf("the tiny module's findings: exit %d, want 1, two diagnostics, JSON and SARIF\n%+v\n%s", all.code, all, sarifOut)
	}
	replayed("text", outcome{"", all.stderr, all.code}, "./...")
	replayed("json", outcome{all.stdout, "", all.code}, "-format=json", "./...")
	replayed("sarif", outcome{string(sarifOut), "", all.code}, "-format=sarif", "./...")
	for _, args := range [][]string{
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
	// Analyses of their own: a run with the cache that makes a new entry
	// analysed from nothing (as an uncached run does), and its replay
	// prints the same.
	if n := runEntries(t, cache); n != 1 {
		t.Errorf("%d run cache entries after the report options, want 1 (one analysis)", n)
	}
	for i, args := range [][]string{{"-strict", "./..."}, {"-whole=false", "-baseline", base, "./..."}} {
		first := runOutcome(t, dir, env, args...)
		if n := runEntries(t, cache); n != 2+i {
			t.Fatalf("%v: %d run cache entries, want %d: a replay of another analysis", args, n, 2+i)
		}
		replayed("analysis of its own", first, args...)
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

// A replay applies a baseline without building the config its analysis
// built (the merge of the catalog's models, most of a replay's CPU): the
// entry lists the configs the analysis built (cachedAnalysis.Configs) and
// the replay's session takes them as built (settings.Session.Vouch). Its
// answer is the one a build gives: the config's baseline read, its errors
// reported.
// Not parallel: AllocsPerRun counts the process's allocations.
func TestReplayBaselineBuildsNoConfig(t *testing.T) {
	inv := "schema: " + schema.ID + "\nhandlers:\n  - handler: h\n    findings:\n      - {rule: unguarded, position: a.go:3:1, message: m}\n"
	dir := tinyModule(t, map[string]string{".jobeffects.yaml": storeModel + "baseline: base.yaml\n", "base.yaml": inv})
	entry := func(analysed bool) []byte {
		sess := settings.NewSession()
		if analysed {
			if _, err := sess.Load(settings.ForModule(dir, settings.Flags{NoBaseline: true})); err != nil {
				t.Fatal(err)
			}
		}
		var buf bytes.Buffer
		if err := encodeAnalysis(&buf, &session{results: []*result.Result{{Package: "example.com/ledger/jobs", ModuleRoot: dir}}, root: dir, settings: sess}); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	replay := func(data []byte) (float64, error) {
		var err error
		allocs := testing.AllocsPerRun(1, func() {
			r, derr := decodeAnalysis(bytes.NewReader(data))
			if derr != nil {
				t.Fatal(derr)
			}
			_, err = reportOpts{}.applyTo(r)
		})
		return allocs, err
	}
	if allocs, err := replay(entry(true)); err != nil || allocs > 6000 {
		t.Errorf("replaying an analysis that built the config: %.0f allocations, %v; want its baseline read without a build", allocs, err)
	}
	if allocs, err := replay(entry(false)); err != nil || allocs <= 6000 {
		t.Errorf("replaying an entry that lists no config: %.0f allocations, %v; want the config built (the test proves nothing)", allocs, err)
	}
	// The baseline's own errors, as a build's resolution gives them.
	writeTree(t, dir, map[string]string{"base.yaml": "schema: nope\n"})
	if _, err := replay(entry(true)); err == nil || !strings.Contains(err.Error(), `base.yaml:1: schema "nope"`) {
		t.Errorf("a replay with a baseline that does not parse: %v, want its error", err)
	}
}
