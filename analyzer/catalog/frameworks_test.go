package catalog

import (
	"strings"
	"testing"
)

// The frameworks: section is the catalog's own schema: every framework
// has a retry default; asynq and River say what still runs a job again
// when the code allows it a single run.
func TestFrameworks(t *testing.T) {
	fws, err := frameworks()
	if err != nil {
		t.Fatal(err)
	}
	if len(fws) == 0 {
		t.Fatal("no frameworks")
	}
	for name, f := range fws {
		if f.Retry == "" {
			t.Errorf("framework %s: no retry default", name)
		}
	}
	for name, want := range map[string]string{
		"asynq": "1 run by retry is still at-least-once: a task still running when Shutdown's ShutdownTimeout (default 8s) elapses",
		"river": "1 attempt by retry is still at-least-once in River v0.44.0 and later: a job whose context the client's stop cancels (StopAndCancel, SoftStopTimeout)",
	} {
		if got := OnceNote(name); !strings.HasPrefix(got, want) || strings.Contains(got, "\n") {
			t.Errorf("OnceNote(%s) = %q", name, got)
		}
	}
	if OnceNote("temporal") != "" || RetryDefault("nope") != "unknown" || Lookup("nope") != nil {
		t.Error("an undescribed framework has an entry")
	}
}

// An enqueues entry names its call and where the job is: one job (value)
// or a batch (many).
func TestEnqueues(t *testing.T) {
	fws, err := frameworks()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for name, f := range fws {
		for _, e := range f.Enqueues {
			n++
			if e.Func == "" || (e.Value == nil) == (e.Many == nil) || (e.Many != nil && e.Options != nil) {
				t.Errorf("framework %s: enqueue %+v needs func and one of value (with its options) or many", name, e)
			}
		}
	}
	if n == 0 {
		t.Error("no enqueues")
	}
}
