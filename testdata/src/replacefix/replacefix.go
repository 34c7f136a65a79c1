// Package replacefix covers delete-then-insert replaces: a scope of a
// table cleared (a part of its unique key, fixed by values that are the
// same on every delivery) and its rows inserted again on the same handle
// is a set. Near misses stay inserts: a row deleted by its whole key
// (a queue's item) before another is inserted, a scope computed from the
// clock, an insert before the delete, an insert into another table, a
// delete on another handle, a prune by age.
package replacefix

import (
	"context"
	"time"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Deps struct{ Pool *pgxpool.Pool }

func (d *Deps) writeTags(ctx context.Context, tx pgx.Tx, post string, tags []string) error { // want writeTags:`^effects: db_write/delete rp_tags @p2; db_write/upsert-set rp_tags @p2$`
	if _, err := tx.Exec(ctx, "delete from rp_tags where post_id = $1", post); err != nil {
		return err
	}
	for _, t := range tags {
		if _, err := tx.Exec(ctx, "insert into rp_tags (post_id, tag) values ($1, $2)", post, t); err != nil {
			return err
		}
	}
	return nil
}

// Replace: the post's tags are cleared and written again in one
// transaction: a second delivery ends with the same rows.
func (d *Deps) Replace(ctx context.Context, t *asynq.Task) error { // want Replace:`^effects: db_write/delete rp_tags; db_write/upsert-set rp_tags$`
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if err := d.writeTags(ctx, tx, t.Type(), []string{"a", "b"}); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// NextItem: the item is deleted by its whole key, the next one inserted:
// not a replace. A second delivery deletes nothing and inserts the next
// one again, whose id, from the task, fails on the primary key: the error
// returned.
func (d *Deps) NextItem(ctx context.Context, t *asynq.Task) error { // want NextItem:`^effects: db_write/insert rp_queue; db_write/delete rp_queue$` `duplicate-as-error: a second delivery's insert into rp_queue \(medium\) at replacefix/replacefix.go:\d+ fails on the duplicate \(a second insert of the row violates the primary key \(id\) at declared/migrations/003_replacefix.sql:10, filled from t.Type\(\) \+ "-next"\) and handler \(\*replacefix.Deps\).NextItem returns that error`
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "delete from rp_queue where id = $1", t.Type()); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, "insert into rp_queue (id, body) values ($1, $2)", t.Type()+"-next", "x"); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// Rotate: the scope is yesterday, computed from the clock: a delivery on
// the next day clears another day and inserts into today's again.
func (d *Deps) Rotate(ctx context.Context, t *asynq.Task) error { // want Rotate:`^effects: db_write/insert rp_days; db_write/delete rp_days$` `unguarded: handler \(\*replacefix.Deps\).Rotate`
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	yesterday := time.Now().AddDate(0, 0, -1).Format("2006-01-02")
	if _, err := tx.Exec(ctx, "delete from rp_days where day = $1", yesterday); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, "insert into rp_days (day, slot) values ($1, 1)", time.Now().Format("2006-01-02")); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// InsertFirst: the insert runs before the delete.
func (d *Deps) InsertFirst(ctx context.Context, t *asynq.Task) error { // want InsertFirst:`^effects: db_write/insert rp_labels; db_write/delete rp_labels$` `unguarded: handler \(\*replacefix.Deps\).InsertFirst`
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "insert into rp_labels (post_id, label) values ($1, 'new')", t.Type()); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, "delete from rp_labels where post_id = $1", t.Type()); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// OtherHandle: the delete runs on the pool, the insert in a transaction
// the function begins itself.
func (d *Deps) OtherHandle(ctx context.Context, t *asynq.Task) error { // want OtherHandle:`^effects: db_write/insert rp_labels; db_write/delete rp_labels$` `unguarded: handler \(\*replacefix.Deps\).OtherHandle`
	if _, err := d.Pool.Exec(ctx, "delete from rp_labels where post_id = $1", t.Type()); err != nil {
		return err
	}
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "insert into rp_labels (post_id, label) values ($1, 'x')", t.Type()); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// Pruned: rows older than a week are pruned, then a row inserted.
func (d *Deps) Pruned(ctx context.Context, t *asynq.Task) error { // want Pruned:`^effects: db_write/insert rp_days; db_write/delete rp_days$` `unguarded: handler \(\*replacefix.Deps\).Pruned`
	if _, err := d.Pool.Exec(ctx, "delete from rp_days where day < now() - interval '7 days'"); err != nil {
		return err
	}
	_, err := d.Pool.Exec(ctx, "insert into rp_days (day, slot) values ($1, 1)", t.Type())
	return err
}

func register(mux *asynq.ServeMux, d *Deps) { // want register:`^no effects$`
	mux.HandleFunc("replace", d.Replace)
	mux.HandleFunc("next", d.NextItem)
	mux.HandleFunc("rotate", d.Rotate)
	mux.HandleFunc("insertfirst", d.InsertFirst)
	mux.HandleFunc("otherhandle", d.OtherHandle)
	mux.HandleFunc("pruned", d.Pruned)
}
