package checkactfix

import (
	"context"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// dbtx is a generated querier's handle: a pool or a transaction.
type dbtx interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

type queries struct{ db dbtx }

func newQueries(db dbtx) *queries { return &queries{db: db} } // want newQueries:`^no effects$` newQueries:`^stores map\[0:\[field checkactfix.queries.db\]\]$`

func (q *queries) RecordHeartbeat(ctx context.Context, op string) error { // want RecordHeartbeat:`^effects: db_write/upsert-increment heartbeats @p0$`
	_, err := q.db.Exec(ctx, "insert into heartbeats (op, n) values ($1, 1) on conflict (op) do update set n = heartbeats.n + 1", op)
	return err
}

// recordSuccess wraps the handle it is given again: its effect runs on
// what its caller passes (@p1), a pool or a transaction.
func recordSuccess(ctx context.Context, db dbtx, op string) error { // want recordSuccess:`^effects: db_write/upsert-increment heartbeats @p1$`
	return newQueries(db).RecordHeartbeat(ctx, op)
}

// LockedWrapped is LockedPage whose write goes through a helper that
// wraps the transaction it is passed in a querier of its own (ghsync's
// opsstate.RecordSuccessN(ctx, tx, …) → dbgen.New(db)): the write is on
// the locked transaction, guarded as LockedPage's.
func (d *Deps) LockedWrapped(ctx context.Context, t *asynq.Task) error { // want LockedWrapped:`^effects: db_write/upsert-increment heartbeats guarded=processed_jobs; db_read/select cursors; db_write/claim cursors$`
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var page int
	if err := tx.QueryRow(ctx, "select page from cursors where id = $1 for update", t.Type()).Scan(&page); err != nil {
		return err
	}
	if page != 3 {
		return tx.Commit(ctx)
	}
	if err := recordSuccess(ctx, tx, "page"); err != nil {
		return err
	}
	var next int
	if err := tx.QueryRow(ctx, "update cursors set page = $3 where id = $1 and page = $2 returning page", t.Type(), page, page+1).Scan(&next); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// LockedWrappedPool passes the helper the pool: its write commits apart
// from the locked transaction, and a second delivery that finds the
// cursor moved has already counted once more.
func (d *Deps) LockedWrappedPool(ctx context.Context, t *asynq.Task) error { // want LockedWrappedPool:`^effects: db_write/upsert-increment heartbeats; db_read/select cursors; db_write/claim cursors$` `unguarded: handler \(\*checkactfix.Deps\).LockedWrappedPool`
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var page int
	if err := tx.QueryRow(ctx, "select page from cursors where id = $1 for update", t.Type()).Scan(&page); err != nil {
		return err
	}
	if page != 3 {
		return tx.Commit(ctx)
	}
	if err := recordSuccess(ctx, d.Pool, "page"); err != nil {
		return err
	}
	var next int
	if err := tx.QueryRow(ctx, "update cursors set page = $3 where id = $1 and page = $2 returning page", t.Type(), page, page+1).Scan(&next); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
