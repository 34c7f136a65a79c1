package saas

import (
	"strings"
	"testing"

	"github.com/jobeffects/jobeffects/internal/e2etest"
	"go.yaml.in/yaml/v3"
)

// TestSaaSModule runs the inventory on testdata/saas, a module on the real
// slack-go, go-mail, Mailgun, Resend, Postmark, PagerDuty, AWS S3,
// openai-go, OpenTelemetry and zap: a Slack post and an email are high, an
// S3 object under a stable key is overwritten (safe) but one under a UUID
// is a new object each time (medium), a model completion creates nothing
// (safe), and the observability calls are not effects. A Resend email with
// an idempotency key from the order and a PagerDuty trigger with a dedup
// key from the check are guarded; a dedup key from uuid is random-key, also
// when the handler makes it and a helper sends it (and a task ID passed to
// that helper is stable). go vet reports the six that repeat and the two
// random keys. A library (another module) whose function calls a function
// value the whole program resolves to code without effects is safe; one
// that calls a hook nothing sets stays unknown.
func TestSaaSModule(t *testing.T) {
	t.Parallel()
	dir := e2etest.TestdataDir(t, "saas")
	stdout, stderr, code := e2etest.RunShared(t, dir, nil, binary, "inventory", "./...")
	if code != 0 {
		t.Fatalf("inventory exit %d\n%s", code, stderr)
	}
	var inv struct {
		Handlers []struct {
			Task        string
			Risk        string
			SideEffects []struct{ Kind, Operation, Target, Risk string } `yaml:"side_effects"`
			Guard       struct{ Kind string }
			Findings    []struct{ Rule string }
		}
	}
	if err := yaml.Unmarshal([]byte(stdout), &inv); err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, h := range inv.Handlers {
		var effs []string
		for _, e := range h.SideEffects {
			effs = append(effs, e.Kind+"/"+e.Operation+" "+e.Target+" "+e.Risk)
		}
		got[h.Task] = h.Risk + ": " + strings.Join(effs, "; ")
	}
	for task, want := range map[string]string{
		"order:announce": "high: push/send slack high",
		"user:welcome":   "high: email/send smtp high",
		"report:daily":   "safe: file_write/write s3 safe",
		"file:upload":    "medium: file_write/create s3 medium",
		"text:summarize": "safe: http/post openai safe",
		"order:receipt":  "high: email/send mailgun high",
		"order:invoice":  "high: email/send resend high",
		"cart:reminder":  "high: email/send resend high",
		"user:digest":    "high: email/send postmark high",
		"check:page":     "high: push/send pagerduty events high",
		// Keys given to a helper: judged by what the handler passes.
		"order:invoice-fresh": "high: email/send resend high",
		"order:invoice-task":  "high: email/send resend high",
		// Library calls through function values: resolved by the whole
		// program to code without effects. hooks.OnEvent is never set, so
		// no value flows to its call; the class-hierarchy fallback at the
		// library boundary (wholeprogram/boundary.go) takes every function
		// of its signature whose address the program takes, none with an
		// effect: Fire runs nothing (it was unknown before that fallback).
		"order:parse": "safe: ",
		"hook:fire":   "safe: ",
	} {
		if got[task] != want {
			t.Errorf("%s: %q, want %q", task, got[task], want)
		}
	}
	for _, h := range inv.Handlers {
		guarded := h.Findings == nil
		switch h.Task {
		case "order:invoice", "check:page", "order:invoice-task":
			if !guarded || h.Guard.Kind != "idempotency_key" {
				t.Errorf("%s: findings %v, guard %q: want guarded by its key", h.Task, h.Findings, h.Guard.Kind)
			}
		case "check:page-always", "order:invoice-fresh":
			if len(h.Findings) != 1 || h.Findings[0].Rule != "random-key" {
				t.Errorf("%s: findings %v, want random-key", h.Task, h.Findings)
			}
		}
	}
	stderr, code = e2etest.PerPackage(t, binary, dir, nil)
	if code != 1 || strings.Count(stderr, ": unguarded: ") != 6 || strings.Count(stderr, ": random-key: ") != 2 {
		t.Errorf("per-package run: exit %d, want 1, six unguarded findings and two random-key\n%s", code, stderr)
	}
}
