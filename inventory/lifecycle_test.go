package inventory

import (
	"strings"
	"testing"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/result"
	"github.com/jobeffects/jobeffects/analyzer/rules"
)

// A claim table's lifecycle: its constraint from the claims, its retention
// from the prunes, prune-before-retry against the longest horizon of the
// handlers claiming into it (naming both figures), claim-never-pruned only
// when turned on, an ignore on the DELETE suppressing.
func TestClaimTables(t *testing.T) {
	claimer := func(name, task string) *result.Handler {
		return &result.Handler{Framework: "asynq", Task: task, Name: name, FullName: "m/jobs." + name, Pos: "/m/jobs/j.go:10:1", Owner: true,
			Effects: []effect.Effect{{Kind: effect.KindDBWrite, Op: effect.OpClaim, Target: "processed_jobs", Path: []effect.Hop{{Pos: "/m/jobs/j.go:12:3"}}},
				{Kind: effect.KindDBWrite, Op: effect.OpInsert, Target: "ledger", Path: []effect.Hop{{Pos: "/m/jobs/j.go:14:3"}},
					Guard: &effect.Guard{Kind: effect.GuardClaim, Pos: "/m/jobs/j.go:12:3", SameTx: true}},
				{Kind: effect.KindDBWrite, Op: effect.OpInsert, Target: "receipts", Path: []effect.Hop{{Pos: "/m/jobs/j.go:42:3"}},
					Issue: rules.ClaimWithoutConstraint, IssuePos: "/m/jobs/j.go:40:3"}}}
	}
	res := &result.Result{Package: "m/jobs", ModuleRoot: "/m", Files: []string{"/m/jobs/j.go"},
		Handlers: []*result.Handler{claimer("Credit", "credit"), claimer("Quick", "quick")},
		Retries:  []result.RetryPolicy{{Framework: "asynq", Task: "quick", Policy: "asynq.MaxRetry(1): up to 2 runs", Runs: 2, Pos: "/m/jobs/e.go:3:2"}},
		Claims: []result.Claim{
			{Table: "processed_jobs", State: "ok", Constraint: "primary key (job_key) at /m/migrations/001.sql:1", Pos: "/m/jobs/j.go:12:3"},
			{Table: "other_claims", State: "none", Constraint: "no unique key on other_claims", Pos: "/m/jobs/j.go:40:3"},
			// An idempotent insert that guards nothing: no claim table.
			{Table: "cf_org", State: "ok", Constraint: "primary key (id) at /m/migrations/001.sql:3", Pos: "/m/jobs/j.go:60:3"},
		},
		Prunes: []result.Prune{
			{Table: "processed_jobs", Retention: "336h0m0s", Text: "interval '14 days'", Pos: "/m/jobs/prune.go:8:2"},
			{Table: "public.processed_jobs", Retention: "2160h0m0s", Text: "interval '90 days'", Pos: "/m/jobs/prune.go:12:2"},
			{Table: "processed_jobs", Retention: "24h0m0s", Text: "interval '1 day'", Pos: "/m/jobs/prune.go:16:2",
				Ignore: &effect.Ignore{Pos: "/m/jobs/prune.go:15", Rules: []string{rules.PruneBeforeRetry}, Reason: "staging only"}},
		},
		Disabled: []string{rules.ClaimNeverPruned},
	}
	inv, fs := build([]*result.Result{res}, "/m")
	if len(inv.ClaimTables) != 2 {
		t.Fatalf("claim tables: %+v", inv.ClaimTables)
	}
	other, pj := inv.ClaimTables[0], inv.ClaimTables[1]
	if other.Table != "other_claims" || other.Constraint != "none: no unique key on other_claims" || other.Retention != "never pruned" || len(other.Findings) != 0 {
		t.Errorf("other_claims: %+v", other)
	}
	if pj.Constraint != "primary key (job_key) at migrations/001.sql:1" || pj.Retention != "24h0m0s" || len(pj.Prunes) != 3 {
		t.Errorf("processed_jobs: %+v", pj)
	}
	if strings.Join(pj.ClaimedBy, "\n") != `asynq task "credit" m/jobs.Credit: 492h27m0s`+"\n"+`asynq task "quick" m/jobs.Quick: 44s` {
		t.Errorf("claimed by: %q", pj.ClaimedBy)
	}
	if len(pj.Findings) != 2 || pj.Findings[0].Position != "jobs/prune.go:8" || pj.Findings[1].Suppressed != "staging only" {
		t.Fatalf("findings: %+v", pj.Findings)
	}
	msg := pj.Findings[0].Message
	for _, want := range []string{"prune-before-retry: this DELETE keeps processed_jobs rows for 14 days (336h0m0s, interval '14 days')",
		`handler m/jobs.Credit (asynq task "credit") can still be retried 20.5 days (492h27m0s) after its first run (asynq default: 26 runs`} {
		if !strings.Contains(msg, want) {
			t.Errorf("message %q lacks %q", msg, want)
		}
	}
	if inv.Summary.Findings != 1 {
		t.Errorf("summary findings %d, want 1 (the suppressed one is not counted)", inv.Summary.Findings)
	}
	if len(fs) != 2 || fs[0].diag.Pos != "/m/jobs/prune.go:8:2" {
		t.Errorf("diagnostics: %+v", fs)
	}

	// Turned on, claim-never-pruned is reported at the first claim of a
	// table nothing prunes.
	res.Disabled = nil
	inv, _ = build([]*result.Result{res}, "/m")
	if f := inv.ClaimTables[0].Findings; len(f) != 1 || f[0].Rule != rules.ClaimNeverPruned || f[0].Position != "jobs/j.go:40" {
		t.Errorf("claim-never-pruned: %+v", f)
	}
}

