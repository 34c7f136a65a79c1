package inventory

import (
	"strings"
	"testing"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/report"
	"github.com/jobeffects/jobeffects/analyzer/result"
)

// SingleRun drops the unguarded finding of a River handler whose every
// policy allows one attempt only in a River version that discards such a
// job (before v0.44.0: vscodethemes' ScanExtensionsArgs, InsertOpts
// MaxAttempts 1 on v0.13.0); anything that may run it again keeps it.
func TestSingleRun(t *testing.T) {
	typeOnce := result.RetryPolicy{Framework: "river", Task: "scan", Type: true, Policy: "river InsertOpts MaxAttempts 1: 1 attempt by retry", Once: true, Runs: 1, Pos: "/m/jobs/scan.go:8:1"}
	atSite := func(runs int64) result.RetryPolicy {
		return result.RetryPolicy{Framework: "river", Task: "scan", Policy: "river Insert MaxAttempts n", Once: runs == 1, Runs: runs, Pos: "/m/api/post.go:12:2"}
	}
	noneSet := result.RetryPolicy{Framework: "river", Task: "scan", Default: true, Pos: "/m/api/post.go:20:2"}
	for _, tc := range []struct {
		name    string
		version string
		retries []result.RetryPolicy
		once    bool
	}{
		{"the args type's one attempt, River v0.13.0", "v0.13.0", []result.RetryPolicy{typeOnce, noneSet}, true},
		{"one attempt at every insert, a pseudo-version before v0.44.0", "v0.43.1-0.20240101000000-abcdefabcdef", []result.RetryPolicy{atSite(1)}, true},
		{"the client's one attempt", "v0.39.0", []result.RetryPolicy{{Framework: "river", Global: true, Policy: "river Config.MaxAttempts 1", Once: true, Runs: 1, Pos: "/m/main.go:30:3"}}, true},
		// Near misses: each may run the job again.
		{"another worker snoozes its own job (tesla-oracle's tesla_command)", "v0.23.1", []result.RetryPolicy{typeOnce,
			{Framework: "river", Task: "command", Rerun: true, Policy: "run again by github.com/riverqueue/river.JobSnooze", Pos: "/m/jobs/command.go:40:10"}}, true},
		{"River v0.44.0 gives a cancelled job its attempt back", "v0.44.0", []result.RetryPolicy{typeOnce}, false},
		{"River v0.51.2", "v0.51.2", []result.RetryPolicy{typeOnce}, false},
		{"version not known (a replacement directory)", "", []result.RetryPolicy{typeOnce}, false},
		{"one insert sets three attempts", "v0.13.0", []result.RetryPolicy{typeOnce, atSite(3)}, false},
		{"an insert that sets none, and no type's or client's policy: River's 25", "v0.13.0", []result.RetryPolicy{atSite(1), noneSet}, false},
		{"no policy at all", "v0.13.0", nil, false},
		{"the program snoozes (an attempt added)", "v0.13.0", []result.RetryPolicy{typeOnce,
			{Framework: "river", Global: true, Rerun: true, Policy: "run again by github.com/riverqueue/river.JobSnooze", Pos: "/m/jobs/x.go:5:9"}}, false},
		{"the scan worker snoozes its own job", "v0.13.0", []result.RetryPolicy{typeOnce,
			{Framework: "river", Task: "scan", Rerun: true, Policy: "run again by github.com/riverqueue/river.JobSnooze", Pos: "/m/jobs/scan.go:25:9"}}, false},
		{"the program replays discarded jobs", "v0.13.0", []result.RetryPolicy{typeOnce,
			{Framework: "river", Global: true, Replay: true, Policy: "dead-letter replay (*github.com/riverqueue/river.Client).JobRetry", Pos: "/m/admin/retry.go:9:2"}}, false},
		{"a periodic job's constructor returns options not read", "v0.13.0", []result.RetryPolicy{typeOnce,
			{Framework: "river", Global: true, Unread: true, Policy: "a periodic job's InsertOpts not read", Pos: "/m/main.go:40:2"}}, false},
		{"another task's one attempt", "v0.13.0", []result.RetryPolicy{{Framework: "river", Task: "other", Type: true, Once: true, Runs: 1, Pos: "/m/jobs/o.go:3:1"}}, false},
	} {
		h := &result.Handler{Framework: "river", Task: "scan", Name: "(*jobs.ScanWorker).Work", FullName: "m/jobs.(*ScanWorker).Work",
			Pos: "/m/jobs/scan.go:20:6", At: "/m/jobs/scan.go:20:6", Owner: true,
			Effects: []effect.Effect{eff(effect.KindPublish, "enqueue", "river", effect.Medium, "/m/jobs/scan.go:30:3")}}
		res := &result.Result{Package: "m/jobs", ModuleRoot: "/m", Files: []string{"/m/jobs/scan.go"}, Handlers: []*result.Handler{h}, Retries: tc.retries}
		decide := func(r *result.Result) *report.Context { return report.ForResult(r, false, nil) }
		// As the pass decided it.
		decide(res).Handler(h)
		if !hasRule(h, "unguarded") {
			t.Fatalf("%s: the pass's findings %+v have no unguarded", tc.name, h.Findings)
		}
		out := SingleRun([]*result.Result{res}, func(m string) string {
			if m == "github.com/riverqueue/river" {
				return tc.version
			}
			return ""
		}, decide)
		got := out[0].Handlers[0]
		if got.AtMostOnce != tc.once || hasRule(got, "unguarded") == tc.once {
			t.Errorf("%s: at most once %v, findings %+v; want at most once %v", tc.name, got.AtMostOnce, got.Findings, tc.once)
		}
		if tc.once && !strings.Contains(got.SingleRun, "github.com/riverqueue/river "+tc.version+" (before v0.44.0)") {
			t.Errorf("%s: note %q", tc.name, got.SingleRun)
		}
		if !hasRule(h, "unguarded") || h.AtMostOnce {
			t.Errorf("%s: the input result was modified", tc.name)
		}
	}
}

