package shapes

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/jobeffects/jobeffects/internal/e2etest"
	"go.yaml.in/yaml/v3"
)

// TestShapesModule runs the inventory on testdata/shapes, issue 28's forms
// on the real libraries, each with its near miss: MySQL's ON DUPLICATE KEY
// UPDATE of a value read and incremented in Go (go-sql-driver/mysql), a
// bare `||` decided by the migrations' column type (jsonb: set; text[]:
// increment), a CTE claim whose count is returned as an error
// (duplicate-as-error once, at that return), a branch ruled out by the
// constant a handler passes through an interface only the whole program
// resolves, unique keys in bun model tags of tables created from the
// models, and a registry of typed nil pointers on gocraft/work v0.5.1.
func TestShapesModule(t *testing.T) {
	t.Parallel()
	dir := e2etest.TestdataDir(t, "shapes")
	stdout, stderr, code := e2etest.RunShared(t, dir, nil, binary, "inventory", "./...")
	if code != 0 {
		t.Fatalf("inventory exit %d\n%s", code, stderr)
	}
	var inv struct {
		Handlers []struct {
			Task        string
			Framework   string
			Risk        string
			SideEffects []struct {
				Operation, Target string
				Guarded           bool
			} `yaml:"side_effects"`
			Findings []struct{ Rule, Position string }
		}
	}
	if err := yaml.Unmarshal([]byte(stdout), &inv); err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	var tasks []string
	for _, h := range inv.Handlers {
		var effs, rules []string
		for _, e := range h.SideEffects {
			effs = append(effs, fmt.Sprintf("%s %s:%v", e.Operation, e.Target, e.Guarded))
		}
		sort.Strings(effs)
		for _, f := range h.Findings {
			rules = append(rules, f.Rule+"@"+f.Position)
		}
		got[h.Task] = h.Framework + " " + h.Risk + ": " + strings.Join(effs, ", ") + " | " + strings.Join(rules, " ")
		tasks = append(tasks, h.Task)
	}
	errSeen := e2etest.LineOf(t, filepath.Join(dir, "jobs", "cte.go"), "return errSeen")
	want := map[string]string{
		// A value read and incremented in Go, written back by MySQL's
		// upsert: an increment; the job's own count: a set.
		"mysql:tally":     "asynq medium: select stats:false, upsert-increment stats:false | unguarded@jobs/mysql.go:12",
		"mysql:tally-set": "asynq safe: upsert-set stats:false | ",
		// `attrs || $1`: jsonb in the migrations, a merge; text[], an append.
		"jsonb:merge":  "asynq safe: update-set shape_docs:false | ",
		"jsonb:append": "asynq medium: update-increment shape_docs:false | unguarded@jobs/jsonb.go:20",
		// The CTE's count returned as an error: duplicate-as-error once,
		// at that return; returned nil, no finding.
		"cte:count-error": fmt.Sprintf("asynq medium: claim imports:false, insert import_rows:true | duplicate-as-error@jobs/cte.go:%d", errSeen),
		"cte:count-skip":  "asynq medium: claim imports:false, insert import_rows:true | ",
		// Through the Orders port: the cancelled state rules out the paid
		// branch's increment; the paid state keeps it.
		"cond:cancel": "asynq medium: update-increment cw_moves:false, update-set cw_orders:false | unguarded@jobs/cond.go:16",
		"cond:pay":    "asynq medium: update-increment cw_counters:false, update-increment cw_moves:false, update-set cw_orders:false | unguarded@jobs/cond.go:21",
		// bun: a key unique in the model's tag, filled from the job, fails
		// the second insert (returned: duplicate-as-error); a uuid repeats.
		"bun:embed": "asynq medium: insert sh_embedding:false | duplicate-as-error@jobs/bunkeys.go:17",
		"bun:fresh": "asynq medium: insert sh_embedding:false | unguarded@jobs/bunkeys.go:27",
		// gocraft/work: each registered implementation is a handler under
		// its registry key (a value receiver too); the dispatcher itself
		// stays unknown.
		"gw:notify": "gocraft high: post hooks.example.com/notify:false | unguarded@internal/gwjobs/gwjobs.go:48",
		"gw:prune":  "gocraft safe: delete gw_sessions:false | ",
		"registry":  "gocraft unknown: call (gwjobs.Interface).Perform:false | ",
	}
	for task, w := range want {
		if got[task] != w {
			t.Errorf("%s:\n got %q\nwant %q", task, got[task], w)
		}
	}
	if len(tasks) != len(want) {
		t.Errorf("tasks %v, want %d", tasks, len(want))
	}
}
