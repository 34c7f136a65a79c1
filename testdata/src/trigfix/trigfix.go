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
