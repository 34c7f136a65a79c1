package checkactfix

import (
	"context"

	"github.com/hibiken/asynq"
)

// LockedPage locks the cursor row (select … for update), leaves when it
// has moved on, and on the same transaction writes the ledger and moves
// the cursor (a compare-and-set): a second delivery waits for the first
// to commit, reads the moved cursor and leaves, so the ledger insert is
// guarded, and the compare-and-set's "no row" is never a duplicate's.
func (d *Deps) LockedPage(ctx context.Context, t *asynq.Task) error { // want LockedPage:`^effects: db_write/insert ledger guarded=processed_jobs; db_read/select cursors; db_write/claim cursors$`
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
	if _, err := tx.Exec(ctx, "insert into ledger (id) values ($1)", t.Type()); err != nil {
		return err
	}
	var next int
	if err := tx.QueryRow(ctx, "update cursors set page = $3 where id = $1 and page = $2 returning page", t.Type(), page, page+1).Scan(&next); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// LockedNoRecord locks and checks the cursor but never moves it: a second
// delivery reads the same row and inserts again (check-then-act needs the
// record too; here it is plainly unguarded).
func (d *Deps) LockedNoRecord(ctx context.Context, t *asynq.Task) error { // want LockedNoRecord:`^effects: db_write/insert ledger; db_read/select cursors$` `unguarded: handler \(\*checkactfix.Deps\).LockedNoRecord \(asynq task "lockednorecord"\) repeats its side effects when a job is delivered twice: insert into ledger`
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
	if _, err := tx.Exec(ctx, "insert into ledger (id) values ($1)", t.Type()); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// SkipLocked is LockedPage with for update skip locked, which does not
// wait: a second delivery running at once finds no row (an error, retried
// later), one after the commit reads the moved cursor. The work runs only
// on the row found (its error tested first), so the lock holds the check
// as the waiting one does (lockedrows.go): the insert is guarded and the
// compare-and-set's "no row" is never a duplicate's.
func (d *Deps) SkipLocked(ctx context.Context, t *asynq.Task) error { // want SkipLocked:`^effects: db_write/insert ledger guarded=processed_jobs; db_read/select cursors; db_write/claim cursors$`
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var page int
	if err := tx.QueryRow(ctx, "select page from cursors where id = $1 for update skip locked", t.Type()).Scan(&page); err != nil {
		return err
	}
	if page != 3 {
		return tx.Commit(ctx)
	}
	if _, err := tx.Exec(ctx, "insert into ledger (id) values ($1)", t.Type()); err != nil {
		return err
	}
	var next int
	if err := tx.QueryRow(ctx, "update cursors set page = $3 where id = $1 and page = $2 returning page", t.Type(), page, page+1).Scan(&next); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
