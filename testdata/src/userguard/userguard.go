// Package userguard uses guard functions and an effect model declared in
// .jobeffects.yaml: a bool-returning claim helper, one that returns a
// sentinel error on duplicates, and an in-house mailer.
package userguard

import (
	"context"
	"errors"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

var ErrDuplicate = errors.New("already processed")

// ClaimOnce reports whether this delivery is the first for key.
func ClaimOnce(ctx context.Context, tx pgx.Tx, key string) (bool, error) { // want ClaimOnce:"db_write/claim processed_jobs @p1"
	tag, err := tx.Exec(ctx, "insert into processed_jobs(job_key) values($1) on conflict do nothing", key)
	return tag.RowsAffected() == 1, err
}

// MustClaim returns ErrDuplicate when key was claimed before.
func MustClaim(ctx context.Context, tx pgx.Tx, key string) error { // want MustClaim:"guard/claim @p1"
	ok, err := ClaimOnce(ctx, tx, key)
	if err != nil {
		return err
	}
	if !ok {
		return ErrDuplicate
	}
	return nil
}

type Mailer struct{}

// Deliver is modeled by the config; its body is not looked at.
func (m *Mailer) Deliver(to, body string) error { return nil } // want Deliver:"no effects"

type Deps struct {
	Pool   *pgxpool.Pool
	Mailer *Mailer
}

func (d *Deps) BoolClaim(ctx context.Context, t *asynq.Task) error { // want BoolClaim:"db_write/insert ledger guarded=processed_jobs; guard/claim"
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	ok, err := ClaimOnce(ctx, tx, "credit:"+t.Type())
	if err != nil {
		return err
	}
	if !ok {
		return nil
	}
	if _, err := tx.Exec(ctx, "insert into ledger(order_id) values ($1)", t.Type()); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

func (d *Deps) SentinelClaim(ctx context.Context, t *asynq.Task) error { // want SentinelClaim:"email/send mailer guarded=processed_jobs; db_write/insert ledger guarded=processed_jobs; guard/claim"
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	err = MustClaim(ctx, tx, "credit:"+t.Type())
	if errors.Is(err, ErrDuplicate) {
		return nil
	}
	if err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, "insert into ledger(order_id) values ($1)", t.Type()); err != nil {
		return err
	}
	if err := tx.Commit(ctx); err != nil {
		return err
	}
	return d.Mailer.Deliver("ops@example.com", "credited")
}

func (d *Deps) SentinelAsError(ctx context.Context, t *asynq.Task) error { // want SentinelAsError:"db_write/insert ledger guarded=processed_jobs; guard/claim"
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if err := MustClaim(ctx, tx, "credit:"+t.Type()); err != nil {
		return err // want `duplicate-as-error: a duplicate delivery .* takes this error path`
	}
	if _, err := tx.Exec(ctx, "insert into ledger(order_id) values ($1)", t.Type()); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

func (d *Deps) MailOnly(ctx context.Context, t *asynq.Task) error { // want MailOnly:"email/send mailer" `unguarded: handler \(\*userguard.Deps\).MailOnly .*email send \(mailer\) \(high\)`
	return d.Mailer.Deliver("ops@example.com", t.Type())
}
