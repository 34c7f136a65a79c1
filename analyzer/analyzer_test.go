package analyzer_test

import (
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/jobeffects/jobeffects/analyzer"
	"github.com/jobeffects/jobeffects/analyzer/result"
)

// testdata is the repository's shared fixture tree (testdata/src/...).
var testdata, _ = filepath.Abs(filepath.Join("..", "testdata"))

func TestDiscoveryAsynq(t *testing.T) {
	analysistest.Run(t, testdata, analyzer.Analyzer, "asynqforms")
}

func TestDiscoveryRiver(t *testing.T) {
	analysistest.Run(t, testdata, analyzer.Analyzer, "riverforms")
}

func TestDiscoveryTemporal(t *testing.T) {
	analysistest.Run(t, testdata, analyzer.Analyzer, "temporalforms/activities", "temporalforms/worker")
}

func TestGuards(t *testing.T) {
	analysistest.Run(t, testdata, analyzer.Analyzer, "guards")
}

func TestCallsAcrossPackages(t *testing.T) {
	analysistest.Run(t, testdata, analyzer.Analyzer, "calls/deep", "calls/lib", "calls/jobs")
}

func TestStrictUnknownEffect(t *testing.T) {
	a := analyzer.New(analyzer.Options{Strict: true})
	analysistest.Run(t, testdata, a, "strict")
}

func TestUserGuardsFromConfig(t *testing.T) {
	a := analyzer.New(analyzer.Options{Config: filepath.Join(testdata, "src", "userguard", ".jobeffects.yaml")})
	analysistest.Run(t, testdata, a, "userguard")
}

func TestSuppression(t *testing.T) {
	analysistest.Run(t, testdata, analyzer.Analyzer, "suppress")
}

func TestRetryPolicies(t *testing.T) {
	results := analysistest.Run(t, testdata, analyzer.Analyzer, "retry")
	res := results[0].Result.(*result.Result)
	var got []string
	for _, r := range res.Retries {
		who := r.Task
		if r.Handler != "" {
			who = r.Handler
		}
		if r.Global {
			who = "*"
		}
		got = append(got, r.Framework+" "+who+": "+r.Policy)
	}
	want := []string{
		"asynq email:send: asynq.MaxRetry(5): up to 6 runs, timeout 1m0s",
		"asynq report:build: asynq.MaxRetry(0): up to 1 runs",
		"river sync: river InsertOpts MaxAttempts 3",
		"river *: river Config.MaxAttempts 7",
		"temporal retry.Charge: temporal RetryPolicy MaximumAttempts 4",
		"temporal notify: default: temporal retries without limit until ScheduleToClose (no RetryPolicy in the activity options)",
		"gocraft report: gocraft/work MaxFails 3: up to 3 runs",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("retry policies:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestDeclaredHandlers(t *testing.T) {
	a := analyzer.New(analyzer.Options{Config: filepath.Join(testdata, "src", "declared", ".jobeffects.yaml")})
	analysistest.Run(t, testdata, a, "declared/bus", "declared")
}

func TestTriggers(t *testing.T) {
	a := analyzer.New(analyzer.Options{Config: filepath.Join(testdata, "src", "trigfix", ".jobeffects.yaml")})
	results := analysistest.Run(t, testdata, a, "trigfix")
	res := results[0].Result.(*result.Result)
	for _, h := range res.Handlers {
		if h.Name != "(*trigfix.Deps).Credit" {
			continue
		}
		for _, e := range h.Effects {
			if e.Op == "update-increment" {
				var hops []string
				for _, hop := range e.Path {
					hops = append(hops, filepath.Base(hop.Pos)+" "+hop.Func)
				}
				want := "trigfix.go:17:28 (*trigfix.Deps).Credit|002_audit.sql:9 trigger ledger_audit on ledger|002_audit.sql:4 audit_ledger()|002_audit.sql:18 trigger audit_big on audit_log|002_audit.sql:14 count_big()"
				if got := strings.Join(hops, "|"); got != want {
					t.Errorf("trigger path:\n%s\nwant:\n%s", got, want)
				}
				return
			}
		}
	}
	t.Error("no trigger effect on Credit")
}

func TestGorm(t *testing.T) {
	analysistest.Run(t, testdata, analyzer.Analyzer, "gormfix")
}

func TestThirdPartyBoundary(t *testing.T) {
	results := analysistest.Run(t, testdata, analyzer.Analyzer, "example.org/sdk", "thirdparty")
	for _, r := range results {
		res, ok := r.Result.(*result.Result)
		if !ok || res.Package != "thirdparty" {
			continue
		}
		for _, h := range res.Handlers {
			if h.Name == "(*thirdparty.Deps).Create" {
				if d := h.Effects[0].Detail; d != "example.org/sdk.(*Client).CreateThing performs network I/O" {
					t.Errorf("boundary detail %q", d)
				}
			}
		}
	}
}

func TestConstraintClaims(t *testing.T) {
	analysistest.Run(t, testdata, analyzer.Analyzer, "constraintfix")
}

func TestCheckThenAct(t *testing.T) {
	analysistest.Run(t, testdata, analyzer.Analyzer, "checkactfix")
}

func TestBodyKeys(t *testing.T) {
	results := analysistest.Run(t, testdata, analyzer.Analyzer, "bodykeyfix")
	// A key from the job's identity says so.
	found := false
	for _, h := range results[0].Result.(*result.Result).Handlers {
		if h.Name != "bodykeyfix.TaskID" {
			continue
		}
		found = true
		g := h.Effects[0].Guard
		if g == nil || g.Note != "derives from asynq.GetTaskID, the job's identity: the same on every retry of one job" {
			t.Errorf("TaskID guard %+v", g)
		}
	}
	if !found {
		t.Error("no handler bodykeyfix.TaskID")
	}
}

func TestLockIsNotAClaim(t *testing.T) {
	analysistest.Run(t, testdata, analyzer.Analyzer, "lockfix")
}

// Bazel's nogo runs analyzers from their exported Analyzer variable, with
// options set as analyzer flags (nogo.json's analyzer_flags) and no go.mod
// to find a config next to: the config given by flag applies.
func TestNogoContract(t *testing.T) {
	a := analyzer.New(analyzer.Options{})
	if err := a.Flags.Set("config", filepath.Join(testdata, "src", "userguard", ".jobeffects.yaml")); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"strict", "baseline", "rules", "unresolved"} {
		if a.Flags.Lookup(f) == nil {
			t.Errorf("no -%s flag", f)
		}
	}
	analysistest.Run(t, testdata, a, "userguard") // GOPATH mode: no go.mod
}

func TestCompletions(t *testing.T) {
	analysistest.Run(t, testdata, analyzer.Analyzer, "completions")
}
