package ecosystem

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/jobeffects/jobeffects/internal/e2etest"
)

// TestChangedLeafRerun: after one file of a leaf package changes (one
// only the main package imports, or the main package itself), a run on
// the fact cache of the previous run answers exactly as a run without
// any cache, on a handler the whole-program phase decides: the example's
// NotifyShipped calls its Deps.Notifier interface, which only cmd/worker
// wires to internal/webhook's Poster; the per-package pass of jobs
// cannot see the POST, the whole-program phase resolves the call to it
// (wholeprogram/resolve.go). After a change to webhook, jobs' facts and
// results come from the cache and the phase must join them to webhook's
// new summary. cmd/jobeffects' TestRunAndFactCache checks the cache on a
// change to a handler's own package; this one is what an incremental
// whole-program phase (issue 31) must keep.
//
// It ran on the ecosystem module until stop 51, whose gate handlers the
// phase decides the same way (a compare-and-set behind an interface
// cmd/worker wires, wholeprogram/claims.go): four runs there were 120 of
// CI's CPU seconds, four on the example about 40; three since stop 53
// (the example's golden inventory stands for the uncached run of the
// module as committed, the cold run is the changed module's). It stays in this
// package: cmd/jobeffects, which holds the example's other tests, is the
// longest package of CI's go test.
func TestChangedLeafRerun(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	e2etest.CopyModule(t, e2etest.TestdataDir(t, "example"), dir)
	cache := t.TempDir()
	inv := func() (string, string) {
		t.Helper()
		stdout, stderr, code := e2etest.Run(t, dir, []string{"JOBEFFECTS_CACHE_DIR=" + cache}, binary, "inventory", "-debug=phases", "./...")
		if code != 0 {
			t.Fatalf("inventory: exit %d\n%s", code, stderr)
		}
		return stdout, stderr
	}
	cachedFacts := func(stderr string) int {
		m := regexp.MustCompile(`\(([0-9]+) packages' facts from the cache`).FindStringSubmatch(stderr)
		if m == nil {
			return 0
		}
		n, _ := strconv.Atoi(m[1])
		return n
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

	// The uncached answer on the example as committed is its golden
	// inventory (cmd/jobeffects' TestInventoryGolden checks that a run
	// without a cache prints exactly it, paths module-relative): three
	// runs, not four. The first run is the cold one, on the changed
	// module; the rerun after undoing the change and the one after a
	// comment must each print the golden.
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
	changed, _ := inv()
	if changed == committed {
		t.Errorf("the change to webhook.Poster.Notify did not change the inventory")
	}

	// The change undone: webhook is a changed leaf again, its new
	// summary POSTs. The rerun takes the other packages' facts from the
	// cache and must join them to webhook's summary as a run without a
	// cache does (the golden), the POST resolved again.
	edit("internal/webhook/webhook.go", "http.MethodGet", "http.MethodPost")
	undone, stderr := inv()
	if cachedFacts(stderr) == 0 {
		t.Errorf("the rerun after the change took no package's facts from the cache:\n%s", stderr)
	}
	if undone != committed {
		t.Errorf("after a change to webhook.Poster.Notify the rerun on the cache differs from a run without the cache (the golden inventory)")
	}

	// A comment appended to the main package (the leaf the benchmark
	// changes): only it is analysed again, and the answer is the
	// uncached one.
	edit("cmd/worker/main.go", "", "\n// changed by TestChangedLeafRerun\n")
	again, stderr := inv()
	if cachedFacts(stderr) == 0 {
		t.Errorf("the rerun after a comment took no package's facts from the cache:\n%s", stderr)
	}
	if again != committed {
		t.Errorf("after a comment in cmd/worker/main.go the rerun on the cache differs from a run without the cache (the golden inventory)")
	}
}
