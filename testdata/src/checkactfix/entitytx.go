package checkactfix

import (
	"context"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5"
)

type entityTx struct {
	ctx     context.Context
	tx      pgx.Tx
	queries *queries
}

// withEntityTx hands its callback a struct value whose tx and queries
// fields are the transaction (ghsync's store.withEntityTx,
// internal/store/observation.go:310).
func (d *Deps) withEntityTx(ctx context.Context, fn func(entityTx) error) error { // want withEntityTx:`^effects: calls p2; calls p2 in a transaction \(argument 0, fields 1,2\)$`
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

func (q *queries) UpsertNewer(ctx context.Context, k string, v int) (bool, error) { // want UpsertNewer:`^effects: db_write/claim entities @p0; returns claim result 0 \(first\)$`
	tag, err := q.db.Exec(ctx, "insert into entities (k, v) values ($1, $2) on conflict (k) do update set v = excluded.v where entities.v < excluded.v", k, v) // want `guard-separate-tx: the claim on entities commits separately from the insert into change_events`
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() > 0, nil
}

func (q *queries) InsertChangeEvent(ctx context.Context, k string) error { // want InsertChangeEvent:`^effects: db_write/insert change_events @p0$`
	_, err := q.db.Exec(ctx, "insert into change_events (k) values ($1)", k)
	return err
}

func emit(ctx context.Context, q *queries, k string) error { // want emit:`^effects: db_write/insert change_events @p1$`
	return q.InsertChangeEvent(ctx, k)
}

// EntityApplied: the write-if-newer upsert and the change event it emits
// when applied run in one entity transaction handed to a callback.
func (d *Deps) EntityApplied(ctx context.Context, t *asynq.Task) error { // want EntityApplied:`^effects: db_write/insert change_events guarded=processed_jobs; db_write/claim entities$`
	return d.withEntityTx(ctx, func(entity entityTx) error {
		ctx, queries := entity.ctx, entity.queries
		applied, err := queries.UpsertNewer(ctx, t.Type(), 3)
		if err != nil {
			return err
		}
		if applied {
			return emit(ctx, queries, t.Type())
		}
		return nil
	})
}

// withPoolQueries hands its callback the transaction, but queries on the
// pool: only the tx field is the transaction.
func (d *Deps) withPoolQueries(ctx context.Context, fn func(entityTx) error) error { // want withPoolQueries:`^effects: calls p2; calls p2 in a transaction \(argument 0, fields 1\)$`
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

// EntityOnPool: the claim and the event run on the pool's queries, each
// committed by itself.
func (d *Deps) EntityOnPool(ctx context.Context, t *asynq.Task) error { // want EntityOnPool:`^effects: db_write/insert change_events issue=guard-separate-tx; db_write/claim entities$`
	return d.withPoolQueries(ctx, func(entity entityTx) error {
		ctx, queries := entity.ctx, entity.queries
		applied, err := queries.UpsertNewer(ctx, t.Type(), 4)
		if err != nil {
			return err
		}
		if applied {
			return emit(ctx, queries, t.Type())
		}
		return nil
	})
}
