package replacefix

import (
	"context"

	"github.com/hibiken/asynq"
)

// A row's version stepped alone and returned is a change token drawn (a
// sequence's number): a second delivery moves it once more. A version
// stepped with a count beside it stays an increment.

// Touched advances the entity's observation version after its write.
func (d *Deps) Touched(ctx context.Context, t *asynq.Task) error { // want Touched:`^effects: db_write/nextval rp_versions$`
	var v int64
	return d.Pool.QueryRow(ctx, `insert into rp_versions (k, version) values ($1, 1)
		on conflict (k) do update set version = rp_versions.version + 1 returning version`, t.Type()).Scan(&v)
}

// Counted steps the version and a count of edits together.
func (d *Deps) Counted(ctx context.Context, t *asynq.Task) error { // want Counted:`^effects: db_write/update-increment rp_versions$` `unguarded: handler \(\*replacefix.Deps\).Counted`
	_, err := d.Pool.Exec(ctx, "update rp_versions set version = version + 1, edits = edits + 1 where k = $1", t.Type())
	return err
}

// Completed marks the page completed (a compare-and-set in a CTE) and
// reads back how many rows it changed: one row whatever happened, so a
// duplicate gets 0, not "no rows", and its error is a real one.
func (d *Deps) Completed(ctx context.Context, t *asynq.Task) error { // want Completed:`^effects: db_write/insert rp_labels guarded=processed_jobs; db_write/claim rp_pages$`
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var n int64
	if err := tx.QueryRow(ctx, `with c as (update rp_pages set status = 'done' where id = $1 and status = 'pending' returning id)
		select count(*)::bigint from c where (select 1) >= 0`, t.Type()).Scan(&n); err != nil {
		return err
	}
	if n == 0 {
		return tx.Commit(ctx)
	}
	if _, err := tx.Exec(ctx, "insert into rp_labels (post_id, label) values ($1, 'done')", t.Type()); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// CompletedRow reads the changed row itself: a duplicate gets no row,
// and the handler returns that as an error.
func (d *Deps) CompletedRow(ctx context.Context, t *asynq.Task) error { // want CompletedRow:`^effects: db_write/insert rp_labels guarded=processed_jobs; db_write/claim rp_pages$`
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var id string
	if err := tx.QueryRow(ctx, `with c as (update rp_pages set status = 'done' where id = $1 and status = 'pending' returning id)
		select id from c`, t.Type()).Scan(&id); err != nil {
		return err // want `duplicate-as-error: a duplicate delivery \(no row returned by the claim\) takes this error path`
	}
	if _, err := tx.Exec(ctx, "insert into rp_labels (post_id, label) values ($1, 'done')", t.Type()); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

func registerDrawn(mux *asynq.ServeMux, d *Deps) { // want registerDrawn:`^no effects$`
	mux.HandleFunc("touched", d.Touched)
	mux.HandleFunc("counted", d.Counted)
	mux.HandleFunc("completed", d.Completed)
	mux.HandleFunc("completedrow", d.CompletedRow)
}
