package main

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/jobeffects/jobeffects/internal/e2etest"
)

// TestGroundTruthOnPostgres runs the example module's ground-truth test on
// a real PostgreSQL server (100 credit jobs, each delivered three times
// concurrently through a pool of 20) against the real handlers, and checks
// that the linter's verdicts on those same handlers agree with what the
// database shows: the naive handler (300 rows) is flagged unguarded, the
// guarded one (100 rows, 200 duplicates) is clean, the split-transaction one
// (100 credits lost after a crash between claim and effect) is flagged
// guard-separate-tx.
//
// It needs JOBEFFECTS_PG_DSN (.ci/postgres prints one); without it the test
// is skipped, unless JOBEFFECTS_REQUIRE_PG is set (CI), then it fails.
func TestGroundTruthOnPostgres(t *testing.T) {
	// Not parallel: it runs before the parallel tests, alone, as its
	// concurrent deliveries on PostgreSQL and River's test worker (which
	// waits for completions with a deadline) need the machine's time.
	dsn := os.Getenv("JOBEFFECTS_PG_DSN")
	if dsn == "" {
		if os.Getenv("JOBEFFECTS_REQUIRE_PG") != "" {
			t.Fatal("JOBEFFECTS_PG_DSN is not set but JOBEFFECTS_REQUIRE_PG is: start PostgreSQL with .ci/postgres")
		}
		t.Skip("JOBEFFECTS_PG_DSN is not set (export JOBEFFECTS_PG_DSN=$(.ci/postgres) to run it)")
	}
	dir := testdataDir(t, "example")
	stdout, stderr, code := runCmd(t, dir, "go", "test", "-count=1", "-v", "-run", "TestGroundTruth", "./jobs")
	out := stdout + stderr
	if code != 0 || strings.Contains(out, "--- SKIP") {
		t.Fatalf("ground-truth test in the example module failed (exit %d):\n%s", code, out)
	}
	measured := map[string]string{}
	for _, line := range strings.Split(out, "\n") {
		if i := strings.Index(line, "ground truth: "); i >= 0 {
			t.Log(strings.TrimSpace(line[i:]))
			for _, k := range []string{"naive handler", "guarded handler:", "split-transaction", "guarded handler with a crash"} {
				if strings.Contains(line, k) {
					measured[k] = line
				}
			}
		}
	}
	expect := map[string]*regexp.Regexp{
		"naive handler":                regexp.MustCompile(`300 deliveries, 300 ledger rows`),
		"guarded handler:":             regexp.MustCompile(`300 deliveries, 100 ledger rows, 200 duplicates`),
		"split-transaction":            regexp.MustCompile(`0 ledger rows: 100 credits lost`),
		"guarded handler with a crash": regexp.MustCompile(`100 ledger rows, 100 claims`),
	}
	for k, rx := range expect {
		if !rx.MatchString(measured[k]) {
			t.Errorf("%s: measured %q, want %s", k, measured[k], rx)
		}
	}

	// The linter's verdict on the same handlers, from the run of the
	// module the other tests of the example share (the whole answer of
	// e2etest.BothAnswers, which TestVetEqualsCommand compares with go
	// vet): the handlers' findings are those of ./jobs alone, and a run of
	// ./jobs was one more analysis of the example's 380 packages.
	lint := e2etest.BothAnswers(t, binary, dir).Stderr
	has := func(prefix string) bool {
		for _, line := range strings.Split(lint, "\n") {
			if strings.HasPrefix(line, prefix) {
				return true
			}
		}
		return false
	}
	if !has("jobs/credit.go:13:16: unguarded: handler (*jobs.Deps).CreditNaive") {
		t.Errorf("the naive handler is not flagged unguarded:\n%s", lint)
	}
	// (prune-before-retry names CreditGuarded among the handlers claiming
	// into processed_jobs: a finding about the table, not the handler.)
	if has("jobs/credit.go:23:") || strings.Contains(lint, "handler (*jobs.Deps).CreditGuarded repeats") {
		t.Errorf("the guarded handler is flagged:\n%s", lint)
	}
	if !has("jobs/credit.go:59:25: guard-separate-tx:") {
		t.Errorf("the split-transaction handler is not flagged guard-separate-tx:\n%s", lint)
	}
}
