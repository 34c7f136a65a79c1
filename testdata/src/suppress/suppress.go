// Package suppress covers //jobeffects:ignore: on a handler, on an effect's
// line (the next effect is then reported), on a pitfall, without a reason,
// with an unknown rule, and stale.
package suppress

import (
	"context"
	"database/sql"
	"errors"

	"github.com/hibiken/asynq"
)

type Deps struct{ DB *sql.DB }

// Ignored appends to a ledger that is rebuilt from the event log.
//
//jobeffects:ignore unguarded the ledger is rebuilt nightly from the event log
func (d *Deps) Ignored(ctx context.Context, t *asynq.Task) error { // want Ignored:"db_write/insert ledger"
	_, err := d.DB.ExecContext(ctx, "insert into ledger(x) values ($1)", t.Type())
	return err
}

func audit(ctx context.Context, db *sql.DB, msg string) { // want audit:"db_write/insert audit"
	db.ExecContext(ctx, "insert into audit(msg) values ($1)", msg) //jobeffects:ignore unguarded audit rows are deduplicated by the audit view
}

// EffectLine: the silenced audit insert is skipped, the counter is reported.
func (d *Deps) EffectLine(ctx context.Context, t *asynq.Task) error { // want EffectLine:"db_write/insert audit; db_write/update-increment counters" `unguarded: handler \(\*suppress.Deps\).EffectLine .*update-increment of counters`
	audit(ctx, d.DB, t.Type())
	_, err := d.DB.ExecContext(ctx, "update counters set n = n + 1")
	return err
}

// OnlyAudit has nothing left to report once the audit line is silenced.
func (d *Deps) OnlyAudit(ctx context.Context, t *asynq.Task) error { // want OnlyAudit:"db_write/insert audit"
	audit(ctx, d.DB, t.Type())
	return nil
}

//jobeffects:ignore unguarded // want `bad-ignore: //jobeffects:ignore unguarded needs a reason after the rule`
func (d *Deps) NoReason(ctx context.Context, t *asynq.Task) error { // want NoReason:"db_write/insert ledger" `unguarded: handler \(\*suppress.Deps\).NoReason`
	_, err := d.DB.ExecContext(ctx, "insert into ledger(x) values ($1)", t.Type())
	return err
}

//jobeffects:ignore unguard typo in the rule // want `bad-ignore: unknown rule unguard`
func (d *Deps) Typo(ctx context.Context, t *asynq.Task) error { // want Typo:"db_write/insert ledger" `unguarded: handler \(\*suppress.Deps\).Typo`
	_, err := d.DB.ExecContext(ctx, "insert into ledger(x) values ($1)", t.Type())
	return err
}

//jobeffects:ignore unguarded it used to insert // want `stale-ignore: this //jobeffects:ignore unguarded matches no finding`
func (d *Deps) NowSafe(ctx context.Context, t *asynq.Task) error { // want NowSafe:"db_write/update-set users"
	_, err := d.DB.ExecContext(ctx, "update users set name = $1", t.Type())
	return err
}

var errDone = errors.New("done")

// DupErr silences duplicate-as-error on the return line: this queue's
// error handler treats errDone as success.
func (d *Deps) DupErr(ctx context.Context, t *asynq.Task) error { // want DupErr:"db_write/insert ledger guarded=processed_jobs; db_write/claim processed_jobs"
	tx, err := d.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, "insert into processed_jobs(k) values ($1) on conflict do nothing", t.Type())
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errDone //jobeffects:ignore duplicate-as-error our ErrorHandler acks errDone
	}
	if _, err := tx.ExecContext(ctx, "insert into ledger(x) values ($1)", t.Type()); err != nil {
		return err
	}
	return tx.Commit()
}
