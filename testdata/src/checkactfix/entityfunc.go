package checkactfix

import (
	"context"

	"github.com/hibiken/asynq"
)

// A transaction helper whose callback parameter has a named func type:
// the closure is handed as a changetype of itself, and the helper must
// still be summarised before it (ghsync's entityTxFunc,
// internal/store/observation.go:283; checks.go comes before it).

// EntityFuncApplied: the claim and the event it gates run in the entity
// transaction handed to a callback of named type.
func (d *Deps) EntityFuncApplied(ctx context.Context, t *asynq.Task) error { // want EntityFuncApplied:`^effects: db_write/insert change_events guarded=processed_jobs; db_write/claim entities$`
	return d.withEntityFunc(ctx, func(entity entityTx) error {
		ctx, queries := entity.ctx, entity.queries
		changed, err := queries.ReplaceRows(ctx, t.Type())
		if err != nil {
			return err
		}
		if len(changed) > 0 {
			return emit(ctx, queries, t.Type())
		}
		return nil
	})
}

// EntityFuncOnPool: the same callback type, but the helper hands it
// queries on the pool: the claim and the event commit apart.
func (d *Deps) EntityFuncOnPool(ctx context.Context, t *asynq.Task) error { // want EntityFuncOnPool:`^effects: db_write/insert change_events issue=guard-separate-tx; db_write/claim entities$`
	return d.withPoolFunc(ctx, func(entity entityTx) error {
		ctx, queries := entity.ctx, entity.queries
		changed, err := queries.ReplaceRows(ctx, t.Type())
		if err != nil {
			return err
		}
		if len(changed) > 0 {
			return emit(ctx, queries, t.Type())
		}
		return nil
	})
}

type entityTxFunc func(entityTx) error

func (d *Deps) withEntityFunc(ctx context.Context, fn entityTxFunc) error { // want withEntityFunc:`^effects: calls p2; calls p2 in a transaction \(argument 0, fields 1,2\)$`
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if err := fn(entityTx{ctx: ctx, tx: tx, queries: newQueries(tx)}); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

func (d *Deps) withPoolFunc(ctx context.Context, fn entityTxFunc) error { // want withPoolFunc:`^effects: calls p2; calls p2 in a transaction \(argument 0, fields 1\)$`
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if err := fn(entityTx{ctx: ctx, tx: tx, queries: newQueries(d.Pool)}); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

func registerEntityFunc(mux *asynq.ServeMux, d *Deps) { // want registerEntityFunc:`^no effects$`
	mux.HandleFunc("entityfuncapplied", d.EntityFuncApplied)
	mux.HandleFunc("entityfunconpool", d.EntityFuncOnPool)
}
