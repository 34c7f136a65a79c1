package jobs

import (
	"context"
	"sort"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
)

// A writer's hook run only when it is set (ghsync's applyPullRequest: if
// hook != nil), on the real River and pgx: RiverPage's literals leave Hook
// out, so the hook's River insert is not its effect (its update sets a
// flag: safe); RiverPageHooked's literal sets Hook (near miss), so the
// hook's insert of a child job is, unguarded.

// PageHook makes the transaction work of one applied item.
type PageHook func(applied bool) func(ctx context.Context, tx pgx.Tx) error

// PageApply is one item of a batch.
type PageApply struct {
	ID   string
	Hook PageHook
}

// PageWriter applies batches.
type PageWriter struct{ Pool *pgxpool.Pool }

func (w *PageWriter) withTx(ctx context.Context, fn func(tx pgx.Tx) error) error {
	tx, err := w.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx) //nolint:errcheck
	if err := fn(tx); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

func (w *PageWriter) apply(ctx context.Context, id string, hook PageHook) error {
	return w.withTx(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "update pages set seen = true where id = $1", id); err != nil {
			return err
		}
		if hook != nil {
			if work := hook(true); work != nil {
				return work(ctx, tx)
			}
		}
		return nil
	})
}

// ApplyBatch applies a sorted copy of the batch.
func (w *PageWriter) ApplyBatch(ctx context.Context, applies []PageApply) error {
	sorted := append([]PageApply(nil), applies...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].ID < sorted[j].ID })
	for index := range sorted {
		a := &sorted[index]
		if err := w.apply(ctx, a.ID, a.Hook); err != nil {
			return err
		}
	}
	return nil
}

// RiverPageArgs is a page of ids.
type RiverPageArgs struct {
	IDs []string `json:"ids"`
}

// Kind names the page job.
func (RiverPageArgs) Kind() string { return "river:page" }

// RiverPageHookedArgs is the near miss's page.
type RiverPageHookedArgs struct {
	IDs []string `json:"ids"`
}

// Kind names the near miss's job.
func (RiverPageHookedArgs) Kind() string { return "river:page-hooked" }

// RiverPageChildArgs is the job the hook enqueues.
type RiverPageChildArgs struct {
	ID string `json:"id"`
}

// Kind names the child job.
func (RiverPageChildArgs) Kind() string { return "river:page-child" }

func enqueueChild(id string) PageHook {
	return func(applied bool) func(ctx context.Context, tx pgx.Tx) error {
		if !applied {
			return nil
		}
		return func(ctx context.Context, tx pgx.Tx) error {
			_, err := river.ClientFromContext[pgx.Tx](ctx).InsertTx(ctx, tx, RiverPageChildArgs{ID: id}, nil)
			return err
		}
	}
}

// RiverPage applies its page without hooks.
type RiverPage struct {
	river.WorkerDefaults[RiverPageArgs]
	W *PageWriter
}

// Work applies the page.
func (p *RiverPage) Work(ctx context.Context, job *river.Job[RiverPageArgs]) error {
	applies := make([]PageApply, 0, len(job.Args.IDs))
	for _, id := range job.Args.IDs {
		applies = append(applies, PageApply{ID: id})
	}
	return p.W.ApplyBatch(ctx, applies)
}

// RiverPageHooked applies its page with a hook that enqueues a child.
type RiverPageHooked struct {
	river.WorkerDefaults[RiverPageHookedArgs]
	W *PageWriter
}

// Work applies the page.
func (p *RiverPageHooked) Work(ctx context.Context, job *river.Job[RiverPageHookedArgs]) error {
	applies := make([]PageApply, 0, len(job.Args.IDs))
	for _, id := range job.Args.IDs {
		applies = append(applies, PageApply{ID: id, Hook: enqueueChild(id)})
	}
	return p.W.ApplyBatch(ctx, applies)
}
