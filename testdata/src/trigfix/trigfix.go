// Package trigfix writes to a table with a trigger (migrations/002_audit.sql):
// the write gains the trigger function's effects, with the migration's
// file and line in the path, and a trigger on the trigger's own table is
// followed too.
package trigfix

import (
	"context"
	"database/sql"

	"github.com/hibiken/asynq"
)

type Deps struct{ DB *sql.DB }

func (d *Deps) Credit(ctx context.Context, t *asynq.Task) error { // want Credit:"db_write/insert audit_log; db_write/update-increment big_moves; db_write/insert ledger; db_write/notify ledger_changed" `unguarded: handler \(\*trigfix.Deps\).Credit .*insert into ledger \(medium\) at trigfix/trigfix.go:17 is not guarded, nor are 2 other effects`
	_, err := d.DB.ExecContext(ctx, "insert into ledger(amount) values ($1)", 10)
	return err
}

// Cleanup deletes: the trigger does not fire on delete.
func (d *Deps) Cleanup(ctx context.Context, t *asynq.Task) error { // want Cleanup:"db_write/delete ledger"
	_, err := d.DB.ExecContext(ctx, "delete from ledger where amount = 0")
	return err
}

// Pay moves the order from pending to paid (a compare-and-set claim): the
// update trigger's insert runs only for the delivery whose update wins, in
// the same statement: guarded, like the shipment it decides.
func (d *Deps) Pay(ctx context.Context, t *asynq.Task) error { // want Pay:"db_write/insert order_events guarded=processed_jobs; db_write/insert shipments guarded=processed_jobs; db_write/claim orders"
	tx, err := d.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, "update orders set state = 'paid' where id = $1 and state = 'pending'", 7)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	if _, err := tx.ExecContext(ctx, "insert into shipments(order_id) values ($1)", 7); err != nil {
		return err
	}
	return tx.Commit()
}

// Claim inserts the job's key: the insert trigger runs only when the key is new.
func (d *Deps) Claim(ctx context.Context, t *asynq.Task) error { // want Claim:"db_write/insert processed_log guarded=processed_jobs; db_write/claim processed_jobs"
	_, err := d.DB.ExecContext(ctx, "insert into processed_jobs(job_key) values ($1) on conflict do nothing", t.Type())
	return err
}

// Rename updates a profile: its trigger only sets NEW.updated_at, so the
// update is its only effect.
func (d *Deps) Rename(ctx context.Context, t *asynq.Task) error { // want Rename:"db_write/update-set profiles"
	_, err := d.DB.ExecContext(ctx, "update profiles set name = $1 where id = $2", "n", 1)
	return err
}

// Close updates an account whose trigger's function is not declared: the
// trigger's effect stays unknown (near miss of Rename).
func (d *Deps) Close(ctx context.Context, t *asynq.Task) error { // want Close:"db_write/unknown; db_write/update-set accounts"
	_, err := d.DB.ExecContext(ctx, "update accounts set closed = true where id = $1", 1)
	return err
}

// Visit updates a visit whose trigger assigns the result of a function
// that inserts: the insert is the trigger's effect (near miss of Rename).
func (d *Deps) Visit(ctx context.Context, t *asynq.Task) error { // want Visit:"db_write/insert seen_log; db_write/update-set visits" `unguarded: handler \(\*trigfix.Deps\).Visit .*insert into seen_log \(medium\) at trigfix/migrations/003_touch.sql:21 is not guarded`
	_, err := d.DB.ExecContext(ctx, "update visits set n = 2 where id = $1", 1)
	return err
}

// Archive deletes an archive whose trigger a later step dropped: the
// delete is its only effect.
func (d *Deps) Archive(ctx context.Context, t *asynq.Task) error { // want Archive:"db_write/delete archives"
	_, err := d.DB.ExecContext(ctx, "delete from archives where id = $1", 1)
	return err
}

// Touch updates a cart whose trigger function was replaced by one that
// only stamps NEW (the old body's insert comes back only in the Down
// section): the update is its only effect.
func (d *Deps) Touch(ctx context.Context, t *asynq.Task) error { // want Touch:"db_write/update-set carts"
	_, err := d.DB.ExecContext(ctx, "update carts set n = 2 where id = $1", 1)
	return err
}

// Expire updates a session and a token, whose triggers are created only by
// down migrations (a Down section, a .down.sql file): the updates are its
// only effects.
func (d *Deps) Expire(ctx context.Context, t *asynq.Task) error { // want Expire:"db_write/update-set sessions; db_write/update-set tokens"
	if _, err := d.DB.ExecContext(ctx, "update sessions set n = 2 where id = $1", 1); err != nil {
		return err
	}
	_, err := d.DB.ExecContext(ctx, "update tokens set n = 2 where id = $1", 1)
	return err
}

// Award updates a badge whose trigger function was replaced: the new
// body's insert is the trigger's effect, not the old one's (the Down
// section's drops are not applied).
func (d *Deps) Award(ctx context.Context, t *asynq.Task) error { // want Award:"db_write/insert badge_events; db_write/update-set badges" `unguarded: handler \(\*trigfix.Deps\).Award .*insert into badge_events \(medium\) at trigfix/migrations/006_badges.sql:15 is not guarded`
	_, err := d.DB.ExecContext(ctx, "update badges set n = 2 where id = $1", 1)
	return err
}

// Promote moves a badge's level only upward (set n = $2 where … and n <
// $2, set-if-newer): a second delivery changes no row, so the update
// trigger's insert fires only for the first, in its statement (near miss:
// Award, whose update changes the row on every run).
func (d *Deps) Promote(ctx context.Context, t *asynq.Task) error { // want Promote:"db_write/insert badge_events guarded=processed_jobs; db_write/update-set badges"
	_, err := d.DB.ExecContext(ctx, "update badges set n = $2 where id = $1 and n < $2", 1, 3)
	return err
}
