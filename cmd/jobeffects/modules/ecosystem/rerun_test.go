package ecosystem

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/jobeffects/jobeffects/internal/e2etest"
)

// TestChangedLeafRerun: the run cache and the fact cache on one copy of
// the example with one cache, in sequence, each run the next one's
// starting point. It is also what cmd/jobeffects' TestRunAndFactCache was
// (stop 59: merged here, where both began with a cold analysis of their
// copy of the example, about 10 CPU seconds each; cmd/jobeffects, which
// holds the example's other tests, is the longest package of CI's go test).
//
// Changed leaf: after one file of a leaf package changes (one only the
// main package imports, or the main package itself), a run on the fact
// cache of the previous run answers exactly as a run without any cache,
// on a handler the whole-program phase decides: the example's
// NotifyShipped calls its Deps.Notifier interface, which only cmd/worker
// wires to internal/webhook's Poster; the per-package pass of jobs cannot
// see the POST, the whole-program phase resolves the call to it
// (wholeprogram/resolve.go). After a change to webhook, jobs' facts and
// results come from the cache and the phase must join them to webhook's
// new summary: what an incremental whole-program phase (issue 31) must
// keep. It ran on the ecosystem module until stop 51, whose gate handlers
// the phase decides the same way (wholeprogram/claims.go).
//
// Run cache: a rerun with the same inputs replays the first run's
// analysis, whatever it prints (another format, an inventory after a lint
// run); a change to a Go file or a migration runs the analysis again.
//
// Fact cache: dependency modules' facts, and the main module's unchanged
// packages' facts and results, are kept across runs: a run after a change
// in the main module (a handler's own package, a leaf) loads them and
// answers exactly as a run without any cache. The uncached answer on the
// example as committed is its golden inventory (cmd/jobeffects'
// TestInventoryGolden checks that a run reading no cache prints exactly
// it, paths module-relative); the cold run is the changed module's.
func TestChangedLeafRerun(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	e2etest.CopyModule(t, e2etest.TestdataDir(t, "example"), dir)
	cache := t.TempDir()
	env := []string{"JOBEFFECTS_CACHE_DIR=" + cache}
	// run returns stdout, stderr and whether the analysis was a replay
	// (-debug=phases says "cache hit").
	run := func(args ...string) (string, string, bool) {
		t.Helper()
		if args[0] == "inventory" {
			args = append([]string{"inventory", "-debug=phases"}, args[1:]...)
		} else {
			args = append([]string{"-debug=phases"}, args...)
		}
		stdout, stderr, code := e2etest.Run(t, dir, env, binary, args...)
		if code == 2 || (args[0] == "inventory" && code != 0) {
			t.Fatalf("%v: exit %d\n%s", args, code, stderr)
		}
		return stdout, stderr, strings.Contains(stderr, "jobeffects: cache hit")
	}
	inv := func() (string, string, bool) { return run("inventory", "./...") }
	cachedFacts := func(stderr string) int {
		m := regexp.MustCompile(`\(([0-9]+) packages' facts from the cache`).FindStringSubmatch(stderr)
		if m == nil {
			return 0
		}
		n, _ := strconv.Atoi(m[1])
		return n
	}
	// fromCache checks that a run after a change in credit.go took the
	// main module's other packages from the fact cache with their
	// results, not only the dependencies: only the changed package and
	// what imports it (a handful, with test variants, the example's twice
	// test among them) are analysed again.
	fromCache := func(stderr string) {
		t.Helper()
		var loaded int
		// The load line's figures (time, CPU, heap, peak RSS) come before
		// what it loaded: "(N packages (metadata), …".
		if m := regexp.MustCompile(`phase load [^\n]*?\(([0-9]+) packages`).FindStringSubmatch(stderr); m != nil {
			loaded, _ = strconv.Atoi(m[1])
		}
		if loaded == 0 {
			t.Errorf("no package count on the load line:\n%s", stderr)
		}
		if hits := cachedFacts(stderr); hits == 0 || loaded-hits > 10 {
			t.Errorf("the run after a change took %d of %d packages from the cache, want all but the changed one and its importers:\n%s", hits, loaded, stderr)
		}
	}
	edit := func(rel, old, new string) {
		t.Helper()
		path := filepath.Join(dir, rel)
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		changed := strings.Replace(string(src), old, new, 1)
		if old == "" {
			changed = string(src) + new
		} else if changed == string(src) {
			t.Fatalf("%q is not in %s", old, rel)
		}
		if err := os.WriteFile(path, []byte(changed), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	files := func(sub, suffix string) []string {
		var out []string
		filepath.WalkDir(filepath.Join(cache, sub), func(path string, de fs.DirEntry, err error) error {
			if err == nil && !de.IsDir() && strings.HasSuffix(path, suffix) {
				out = append(out, path)
			}
			return nil
		})
		return out
	}

	golden, err := os.ReadFile(filepath.Join(e2etest.TestdataDir(t, "golden"), "example.inventory.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	committed := string(golden)

	// The POST the whole-program phase found behind Deps.Notifier.
	const resolved = "(dynamic call → (*webhook.Poster).Notify)"
	if !strings.Contains(committed, resolved) || !strings.Contains(committed, "partner.example.com/hooks/shop") {
		t.Fatalf("the golden inventory does not resolve NotifyShipped's notifier to the webhook's POST:\n%.300s", committed)
	}

	// A change that alters the answer, in a package only the main package
	// imports (and the example's twice test, a test variant): the
	// webhook no longer POSTs, so NotifyShipped's resolved call no
	// longer posts either. This cold run (empty cache) is the uncached
	// answer on the changed module.
	edit("internal/webhook/webhook.go", "http.MethodPost", "http.MethodGet")
	changed, _, hit := inv()
	if hit {
		t.Fatal("the first run was a replay")
	}
	if changed == committed {
		t.Errorf("the change to webhook.Poster.Notify did not change the inventory")
	}
	if entries := files(".", ".json"); len(entries) != 1 {
		t.Fatalf("%d cache entries after one run, want 1", len(entries))
	}
	if len(files("facts", "")) == 0 {
		t.Fatal("no dependency facts cached after a run")
	}
	if again, _, hit := inv(); !hit || again != changed {
		t.Fatalf("a rerun with the same inputs did not replay the analysis (hit %v), or printed something else", hit)
	}
	// One analysis, many outputs: a lint run in SARIF and JSON at once
	// replays the inventory's analysis.
	sarifFile := filepath.Join(t.TempDir(), "out.sarif")
	if out, _, hit := run("-format=json", "-format=sarif="+sarifFile, "./..."); !hit || !strings.Contains(out, `"posn": "jobs/`) {
		t.Errorf("-format=json -format=sarif=FILE after an inventory: hit %v, want a replay with module-relative JSON positions:\n%.300s", hit, out)
	}
	if data, err := os.ReadFile(sarifFile); err != nil || !strings.Contains(string(data), `"version": "2.1.0"`) {
		t.Errorf("-format=sarif=FILE wrote no SARIF: %v", err)
	}

	// The change undone: webhook is a changed leaf again, its new
	// summary POSTs. The rerun takes the other packages' facts from the
	// cache and must join them to webhook's summary as a run without a
	// cache does (the golden), the POST resolved again.
	edit("internal/webhook/webhook.go", "http.MethodGet", "http.MethodPost")
	undone, stderr, _ := inv()
	if cachedFacts(stderr) == 0 {
		t.Errorf("the rerun after the change took no package's facts from the cache:\n%s", stderr)
	}
	// The standard library and the modelled dependencies (no SSA bodies
	// in any run, no facts) come from the export data the first run
	// wrote into their entries (runner/exportdata.go): the answer below
	// is the golden one all the same.
	if !regexp.MustCompile(`[0-9]+ packages' types from export data`).MatchString(stderr) {
		t.Errorf("the rerun read no body-less dependency from export data:\n%s", stderr)
	}
	if undone != committed {
		t.Errorf("after a change to webhook.Poster.Notify the rerun on the cache differs from a run without the cache (the golden inventory)")
	}

	// A comment appended to the main package (the leaf the benchmark
	// changes; its edit was a comment until stop 54): only it is
	// analysed again, and the answer is the uncached one.
	edit("cmd/worker/main.go", "", "\n// changed by TestChangedLeafRerun\n")
	again, stderr, _ := inv()
	if cachedFacts(stderr) == 0 {
		t.Errorf("the rerun after a comment took no package's facts from the cache:\n%s", stderr)
	}
	if again != committed {
		t.Errorf("after a comment in cmd/worker/main.go the rerun on the cache differs from a run without the cache (the golden inventory)")
	}
	// scripts/bench.sh's own one-leaf edit (since stop 60): a variable and
	// an init function that go/ssa builds, so the package's SSA changes
	// (its init gains a call) while no handler's answer does. This is the
	// edit an incremental whole-program phase must not get wrong either
	// way: it recomputes or replays, and the answer stays the uncached one
	// byte for byte (stop 63 profiled this rerun: docs/performance.md).
	edit("cmd/worker/main.go", "", "\n// Changed by scripts/bench.sh (its one-leaf edit).\nvar jobeffectsBenchLeaf int\n\nfunc init() { jobeffectsBenchLeaf++ }\n")
	benched, stderr, hit := inv()
	if hit {
		t.Errorf("the rerun after the benchmark's edit was a replay of the run before it")
	}
	fromCache(stderr)
	if benched != committed {
		t.Errorf("after the benchmark's one-leaf edit of cmd/worker/main.go the rerun on the cache differs from a run without the cache (the golden inventory)")
	}

	// A change to a handler's own package that alters the answer: the
	// changed package is analysed again, the others' facts and results
	// come from the cache.
	credit := filepath.Join(dir, "jobs", "credit.go")
	orig, _ := os.ReadFile(credit)
	edit("jobs/credit.go", "return store.AddEntry(ctx, d.Pool, p.Account, p.Amount, p.OrderID)", "return nil")
	third, stderr, hit := inv()
	if hit || third == committed {
		t.Errorf("the change to CreditNaive did not change the inventory (hit %v)", hit)
	}
	fromCache(stderr)

	// Back to the original code with a comment at the end of the file: a
	// Go file's content is an input (a comment changes the run's key, not
	// its answer), and the run, with the cache holding the facts of the
	// changed code above, answers exactly as a run without a cache (the
	// golden) over the same code but the comments.
	os.WriteFile(credit, append(orig, []byte("\n// a comment changes the key\n")...), 0o644)
	second, stderr, hit := inv()
	if hit || second != committed {
		t.Fatalf("after a change to %s the analysis was not done again (hit %v), or answered otherwise than a run without a cache:\n%.200s", credit, hit, second)
	}
	fromCache(stderr)

	// So is a migration's content: the entry's settings no longer verify.
	mig, _ := filepath.Glob(filepath.Join(dir, "migrations", "*.sql"))
	if len(mig) == 0 {
		t.Fatal("the example has no migrations")
	}
	sql, _ := os.ReadFile(mig[0])
	os.WriteFile(mig[0], append(sql, []byte("\n-- changed\n")...), 0o644)
	if got, _, hit := inv(); hit || got != committed {
		t.Errorf("after a change to %s the analysis was not done again (hit %v):\n%.200s", mig[0], hit, got)
	}
}
