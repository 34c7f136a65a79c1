package main

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/jobeffects/jobeffects/internal/e2etest"
)

// TestRunAndFactCache: the run cache and the fact cache on one copy of
// the example with one cache, in sequence, each run the next one's
// starting point (as two tests they did the same first run and the same
// "after a comment" run twice each; the example takes seconds of CPU
// to analyse).
//
// Run cache: a rerun with the same inputs replays the first run's
// analysis, whatever it prints (another format, an inventory after a lint
// run); a change to a Go file or a migration runs the analysis again.
//
// Fact cache: dependency modules' facts, and the main module's unchanged
// packages' facts and results, are kept across runs: a run after a change
// in the main module loads them and answers exactly as a run without any
// cache (the first run, on an empty cache, over the same code: the change
// that alters the answer is undone before the comment is added).
func TestRunAndFactCache(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	copyTree(t, testdataDir(t, "example"), dir)
	cache := t.TempDir()
	env := []string{"JOBEFFECTS_CACHE_DIR=" + cache}
	// run returns stdout, stderr and whether the analysis was a replay
	// (-debug=phases says "cache hit").
	run := func(env []string, args ...string) (string, string, bool) {
		t.Helper()
		if args[0] == "inventory" {
			args = append([]string{"inventory", "-debug=phases"}, args[1:]...)
		} else {
			args = append([]string{"-debug=phases"}, args...)
		}
		stdout, stderr, code := runCmdEnv(t, dir, env, binary, args...)
		if code == exitError || (args[0] == "inventory" && code != 0) {
			t.Fatalf("%v: exit %d\n%s", args, code, stderr)
		}
		return stdout, stderr, strings.Contains(stderr, "jobeffects: cache hit")
	}
	inv := func() (string, string, bool) { return run(env, "inventory", "./...") }
	// fromCache checks that a run after a change in credit.go took the
	// main module's other packages from the fact cache with their
	// results, not only the dependencies: only the changed package and
	// what imports it (a handful, with test variants, the example's twice
	// test among them) are analysed again.
	fromCache := func(stderr string) {
		t.Helper()
		var loaded, hits int
		if m := regexp.MustCompile(`phase load +[0-9.]+s \(([0-9]+) packages`).FindStringSubmatch(stderr); m != nil {
			loaded, _ = strconv.Atoi(m[1])
		}
		if m := regexp.MustCompile(`\(([0-9]+) packages' facts from the cache`).FindStringSubmatch(stderr); m != nil {
			hits, _ = strconv.Atoi(m[1])
		}
		if hits == 0 || loaded-hits > 10 {
			t.Errorf("the run after a change took %d of %d packages from the cache, want all but the changed one and its importers:\n%s", hits, loaded, stderr)
		}
	}

	first, _, hit := inv()
	if hit {
		t.Fatal("the first run was a replay")
	}
	if entries := cacheEntries(t, cache); len(entries) != 1 {
		t.Fatalf("%d cache entries after one run, want 1", len(entries))
	}
	var facts []string
	filepath.WalkDir(filepath.Join(cache, "facts"), func(path string, de fs.DirEntry, err error) error {
		if err == nil && !de.IsDir() {
			facts = append(facts, path)
		}
		return nil
	})
	if len(facts) == 0 {
		t.Fatal("no dependency facts cached after a run")
	}
	if again, _, hit := inv(); !hit || again != first {
		t.Fatalf("a rerun with the same inputs did not replay the analysis (hit %v), or printed something else", hit)
	}
	// One analysis, many outputs: a lint run in SARIF and JSON at once,
	// then text, replay the inventory's analysis.
	sarifFile := filepath.Join(t.TempDir(), "out.sarif")
	if out, _, hit := run(env, "-format=json", "-format=sarif="+sarifFile, "./..."); !hit || !strings.Contains(out, `"posn": "jobs/`) {
		t.Errorf("-format=json -format=sarif=FILE after an inventory: hit %v, want a replay with module-relative JSON positions:\n%.300s", hit, out)
	}
	if data, err := os.ReadFile(sarifFile); err != nil || !strings.Contains(string(data), `"version": "2.1.0"`) {
		t.Errorf("-format=sarif=FILE wrote no SARIF: %v", err)
	}

	// A change that alters the answer: the changed package is analysed
	// again, the others' facts and results come from the cache.
	f := filepath.Join(dir, "jobs", "credit.go")
	orig, _ := os.ReadFile(f)
	changed := strings.Replace(string(orig), "return store.AddEntry(ctx, d.Pool, p.Account, p.Amount, p.OrderID)", "return nil", 1)
	if changed == string(orig) {
		t.Fatal("the handler to change is not in credit.go")
	}
	os.WriteFile(f, []byte(changed), 0o644)
	third, stderr, hit := inv()
	if hit || third == first {
		t.Errorf("the change to CreditNaive did not change the inventory (hit %v)", hit)
	}
	fromCache(stderr)

	// Back to the original code with a comment at the end of the file: a
	// Go file's content is an input (a comment changes the run's key, not
	// its answer), and the run, with the cache holding the facts of the
	// changed code above, answers exactly as first, which ran on an empty
	// cache, loading no fact and replaying nothing, over the same code but
	// the comment. (Stop 52 compared the changed code's run with a
	// JOBEFFECTS_CACHE=off run of it instead: 10 CPU seconds more for the
	// same check; TestCacheOffReadsNothing checks the variable itself.)
	os.WriteFile(f, append(orig, []byte("\n// a comment changes the key\n")...), 0o644)
	second, stderr, hit := inv()
	if hit || second != first {
		t.Fatalf("after a change to %s the analysis was not done again (hit %v), or answered otherwise than a run without a cache:\n%.200s", f, hit, second)
	}
	fromCache(stderr)

	// So is a migration's content: the entry's settings no longer verify.
	mig, _ := filepath.Glob(filepath.Join(dir, "migrations", "*.sql"))
	if len(mig) == 0 {
		t.Fatal("the example has no migrations")
	}
	sql, _ := os.ReadFile(mig[0])
	os.WriteFile(mig[0], append(sql, []byte("\n-- changed\n")...), 0o644)
	if got, _, hit := inv(); hit || got != first {
		t.Errorf("after a change to %s the analysis was not done again (hit %v):\n%.200s", mig[0], hit, got)
	}
}

// readSealed reads a run-cache entry without checking it.
func readSealed(t *testing.T, path string) cacheEntry {
	t.Helper()
	var s sealedEntry
	var e cacheEntry
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(s.Entry, &e); err != nil {
		t.Fatal(err)
	}
	return e
}

// entryKey is the key an entry is stored under (its file name).
func entryKey(path string) string { return strings.TrimSuffix(filepath.Base(path), ".json") }

func cacheEntries(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	filepath.WalkDir(dir, func(path string, de fs.DirEntry, err error) error {
		if err == nil && !de.IsDir() && strings.HasSuffix(path, ".json") {
			out = append(out, path)
		}
		return nil
	})
	return out
}

func copyTree(t *testing.T, from, to string) {
	t.Helper()
	e2etest.CopyModule(t, from, to)
}
