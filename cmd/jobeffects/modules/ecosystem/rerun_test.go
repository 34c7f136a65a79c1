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
// nothing but the main package imports, or the main package itself), a
// run on the fact cache of the previous run answers exactly as a run
// without any cache, on a module whose whole-program phase decides
// handlers (the gate handlers' compare-and-set behind an interface
// cmd/worker wires, wholeprogram/claims.go). The example's
// TestRunAndFactCache checks the same on a module the per-package pass
// mostly decides alone; this one is what an incremental whole-program
// phase (issue 31) must keep.
func TestChangedLeafRerun(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	e2etest.CopyModule(t, e2etest.TestdataDir(t, "ecosystem"), dir)
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

	cold, _ := inv()
	if !strings.Contains(cold, "gate") {
		t.Fatalf("the cold run has no gate handlers:\n%.300s", cold)
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
	// imports: OpenGate no longer says whether this call moved the row,
	// so the gates it guarded are no longer guarded by it. The rerun on
	// the cache answers as a run without one.
	edit("internal/gatestore/gatestore.go", "return tag.RowsAffected() > 0, nil\n}\n\n// OpenGateTx", "_ = tag\n\treturn true, nil\n}\n\n// OpenGateTx")
	changed, stderr := inv()
	if cachedFacts(stderr) == 0 {
		t.Errorf("the rerun after the change took no package's facts from the cache:\n%s", stderr)
	}
	if changed == cold {
		t.Errorf("the change to gatestore.OpenGate did not change the inventory")
	}
	if uncached, _ := inv("JOBEFFECTS_CACHE=off"); changed != uncached {
		t.Errorf("after the change to gatestore.OpenGate the rerun on the cache differs from a run without the cache")
	}
}
