// Package nilhookfix covers a func-typed field that the callers' literals
// leave unset (ghsync's BackfillRepoPage: store.PullRequestApply{Record:
// *record} without Hook, handed to ApplyPullRequestBatch, whose
// applyPullRequest calls the hook only if hook != nil): the effects of
// the hook run under that test (effect.Cond, Value "nil"), which a
// caller's literal leaving the field out decides false, through a slice
// built by append and copied, sorted and indexed by the writer, and
// through the closure that captures the hook. Near misses: a literal that
// sets Hook (the hook's effect stays), a batch of unknown origin (stays).
package nilhookfix

import (
	"context"
	"database/sql"
	"sort"

	"github.com/riverqueue/river"
)

type Result struct{ Applied bool }

type TxHook func(ctx context.Context, tx *sql.Tx) error

type Hook func(Result) TxHook

type Apply struct {
	ID   string
	Hook Hook
}

type Writer struct{ DB *sql.DB }

func (w *Writer) withTx(ctx context.Context, fn func(tx *sql.Tx) error) error { // want withTx:"effects: calls p2"
	tx, err := w.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer func() { _ = tx.Rollback() }()
	if err := fn(tx); err != nil {
		return err
	}
	return tx.Commit()
}

// apply runs the hook's transaction work only when there is a hook.
func (w *Writer) apply(ctx context.Context, id string, hook Hook) error { // want apply:`^effects: dynamic_call/call the result of a call; db_write/update-set items; calls p3$`
	return w.withTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, "update items set seen = true where id = $1", id); err != nil {
			return err
		}
		if hook != nil {
			if th := hook(Result{Applied: true}); th != nil {
				return th(ctx, tx)
			}
		}
		return nil
	})
}

// ApplyBatch applies each item of a sorted copy of the batch.
func (w *Writer) ApplyBatch(ctx context.Context, applies []Apply) error { // want ApplyBatch:`^effects: dynamic_call/call the result of a call; dynamic_call/call nilhookfix.Apply.Hook; db_write/update-set items$`
	sorted := append([]Apply(nil), applies...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].ID < sorted[j].ID })
	for index := range sorted {
		a := &sorted[index]
		if err := w.apply(ctx, a.ID, a.Hook); err != nil {
			return err
		}
	}
	return nil
}

func followups(w *Writer) Hook { // want followups:"no effects" followups:"returns nilhookfix.followups.func1"
	return func(r Result) TxHook {
		return func(ctx context.Context, tx *sql.Tx) error {
			_, err := tx.ExecContext(ctx, "insert into followups(applied) values ($1)", r.Applied)
			return err
		}
	}
}

type PageArgs struct{ IDs []string }

func (PageArgs) Kind() string { return "page" } // want Kind:"no effects" Kind:`const "page"`

// PageWorker's literals leave Hook out: the hook never runs.
type PageWorker struct {
	river.WorkerDefaults[PageArgs]
	W *Writer
}

func (p *PageWorker) Work(ctx context.Context, job *river.Job[PageArgs]) error { // want Work:`^effects: db_write/update-set items$`
	applies := make([]Apply, 0, len(job.Args.IDs))
	for _, id := range job.Args.IDs {
		applies = append(applies, Apply{ID: id})
	}
	return p.W.ApplyBatch(ctx, applies)
}

type HookedArgs struct{ IDs []string }

func (HookedArgs) Kind() string { return "hooked" } // want Kind:"no effects" Kind:`const "hooked"`

// HookedWorker's literal sets Hook (near miss): the hook's call stays.
type HookedWorker struct {
	river.WorkerDefaults[HookedArgs]
	W *Writer
}

func (p *HookedWorker) Work(ctx context.Context, job *river.Job[HookedArgs]) error { // wholewant `^unguarded: .*twice: insert into followups \(medium\) at` // want Work:`^effects: dynamic_call/call the result of a call; dynamic_call/call nilhookfix.Apply.Hook; db_write/update-set items$` `unresolved: go vet cannot tell`
	applies := make([]Apply, 0, len(job.Args.IDs))
	for _, id := range job.Args.IDs {
		applies = append(applies, Apply{ID: id, Hook: followups(p.W)})
	}
	return p.W.ApplyBatch(ctx, applies)
}

type QueuedArgs struct{ N int }

func (QueuedArgs) Kind() string { return "queued" } // want Kind:"no effects" Kind:`const "queued"`

// QueuedWorker's batch comes from a field it does not build (near miss):
// whether its items have a hook is not known, the call stays.
type QueuedWorker struct {
	river.WorkerDefaults[QueuedArgs]
	W       *Writer
	Pending []Apply
}

func (p *QueuedWorker) Work(ctx context.Context, job *river.Job[QueuedArgs]) error { // wholewant `^unguarded: .*twice: insert into followups \(medium\) at` // want Work:`^effects: dynamic_call/call the result of a call; dynamic_call/call nilhookfix.Apply.Hook; db_write/update-set items$` `unresolved: go vet cannot tell`
	return p.W.ApplyBatch(ctx, p.Pending[:job.Args.N])
}

// Submit passes its batch on: its callers decide the test.
func (w *Writer) Submit(ctx context.Context, applies []Apply) error { // want Submit:`^effects: dynamic_call/call the result of a call; dynamic_call/call nilhookfix.Apply.Hook; db_write/update-set items$`
	return w.ApplyBatch(ctx, applies)
}

type RelayArgs struct{ IDs []string }

func (RelayArgs) Kind() string { return "relay" } // want Kind:"no effects" Kind:`const "relay"`

// RelayWorker's literals leave Hook out, through Submit: the hook never
// runs.
type RelayWorker struct {
	river.WorkerDefaults[RelayArgs]
	W *Writer
}

func (p *RelayWorker) Work(ctx context.Context, job *river.Job[RelayArgs]) error { // want Work:`^effects: db_write/update-set items$`
	var applies []Apply
	for _, id := range job.Args.IDs {
		applies = append(applies, Apply{ID: id})
	}
	return p.W.Submit(ctx, applies)
}
