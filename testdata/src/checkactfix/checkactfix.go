// Package checkactfix covers check-then-act: the handler reads whether the
// work was done, does it, and records it afterwards; a concurrent or
// crashed delivery sees "not done" as well. A lookup whose failure is an
// error is not a guard check, and a claim first is the fix.
package checkactfix

import (
	"context"
	"database/sql"
	"errors"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Deps struct {
	Pool *pgxpool.Pool
	DB   *sql.DB
}

// CheckFirst: select exists, effects, then the record (whose insert repeats
// only when the effects do: it carries check-then-act too).
func (d *Deps) CheckFirst(ctx context.Context, t *asynq.Task) error { // want CheckFirst:`^effects: db_write/update-increment accounts issue=check-then-act; db_write/insert processed_jobs issue=check-then-act; db_read/select processed_jobs$`
	var done bool
	if err := d.Pool.QueryRow(ctx, "select exists(select 1 from processed_jobs where key = $1)", t.Type()).Scan(&done); err != nil { // want `check-then-act: this check of processed_jobs and the write into it at checkactfix/checkactfix.go:\d+ sit on either side of the update-increment of accounts`
		return err
	}
	if done {
		return nil
	}
	if _, err := d.Pool.Exec(ctx, "update accounts set balance = balance + 1 where id = $1", t.Type()); err != nil {
		return err
	}
	_, err := d.Pool.Exec(ctx, "insert into processed_jobs (key) values ($1)", t.Type())
	return err
}

// NoRows: database/sql, the check is "no row yet".
func (d *Deps) NoRows(ctx context.Context, t *asynq.Task) error { // want NoRows:`^effects: db_write/insert ledger issue=check-then-act; db_write/insert sent_emails issue=check-then-act; db_read/select sent_emails$`
	var id string
	err := d.DB.QueryRowContext(ctx, "select id from sent_emails where id = $1", t.Type()).Scan(&id) // want `check-then-act: this check of sent_emails`
	if err == nil {
		return nil // sent before
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	if _, err := d.DB.ExecContext(ctx, "insert into ledger (id) values ($1)", t.Type()); err != nil {
		return err
	}
	_, err = d.DB.ExecContext(ctx, "insert into sent_emails (id) values ($1)", t.Type())
	return err
}

// Lookup: a failed lookup is an error, not "done": no check-then-act; the
// effects are plainly unguarded.
func (d *Deps) Lookup(ctx context.Context, t *asynq.Task) error { // want Lookup:`^effects: db_write/update-increment users; db_read/select users$` `unguarded: handler \(\*checkactfix.Deps\).Lookup \(asynq task "lookup"\) repeats its side effects when a job is delivered twice: update-increment of users`
	var n int
	if err := d.Pool.QueryRow(ctx, "select visits from users where id = $1", t.Type()).Scan(&n); err != nil {
		return err
	}
	_, err := d.Pool.Exec(ctx, "update users set visits = visits + 1 where id = $1", t.Type())
	return err
}

func Register(mux *asynq.ServeMux, d *Deps) { // want Register:`^no effects$`
	mux.HandleFunc("check", d.CheckFirst)
	mux.HandleFunc("norows", d.NoRows)
	mux.HandleFunc("lookup", d.Lookup)
	mux.HandleFunc("ship", d.Ship)
	mux.HandleFunc("import", d.ImportExists)
	mux.HandleFunc("touch", d.UpdateFound)
	mux.HandleFunc("findorcreate", d.FindOrCreate)
	mux.HandleFunc("busy", d.Busy)
	mux.HandleFunc("lockedpage", d.LockedPage)
	mux.HandleFunc("lockednorecord", d.LockedNoRecord)
	mux.HandleFunc("lockedwrapped", d.LockedWrapped)
	mux.HandleFunc("lockedwrappedpool", d.LockedWrappedPool)
	mux.HandleFunc("entityapplied", d.EntityApplied)
	mux.HandleFunc("entityonpool", d.EntityOnPool)
	mux.HandleFunc("skiplocked", d.SkipLocked)
	mux.HandleFunc("skiplockedmissing", d.SkipLockedMissing)
	mux.HandleFunc("nowaitdone", d.NoWaitDone)
	mux.HandleFunc("pendingrows", d.PendingRows)
	mux.HandleFunc("pendingtouched", d.PendingTouched)
	mux.HandleFunc("pendingpool", d.PendingPool)
	mux.HandleFunc("keys", d.Keys)
	mux.HandleFunc("keyssame", d.KeysSame)
	mux.HandleFunc("notify", d.Notify)
	mux.HandleFunc("fundall", d.FundAll)
	mux.HandleFunc("fundafter", d.FundAfter)
	mux.HandleFunc("retain", d.Retain)
	mux.HandleFunc("settle", d.Settle)
	mux.HandleFunc("keyexport", d.KeyExport)
	mux.HandleFunc("keyexportunchecked", d.KeyExportUnchecked)
	mux.HandleFunc("keyexportfirst", d.KeyExportFirst)
	mux.HandleFunc("keyandcount", d.KeyAndCount)
}
