package checkactfix

import (
	"context"

	"github.com/hibiken/asynq"
)

// Several compare-and-set writes in one entity transaction, their
// outcomes kept in the fields of a result the caller declared, and the
// change emitted when any of them changed something (ghsync's
// applyPullRequest, internal/store/pull_request.go:214-623:
// result.Applied = result.DomainChanged || threadsChanged || …). A
// duplicate changes none of them, so every operand is false.

type applyResult struct {
	Key            string
	DomainChanged  bool
	ReviewsChanged bool
	Applied        bool
}

// EntityAnyChanged emits only when one of the claims changed a row.
func (d *Deps) EntityAnyChanged(ctx context.Context, t *asynq.Task) error { // want EntityAnyChanged:`^effects: db_write/insert change_events guarded=processed_jobs; db_write/claim entities; db_write/claim entities$`
	var result applyResult
	err := d.withEntityTx(ctx, func(entity entityTx) error {
		ctx, queries := entity.ctx, entity.queries
		result = applyResult{Key: t.Type()}
		applied, err := queries.UpsertNewer(ctx, t.Type(), 5)
		if err != nil {
			return err
		}
		result.DomainChanged = applied
		threadsChanged := false
		if len(t.Payload()) > 1 {
			changed, err := queries.ReplaceRows(ctx, t.Type())
			if err != nil {
				return err
			}
			threadsChanged = len(changed) > 0
		}
		if len(t.Payload()) > 3 {
			// Set only when fetched: otherwise the literal's false.
			changed, err := queries.ReplaceRows(ctx, t.Type()+"/reviews")
			if err != nil {
				return err
			}
			result.ReviewsChanged = len(changed) > 0
		}
		result.Applied = result.DomainChanged || threadsChanged ||
			result.ReviewsChanged
		if result.Applied {
			if err := emit(ctx, queries, t.Type()); err != nil {
				return err
			}
		}
		return nil
	})
	return err
}

// EntityAnyForced ORs the outcomes with a flag of the job's: true on a
// duplicate too, so the emit is not guarded.
func (d *Deps) EntityAnyForced(ctx context.Context, t *asynq.Task) error { // want EntityAnyForced:`^effects: db_write/insert change_events; db_write/claim entities$` `unguarded: handler \(\*checkactfix.Deps\).EntityAnyForced .*insert into change_events`
	var result applyResult
	force := len(t.Payload()) > 2
	err := d.withEntityTx(ctx, func(entity entityTx) error {
		ctx, queries := entity.ctx, entity.queries
		result = applyResult{Key: t.Type()}
		applied, err := queries.UpsertNewer(ctx, t.Type(), 6)
		if err != nil {
			return err
		}
		result.DomainChanged = applied
		result.Applied = result.DomainChanged || force
		if result.Applied {
			if err := emit(ctx, queries, t.Type()); err != nil {
				return err
			}
		}
		return nil
	})
	return err
}

// EntityAnySplit reads the second outcome from a write on the pool's
// queries, committed by itself: a crash after it and before the entity
// transaction commits leaves it changed, so the redelivery finds nothing
// changed there and the OR decides nothing together.
func (d *Deps) EntityAnySplit(ctx context.Context, t *asynq.Task) error { // want EntityAnySplit:`^effects: db_write/insert change_events; db_write/upsert-set entities; db_write/claim entities$` `unguarded: handler \(\*checkactfix.Deps\).EntityAnySplit .*insert into change_events`
	var result applyResult
	err := d.withEntityTx(ctx, func(entity entityTx) error {
		ctx, queries := entity.ctx, entity.queries
		applied, err := queries.UpsertNewer(ctx, t.Type(), 7)
		if err != nil {
			return err
		}
		result.DomainChanged = applied
		changed, err := newQueries(d.Pool).ReplaceRows(ctx, t.Type())
		if err != nil {
			return err
		}
		result.Applied = result.DomainChanged || len(changed) > 0
		if result.Applied {
			if err := emit(ctx, queries, t.Type()); err != nil {
				return err
			}
		}
		return nil
	})
	return err
}

// EntityAnyStale sets the second outcome only in a branch and never
// resets the result: when the branch is skipped the field holds what it
// held before the callback ran, which nothing here says is false.
func (d *Deps) EntityAnyStale(ctx context.Context, t *asynq.Task) error { // want EntityAnyStale:`^effects: db_write/insert change_events; db_write/upsert-set entities; db_write/claim entities$` `unguarded: handler \(\*checkactfix.Deps\).EntityAnyStale .*insert into change_events`
	var result applyResult
	err := d.withEntityTx(ctx, func(entity entityTx) error {
		ctx, queries := entity.ctx, entity.queries
		applied, err := queries.UpsertNewer(ctx, t.Type(), 8)
		if err != nil {
			return err
		}
		result.DomainChanged = applied
		if len(t.Payload()) > 3 {
			changed, err := queries.ReplaceRows(ctx, t.Type())
			if err != nil {
				return err
			}
			result.ReviewsChanged = len(changed) > 0
		}
		result.Applied = result.DomainChanged || result.ReviewsChanged
		if result.Applied {
			if err := emit(ctx, queries, t.Type()); err != nil {
				return err
			}
		}
		return nil
	})
	return err
}

func registerEntityAny(mux *asynq.ServeMux, d *Deps) { // want registerEntityAny:`^no effects$`
	mux.HandleFunc("entityany", d.EntityAnyChanged)
	mux.HandleFunc("entityanyforced", d.EntityAnyForced)
	mux.HandleFunc("entityanysplit", d.EntityAnySplit)
	mux.HandleFunc("entityanystale", d.EntityAnyStale)
}
