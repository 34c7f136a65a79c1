package main

import (
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// TestSaaSModule runs the inventory on testdata/saas, a module on the real
// slack-go, go-mail, AWS S3, openai-go, OpenTelemetry and zap: a Slack post
// and an email are high, an S3 object under a stable key is overwritten
// (safe) but one under a UUID is a new object each time (medium), a model
// completion creates nothing (safe), and the observability calls are not
// effects. go vet reports the three that repeat.
func TestSaaSModule(t *testing.T) {
	t.Parallel()
	dir := testdataDir(t, "saas")
	stdout, stderr, code := runCmd(t, dir, binary, "inventory", "./...")
	if code != 0 {
		t.Fatalf("inventory exit %d\n%s", code, stderr)
	}
	var inv struct {
		Handlers []struct {
			Task        string
			Risk        string
			SideEffects []struct{ Kind, Operation, Target, Risk string } `yaml:"side_effects"`
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
	} {
		if got[task] != want {
			t.Errorf("%s: %q, want %q", task, got[task], want)
		}
	}
	_, stderr, code = runCmd(t, dir, "go", "vet", "-vettool="+binary, "./...")
	if code != 1 || strings.Count(stderr, ": unguarded: ") != 3 {
		t.Errorf("go vet: exit %d, want 1 and three unguarded findings\n%s", code, stderr)
	}
}
