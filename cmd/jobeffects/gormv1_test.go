package main

import (
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// TestGormV1Module runs the inventory on testdata/gormv1, an asynq worker
// on the real gorm v1 (github.com/jinzhu/gorm v1.9.16): a Create runs the
// model's AfterCreate hook (an email), Update with gorm.Expr increments,
// Updates of a map sets, Delete deletes, a TableName() method names the
// table, an insert option ON CONFLICT DO NOTHING claims the job in the
// transaction that credits, and reads are no effects. go vet reports the
// three handlers that repeat.
func TestGormV1Module(t *testing.T) {
	t.Parallel()
	dir := testdataDir(t, "gormv1")
	stdout, stderr, code := runShared(t, dir, binary, "inventory", "./...")
	if code != 0 {
		t.Fatalf("inventory exit %d\n%s", code, stderr)
	}
	var inv struct {
		Handlers []struct {
			Task        string
			Risk        string
			SideEffects []struct {
				Kind, Operation, Target, Risk string
				Guarded                       bool
			} `yaml:"side_effects"`
		}
	}
	if err := yaml.Unmarshal([]byte(stdout), &inv); err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, h := range inv.Handlers {
		var effs []string
		for _, e := range h.SideEffects {
			s := e.Kind + "/" + e.Operation + " " + e.Target + " " + e.Risk
			if e.Guarded {
				s += " guarded"
			}
			effs = append(effs, s)
		}
		got[h.Task] = h.Risk + ": " + strings.Join(effs, "; ")
	}
	want := map[string]string{
		"user:signup":    "high: email/send smtp high; db_write/insert users medium",
		"account:credit": "medium: db_write/update-increment accounts medium",
		"user:rename":    "safe: db_write/update-set users safe",
		"account:purge":  "safe: db_write/delete accounts safe",
		"payment:record": "medium: db_write/insert payment_log medium",
		"account:settle": "medium: db_write/update-increment accounts medium guarded; db_write/claim processed_jobs safe",
		"user:report":    "safe: db_read/select users safe; db_read/select users safe",
	}
	for task, w := range want {
		if got[task] != w {
			t.Errorf("%s: %q, want %q", task, got[task], w)
		}
	}
	if len(got) != len(want) {
		t.Errorf("%d handlers, want %d: %v", len(got), len(want), got)
	}
	_, stderr, code = runShared(t, dir, "go", "vet", "-vettool="+binary, "./...")
	if code != 1 || strings.Count(stderr, ": unguarded: ") != 3 {
		t.Errorf("go vet: exit %d, want 1 and three unguarded findings\n%s", code, stderr)
	}
}
