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
// CI's CPU seconds, four on the example about 40. It stays in this
// package: cmd/jobeffects, which holds the example's other tests, is the
// longest package of CI's go test.
func TestChangedLeafRerun(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	e2etest.CopyModule(t, e2etest.TestdataDir(t, "example"), dir)
	cache := t.TempDir()
	inv := func(env ...string) (string, string) {
		t.Helper()
		stdout, stderr, code := e2etest.Run(t, dir, append([]string{"JOBEFFECTS_CACHE_DIR=" + cache}, env...), binary, "inventory", "-debug=phases", "./...")
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

	// The POST the whole-program phase found behind Deps.Notifier.
	const resolved = "(dynamic call → (*webhook.Poster).Notify)"
	cold, _ := inv()
	if !strings.Contains(cold, resolved) || !strings.Contains(cold, "partner.example.com/hooks/shop") {
		t.Fatalf("the cold run does not resolve NotifyShipped's notifier to the webhook's POST:\n%.300s", cold)
	}

	// A comment appended to the main package (the leaf the benchmark
	// changes): only it is analysed again, and the answer is the cold
	// run's.
	edit("cmd/worker/main.go", "", "\n// changed by TestChangedLeafRerun\n")
	again, stderr := inv()
	if cachedFacts(stderr) == 0 {
		t.Errorf("the rerun after a comment took no package's facts from the cache:\n%s", stderr)
	}
	if again != cold {
		t.Errorf("after a comment in cmd/worker/main.go the rerun on the cache differs from the cold run")
	}

	// A change that alters the answer, in a package only the main package
	// imports (and the example's twice test, a test variant): the
	// webhook no longer POSTs, so NotifyShipped's resolved call no
	// longer posts either. The rerun on the cache answers as a run
	// without one.
	edit("internal/webhook/webhook.go", "http.MethodPost", "http.MethodGet")
	changed, stderr := inv()
	if cachedFacts(stderr) == 0 {
		t.Errorf("the rerun after the change took no package's facts from the cache:\n%s", stderr)
	}
	if changed == cold {
		t.Errorf("the change to webhook.Poster.Notify did not change the inventory")
	}
	if uncached, _ := inv("JOBEFFECTS_CACHE=off"); changed != uncached {
		t.Errorf("after the change to webhook.Poster.Notify the rerun on the cache differs from a run without the cache")
	}
}
