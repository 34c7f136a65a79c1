package main

import (
	"strings"
	"testing"
)

// -debug=mem prints, after each phase, the live heap (its peak during the
// phase and what a collection leaves at its end) and the peak RSS, and the
// whole-program phase's steps; a run with it is never replayed, since the
// figures are the run's own.
func TestDebugMem(t *testing.T) {
	t.Parallel()
	dir := tinyModule(t, map[string]string{".jobeffects.yaml": storeModel})
	env := []string{"JOBEFFECTS_CACHE_DIR=" + t.TempDir()}
	for i := 0; i < 2; i++ {
		_, stderr, code := runCmdEnv(t, dir, env, binary, "inventory", "-debug=mem", "./...")
		if code != 0 {
			t.Fatalf("exit %d\n%s", code, stderr)
		}
		for _, want := range []string{"phase load", "phase per-package analysis", "phase whole: call graphs", "live heap peak", "peak RSS"} {
			if !strings.Contains(stderr, want) {
				t.Errorf("run %d: no %q in\n%s", i, want, stderr)
			}
		}
		if strings.Contains(stderr, "cache hit") {
			t.Errorf("run %d replayed from the run cache:\n%s", i, stderr)
		}
	}
}
