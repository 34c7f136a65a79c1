package wholeprogram_test

import (
	"fmt"
	"testing"

	"github.com/jobeffects/jobeffects/analyzer"
	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/result"
)

// TestHelperClaimBehindInterface: goctl's model reached through its
// interface (gozerowhole/jobs). The optimistic lock's outcome, tested by
// the handler after a check of the state it read, guards the enqueue;
// the helper's "no row changed" is a lost race there, not a
// duplicate-as-error. Without the check a redelivery wins the lock again.
func TestHelperClaimBehindInterface(t *testing.T) {
	got := handlerLines(resolveWith(t, analyzer.Hooks{KeepSummaries: true, Whole: true}, "gozerowhole/model", "gozerowhole/jobs"), func(h *result.Handler) string {
		line := h.Task
		for _, e := range h.Effects {
			if e.Kind == "publish" {
				line += " " + e.Kind + "/" + e.Op
				if e.Guard != nil {
					line += " guarded"
				}
			}
		}
		for _, p := range h.Pitfalls {
			line += " " + p.Rule
		}
		return line
	})
	wantLines(t, got, []string{
		"pay publish/enqueue guarded",
		"pay-no-check publish/enqueue",
	})
}

// TestClaimHelperThroughStoreInterface: changelogue's gate workers. A
// compare-and-set behind the store interface, on the store's own pool,
// whose "a row changed" the worker tests: the writes after it run only
// for the delivery that won, but commit apart from the claim
// (guard-separate-tx, no check-then-act); the event before it stays
// unguarded; an ignored outcome guards nothing; on the worker's own
// transaction the claim and the event commit together.
func TestClaimHelperThroughStoreInterface(t *testing.T) {
	got := handlerLines(resolveWith(t, analyzer.Hooks{KeepSummaries: true, Whole: true}, "claimiface"), func(h *result.Handler) string {
		line := h.Task
		for _, f := range h.Findings {
			line += " " + f.Rule
		}
		for _, e := range h.Effects {
			if e.Kind != "db_write" || e.Op == "claim" {
				continue
			}
			line += " " + e.Op + "/" + e.Target
			switch {
			case e.Issue != "":
				line += "=" + e.Issue
			case e.Guard != nil && e.Guard.SameTx:
				line += "=same-tx"
			case e.Guard != nil:
				line += "=guarded"
			}
		}
		return line
	})
	// MarkTriggered's set is idempotent: no guard needed, none given.
	wantLines(t, got, []string{
		"check unguarded guard-separate-tx insert/ci_events insert/ci_runs=guard-separate-tx update-set/ci_readiness",
		"ignored unguarded insert/ci_runs",
		"same-tx insert/ci_events=same-tx",
		"timeout guard-separate-tx insert/ci_events=guard-separate-tx insert/ci_runs=guard-separate-tx update-set/ci_readiness",
	})
}

// TestLostClaimAsErrorBehindInterface: a store's compare-and-set helpers
// that report a lost claim as an error made there (lockerrfix), reached
// per package (lockerrfix's handlers) and through an interface
// (lockerrwhole). A lock table's "can't lock" guards the mail after it
// and is duplicate-as-error; an unlock whose error a deferred closure
// only logs fails nothing; an optimistic lock on the version the handler
// just read is a lost race, not a duplicate; a pgx Query insert whose
// rows are only closed never returns its duplicate's failure, and keyed
// by the job's payload it writes nothing on a redelivery (guarded). Near
// misses: the mail before the lock, the unlock returned, the version the
// job carries, rows.Err() returned.
func TestLostClaimAsErrorBehindInterface(t *testing.T) {
	got := handlerLines(resolveOpts(t, declaredOpts(), analyzer.Hooks{KeepSummaries: true, Whole: true}, "lockerrfix", "lockerrwhole"), func(h *result.Handler) string {
		line := h.Task
		for _, f := range h.Findings {
			line += " " + f.Rule
		}
		for _, e := range h.Effects {
			if e.Kind == "http" || e.Kind == "publish" {
				line += " " + e.Kind + "/" + e.Op
				if e.Guard != nil {
					line += "=guarded"
				}
			}
		}
		for _, p := range h.Pitfalls {
			_, l, _ := effect.SplitPos(p.Pos)
			line += fmt.Sprintf(" %s@%d", p.Rule, l)
		}
		return line
	})
	wantLines(t, got, []string{
		"mail duplicate-as-error http/post=guarded duplicate-as-error@49",
		"mail-first unguarded duplicate-as-error http/post duplicate-as-error@49",
		"mail-unlock-returned duplicate-as-error duplicate-as-error http/post=guarded duplicate-as-error@49 duplicate-as-error@60",
		"run",
		"run-checked duplicate-as-error",
		"status unguarded publish/enqueue",
		"status-job-version duplicate-as-error publish/enqueue=guarded duplicate-as-error@79",
		"w-mail duplicate-as-error http/post=guarded duplicate-as-error@49",
		"w-mail-first unguarded duplicate-as-error http/post duplicate-as-error@49",
		"w-mail-unlock-returned duplicate-as-error duplicate-as-error http/post=guarded duplicate-as-error@49 duplicate-as-error@60",
		"w-run",
		"w-status unguarded publish/enqueue",
		"w-status-job-version duplicate-as-error publish/enqueue=guarded duplicate-as-error@79",
	})
}