// The package that defines a worker may not know its task; the one that
// registers it does (build merges the two): the defining package's
// findings are decided with the task the other knows.
func TestSingleRunTaskFromRegistration(t *testing.T) {
	def := &result.Handler{Framework: "river", Name: "(*jobs.ScanWorker).Work", FullName: "m/jobs.(*ScanWorker).Work",
		Pos: "/m/jobs/scan.go:20:6", At: "/m/jobs/scan.go:20:6", Owner: true,
		Effects: []effect.Effect{eff(effect.KindPublish, "enqueue", "river", effect.Medium, "/m/jobs/scan.go:30:3")}}
	defRes := &result.Result{Package: "m/jobs", ModuleRoot: "/m", Files: []string{"/m/jobs/scan.go"}, Handlers: []*result.Handler{def},
		Retries: []result.RetryPolicy{{Framework: "river", Task: "scan", Type: true, Policy: "river InsertOpts MaxAttempts 1: 1 attempt by retry", Once: true, Runs: 1, Pos: "/m/jobs/scan.go:8:1"}}}
	reg := &result.Result{Package: "m/cmd", ModuleRoot: "/m", Handlers: []*result.Handler{{Framework: "river", Task: "scan", FullName: "m/jobs.(*ScanWorker).Work", Registered: "/m/cmd/main.go:9:2"}}}
	decide := func(r *result.Result) *report.Context { return report.ForResult(r, false, nil) }
	decide(defRes).Handler(def)
	out := SingleRun([]*result.Result{defRes, reg}, func(string) string { return "v0.13.0" }, decide)
	if got := out[0].Handlers[0]; !got.AtMostOnce || hasRule(got, "unguarded") {
		t.Errorf("defining package's handler: at most once %v, findings %+v", got.AtMostOnce, got.Findings)
	}
}

func hasRule(h *result.Handler, rule string) bool {
	for _, f := range h.Findings {
		if f.Rule == rule {
			return true
		}
	}
	return false
}