// TestClaimTableClearedNotByAge: a claim table cleared by a DELETE of a
// scope (not by time) is pruned, "not by age": no claim-never-pruned, and
// no prune-before-retry (no figure to compare).
func TestClaimTableClearedNotByAge(t *testing.T) {
	res := &result.Result{Package: "m/jobs", ModuleRoot: "/m", Files: []string{"/m/jobs/j.go"},
		Handlers: []*result.Handler{{Framework: "asynq", Task: "scan", Name: "Scan", FullName: "m/jobs.Scan", Pos: "/m/jobs/j.go:10:1", Owner: true,
			Effects: []effect.Effect{{Kind: effect.KindDBWrite, Op: effect.OpClaim, Target: "seen_keys", Path: []effect.Hop{{Pos: "/m/jobs/j.go:12:3"}}},
				{Kind: effect.KindDBWrite, Op: effect.OpInsert, Target: "ledger", Path: []effect.Hop{{Pos: "/m/jobs/j.go:14:3"}},
					Guard: &effect.Guard{Kind: effect.GuardClaim, Pos: "/m/jobs/j.go:12:3", SameTx: true}}}}},
		Claims: []result.Claim{{Table: "seen_keys", State: "ok", Constraint: "primary key (scope, key) at /m/migrations/001.sql:1", Pos: "/m/jobs/j.go:12:3"}},
		Prunes: []result.Prune{{Table: "seen_keys", Text: effect.NotByAge + "the rows matching (scope) deleted", Pos: "/m/jobs/start.go:8:2"}},
	}
	inv, _ := build([]*result.Result{res}, "/m")
	if len(inv.ClaimTables) != 1 {
		t.Fatalf("claim tables: %+v", inv.ClaimTables)
	}
	ct := inv.ClaimTables[0]
	if ct.Retention != "not by age" || len(ct.Findings) != 0 || len(ct.Prunes) != 1 ||
		ct.Prunes[0] != "not by age: the rows matching (scope) deleted at jobs/start.go:8" {
		t.Errorf("seen_keys: %+v", ct)
	}
}
