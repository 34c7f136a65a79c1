package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/jobeffects/jobeffects/inventory/schema"
)

// TestTwiceAgreesWithInventory checks the static half against the dynamic
// half on the example module: it runs testdata/example's TestTwice (every
// handler delivered again with package twice: sequentially, concurrently,
// and crashed after each effect point, on a real PostgreSQL) and compares
// each handler's outcome with what its entry in the golden inventory
// (which TestInventoryGolden holds equal to the binary's output) says a
// redelivery does. It fails if either side changes; where they differ on
// purpose, the difference is listed below with its reason.
//
// It needs JOBEFFECTS_PG_DSN (.ci/postgres prints one); without it the test
// is skipped, unless JOBEFFECTS_REQUIRE_PG is set (CI), then it fails.
func TestTwiceAgreesWithInventory(t *testing.T) {
	// Not parallel: it runs before the parallel tests, alone, as its
	// concurrent deliveries on PostgreSQL and River's test worker (which
	// waits for completions with a deadline) need the machine's time.
	if os.Getenv("JOBEFFECTS_PG_DSN") == "" {
		if os.Getenv("JOBEFFECTS_REQUIRE_PG") != "" {
			t.Fatal("JOBEFFECTS_PG_DSN is not set but JOBEFFECTS_REQUIRE_PG is: start PostgreSQL with .ci/postgres")
		}
		t.Skip("JOBEFFECTS_PG_DSN is not set (export JOBEFFECTS_PG_DSN=$(.ci/postgres) to run it)")
	}
	data, err := os.ReadFile(filepath.Join(testdataDir(t, "golden"), "example.inventory.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var inv schema.Inventory
	if err := yaml.Unmarshal(data, &inv); err != nil {
		t.Fatal(err)
	}

	stdout, stderr, code := runCmd(t, testdataDir(t, "example"), "go", "test", "-count=1", "-v", "-run", "^TestTwice$", "./jobs")
	out := stdout + stderr
	if code != 0 || strings.Contains(out, "--- SKIP") {
		t.Fatalf("TestTwice in the example module failed (exit %d):\n%s", code, out)
	}
	dynamic := map[string][3]string{} // task → sequential, concurrent, crash
	line := regexp.MustCompile(`twice-result: (\S+) sequential=(\S+) concurrent=(\S+) crash=(\S+)`)
	for _, m := range line.FindAllStringSubmatch(out, -1) {
		dynamic[m[1]] = [3]string{m[2], m[3], m[4]}
	}

	var table []string
	for _, h := range inv.Handlers {
		if h.Test {
			continue // a test's own handler (jobs/mux_test.go)
		}
		got, ok := dynamic[h.Task]
		if !ok {
			t.Errorf("%s (%s): the example's TestTwice does not deliver it", h.Task, h.Position)
			continue
		}
		delete(dynamic, h.Task)
		verdict, want := staticExpectation(h)
		agrees := "yes"
		for i, mode := range modeNames {
			if slices.Contains(want[i], got[i]) {
				continue
			}
			if d, ok := onPurpose[h.Task+" "+mode]; ok && d.got == got[i] {
				agrees = "on purpose: " + d.why
				continue
			}
			agrees = "NO"
			t.Errorf("%s (%s): the inventory says %s, so %s delivery should be %s; measured %s",
				h.Task, h.Position, verdict, mode, strings.Join(want[i], " or "), got[i])
		}
		table = append(table, fmt.Sprintf("| %s | %s | %s | %s | %s | %s |", h.Task, verdict, got[0], got[1], got[2], agrees))
	}
	for task := range dynamic {
		t.Errorf("%s: delivered by the example's TestTwice, not in the inventory", task)
	}
	for k, d := range onPurpose {
		if !strings.Contains(strings.Join(table, "\n"), "on purpose: "+d.why) {
			t.Errorf("%s: listed as a difference on purpose (%s), but the two halves agree now: remove it", k, d.got)
		}
	}
	t.Logf("static verdict vs dynamic result on testdata/example:\n| task | static verdict | sequential | concurrent | crash | agree |\n|---|---|---|---|---|---|\n%s", strings.Join(table, "\n"))
}

var modeNames = [3]string{"sequential", "concurrent", "crash"}

// staticExpectation is what a handler's inventory entry says its
// redelivery does, per mode: the outcomes (twice.Report.Outcome) that
// agree with it.
func staticExpectation(h schema.Handler) (string, [3][]string) {
	var rules []string
	for _, f := range h.Findings {
		if f.Suppressed == "" {
			rules = append(rules, f.Rule)
		}
	}
	differs := []string{"repeated", "changed"}
	switch {
	case slices.Contains(rules, "unguarded") || slices.Contains(rules, "random-key"):
		// The effect is not deduplicated: every mode repeats it (a crash
		// run only if the effect is at an instrumented boundary).
		return h.Risk + ", " + strings.Join(rules, ", "), [3][]string{differs, differs, append(differs, "none")}
	case slices.Contains(rules, "guard-separate-tx"):
		// The claim commits on its own: duplicates are stopped, but a crash
		// between claim and effect loses the effect.
		return h.Risk + ", guard-separate-tx", [3][]string{{"same"}, {"same"}, {"lost"}}
	case slices.Contains(rules, "claim-without-constraint"):
		// No unique key backs the claim: a second delivery claims again
		// and repeats the effects; a crash inside the transaction rolls
		// both back.
		return h.Risk + ", claim-without-constraint", [3][]string{differs, differs, append(differs, "same", "none")}
	case slices.Contains(rules, "duplicate-as-error"):
		// Guarded, but the duplicate fails: the state does not change, the
		// redelivery returns an error (the queue retries it).
		return h.Risk + ", duplicate-as-error", [3][]string{{"error"}, {"same", "error"}, {"error", "same"}}
	case len(rules) > 0:
		return h.Risk + ", " + strings.Join(rules, ", "), [3][]string{differs, differs, differs}
	}
	verdict := h.Risk + ", no finding"
	if h.Guard != nil {
		verdict = h.Risk + ", guarded (" + h.Guard.Kind + ")"
	}
	return verdict, [3][]string{{"same"}, {"same"}, {"same", "none"}}
}

// onPurpose are the differences between the halves that are understood:
// "task mode" → the measured outcome and why static analysis says
// otherwise.
var onPurpose = map[string]struct{ got, why string }{
	"ledger:complete-tx concurrent": {"repeated", "JobCompleteTx in the effect's transaction stops a redelivery once the first run has ended, which is what the static guard is about; " +
		"a second run started while the first is still going (River's rescuer) commits its row too, because JobCompleteTx returns the job another run completed without an error"},
	"refund:cancel-tx concurrent": {"repeated", "JobCancelTx of the running job records only that a cancellation was attempted (the rescuer then cancels instead of retrying): " +
		"it does not stop a second run already going"},
	"import:steps concurrent": {"repeated", "both runs pass the resumable step before either records it with ResumableSetStepTx"},
}

// TestTwiceTestsSkeleton runs `jobeffects twice-tests` on the example's
// golden inventory: the skeleton matches its golden file and compiles in
// the example module (go test with the file overlaid, nothing written
// into testdata); -w writes it into the package and refuses to overwrite.
func TestTwiceTestsSkeleton(t *testing.T) {
	t.Parallel()
	dir := testdataDir(t, "example")
	inv := filepath.Join(testdataDir(t, "golden"), "example.inventory.yaml")
	stdout, stderr, code := runCmd(t, dir, binary, "twice-tests", inv)
	if code != 0 {
		t.Fatalf("twice-tests exit %d\n%s", code, stderr)
	}
	golden(t, "example.twice_test.go.txt", []byte(stdout))

	tmp := t.TempDir()
	skel := filepath.Join(tmp, "skeleton.go")
	if err := os.WriteFile(skel, []byte(stdout), 0o644); err != nil {
		t.Fatal(err)
	}
	overlay := filepath.Join(tmp, "overlay.json")
	target := filepath.Join(dir, "jobs", "twice_skeleton_test.go")
	if err := os.WriteFile(overlay, []byte(fmt.Sprintf(`{"Replace":{%q:%q}}`, target, skel)), 0o644); err != nil {
		t.Fatal(err)
	}
	// go test, running none of the tests (-run '^$'): it compiles and
	// links the package's tests with the skeleton among them, and runs go
	// test's vet checks on them. It was go vet, whose whole suite ran on
	// every dependency and standard package again for its facts (40 CPU
	// s of CI); go test's checks are those TestGroundTruthOnPostgres's
	// and TestTwiceAgreesWithInventory's go test of this package run, so
	// the dependencies' compiles and vet facts are shared in the build
	// cache and only the package is built again.
	if _, stderr, code := runCmd(t, dir, "go", "test", "-count=1", "-run", "^$", "-overlay", overlay, "./jobs"); code != 0 {
		t.Fatalf("the skeleton does not compile in the example module (go test exit %d):\n%s", code, stderr)
	}

	// -w into a copy of the package: written once, then refused.
	mod := t.TempDir()
	for _, name := range []string{"go.mod", "jobs/charge.go", "jobs/deps.go", "jobs/avatar.go", "jobs/balance.go", "jobs/resume.go", "jobs/fanout.go"} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		os.MkdirAll(filepath.Join(mod, "jobs"), 0o755)
		if err := os.WriteFile(filepath.Join(mod, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if _, stderr, code := runCmd(t, mod, binary, "twice-tests", "-w", inv); code != 0 || !strings.Contains(stderr, "wrote jobs/twice_test.go (20 tests)") {
		t.Fatalf("twice-tests -w: exit %d\n%s", code, stderr)
	}
	if written, _ := os.ReadFile(filepath.Join(mod, "jobs", "twice_test.go")); string(written) != stdout {
		t.Error("-w wrote something else than twice-tests prints")
	}
	if _, stderr, code := runCmd(t, mod, binary, "twice-tests", "-w", inv); code != exitError || !strings.Contains(stderr, "jobs/twice_test.go already exist") {
		t.Errorf("a second -w: exit %d, want %d and a refusal\n%s", code, exitError, stderr)
	}
}
