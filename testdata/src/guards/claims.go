// Package guards covers the claim forms (pgx and database/sql, RETURNING +
// Scan + ErrNoRows, RowsAffected, redis SETNX), the same-transaction rule,
// a transaction passed down two helper levels, transaction callbacks, and
// the pitfalls: guard-separate-tx, duplicate-as-error, an unchecked claim,
// an effect before its claim, and money behind a DB claim alone.
package guards

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/smtp"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

const claimSQL = "insert into processed_jobs(job_key) values($1) on conflict do nothing returning job_key"

type Deps struct {
	Pool *pgxpool.Pool
	DB   *sql.DB
}

// Execer is what the store helpers write through: pgx.Tx and the pool both satisfy it.
type Execer interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
}

func addEntry(ctx context.Context, db Execer, key string) error { // want addEntry:"db_write/insert ledger @p1"
	_, err := db.Exec(ctx, "insert into ledger(order_id) values ($1)", key)
	return err
}

// credit passes the executor one level further down.
func credit(ctx context.Context, db Execer, key string) error { // want credit:"db_write/insert ledger @p1"
	return addEntry(ctx, db, key)
}

// ScanClaim: claim with RETURNING, duplicate = ErrNoRows, effect two helper
// levels down on the same tx.
func (d *Deps) ScanClaim(ctx context.Context, t *asynq.Task) error { // want ScanClaim:"db_write/insert ledger guarded=processed_jobs; db_write/claim processed_jobs"
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var k string
	err = tx.QueryRow(ctx, claimSQL, "credit:"+string(t.Payload())).Scan(&k)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	if err := credit(ctx, tx, k); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// RowsClaim: claim without RETURNING, duplicate = no row affected.
func (d *Deps) RowsClaim(ctx context.Context, t *asynq.Task) error { // want RowsClaim:"db_write/insert ledger guarded=processed_jobs; db_write/claim processed_jobs"
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	tag, err := tx.Exec(ctx, "insert into processed_jobs(job_key) values($1) on conflict do nothing", t.Type())
	if err != nil {
		return err
	}
	if tag.RowsAffected() != 1 {
		return nil
	}
	if _, err := tx.Exec(ctx, "insert into ledger(order_id) values ($1)", t.Type()); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// SQLClaim: database/sql, RowsAffected on sql.Result.
func (d *Deps) SQLClaim(ctx context.Context, t *asynq.Task) error { // want SQLClaim:"db_write/update-increment accounts guarded=processed_jobs; db_write/claim processed_jobs"
	tx, err := d.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, "insert into processed_jobs(job_key) values($1) on conflict (job_key) do nothing", t.Type())
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n == 0 {
		return nil
	}
	if _, err := tx.ExecContext(ctx, "update accounts set balance = balance + 1 where id = $1", t.Type()); err != nil {
		return err
	}
	return tx.Commit()
}

// SQLScanClaim: database/sql, err == sql.ErrNoRows after Scan.
func (d *Deps) SQLScanClaim(ctx context.Context, t *asynq.Task) error { // want SQLScanClaim:"db_write/insert ledger guarded=processed_jobs; db_write/claim processed_jobs"
	tx, err := d.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var k string
	switch err := tx.QueryRowContext(ctx, claimSQL, t.Type()).Scan(&k); {
	case err == sql.ErrNoRows:
		return nil
	case err != nil:
		return err
	}
	if _, err := tx.ExecContext(ctx, "insert into ledger(order_id) values ($1)", k); err != nil {
		return err
	}
	return tx.Commit()
}

// SplitTx claims on the pool (autocommit) and writes in a later transaction.
func (d *Deps) SplitTx(ctx context.Context, t *asynq.Task) error { // want SplitTx:"db_write/insert ledger issue=guard-separate-tx; db_write/claim processed_jobs"
	tag, err := d.Pool.Exec(ctx, "insert into processed_jobs(job_key) values($1) on conflict do nothing", t.Type()) // want `guard-separate-tx: the claim on processed_jobs commits separately from the insert into ledger`
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return nil
	}
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if err := addEntry(ctx, tx, t.Type()); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// TwoTx claims in one transaction, commits it, and writes in another.
func (d *Deps) TwoTx(ctx context.Context, t *asynq.Task) error { // want TwoTx:"db_write/insert ledger issue=guard-separate-tx; db_write/claim processed_jobs"
	tx1, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	tag, err := tx1.Exec(ctx, "insert into processed_jobs(job_key) values($1) on conflict do nothing", t.Type()) // want `guard-separate-tx`
	if err != nil || tag.RowsAffected() == 0 {
		return err
	}
	if err := tx1.Commit(ctx); err != nil {
		return err
	}
	tx2, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	if _, err := tx2.Exec(ctx, "insert into ledger(order_id) values ($1)", t.Type()); err != nil {
		return err
	}
	return tx2.Commit(ctx)
}

// Unchecked claims but never looks at the result.
func (d *Deps) Unchecked(ctx context.Context, t *asynq.Task) error { // want Unchecked:"db_write/insert ledger issue=claim-unchecked; db_write/claim processed_jobs"
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "insert into processed_jobs(job_key) values($1) on conflict do nothing", t.Type()); err != nil { // want `claim-unchecked: the result of this claim on processed_jobs is never tested`
		return err
	}
	if _, err := tx.Exec(ctx, "insert into ledger(order_id) values ($1)", t.Type()); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// EffectFirst writes before it claims.
func (d *Deps) EffectFirst(ctx context.Context, t *asynq.Task) error { // want EffectFirst:"db_write/insert ledger; db_write/claim processed_jobs" `unguarded: handler \(\*guards.Deps\).EffectFirst`
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "insert into ledger(order_id) values ($1)", t.Type()); err != nil {
		return err
	}
	tag, err := tx.Exec(ctx, "insert into processed_jobs(job_key) values($1) on conflict do nothing", t.Type())
	if err != nil || tag.RowsAffected() == 0 {
		return err
	}
	return tx.Commit(ctx)
}

// DupError reports the duplicate as an error: the queue retries it.
func (d *Deps) DupError(ctx context.Context, t *asynq.Task) error { // want DupError:"db_write/insert ledger guarded=processed_jobs; db_write/claim processed_jobs"
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var k string
	err = tx.QueryRow(ctx, claimSQL, t.Type()).Scan(&k)
	if errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("job %s already done: %w", t.Type(), asynq.SkipRetry) // want `duplicate-as-error: the already-processed branch returns a non-nil error`
	}
	if err != nil {
		return err
	}
	if err := addEntry(ctx, tx, k); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// ErrOnly checks only err != nil: a duplicate (no row) takes the error path.
func (d *Deps) ErrOnly(ctx context.Context, t *asynq.Task) error { // want ErrOnly:"db_write/insert ledger guarded=processed_jobs; db_write/claim processed_jobs"
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var k string
	if err := tx.QueryRow(ctx, claimSQL, t.Type()).Scan(&k); err != nil {
		return err // want `duplicate-as-error: a duplicate delivery \(no row returned by the claim\) takes this error path`
	}
	if err := addEntry(ctx, tx, k); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// MailAfterClaim: an email after a claim is guarded, with a crash window.
func (d *Deps) MailAfterClaim(ctx context.Context, t *asynq.Task) error { // want MailAfterClaim:"email/send smtp guarded=processed_jobs; db_write/claim processed_jobs"
	tag, err := d.Pool.Exec(ctx, "insert into processed_jobs(job_key) values($1) on conflict do nothing", t.Type())
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return nil
	}
	return smtp.SendMail("mail:25", nil, "a@example.com", []string{"b@example.com"}, t.Payload())
}

// BeginFuncClaim claims and writes inside a pgx.BeginFunc callback.
func (d *Deps) BeginFuncClaim(ctx context.Context, t *asynq.Task) error { // want BeginFuncClaim:"db_write/insert ledger guarded=processed_jobs; db_write/claim processed_jobs"
	return pgx.BeginFunc(ctx, d.Pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, "insert into processed_jobs(job_key) values($1) on conflict do nothing", t.Type())
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return nil
		}
		return addEntry(ctx, tx, t.Type())
	})
}

// BeginFuncNaive writes inside a callback with no claim.
func (d *Deps) BeginFuncNaive(ctx context.Context, t *asynq.Task) error { // want BeginFuncNaive:"db_write/insert ledger" `unguarded: handler \(\*guards.Deps\).BeginFuncNaive .*insert into ledger \(medium\) at guards/claims.go:\d+ is not guarded; path: guards/claims.go:\d+ \(\*guards.Deps\).BeginFuncNaive → guards/claims.go:\d+ \(\*guards.Deps\).BeginFuncNaive.func1 → guards/claims.go:\d+ guards.addEntry`
	return pgx.BeginFunc(ctx, d.Pool, func(tx pgx.Tx) error {
		return addEntry(ctx, tx, t.Type())
	})
}

// StateClaim: a compare-and-set of the order's state is the claim; the
// ledger insert runs only when this delivery made the transition.
func (d *Deps) StateClaim(ctx context.Context, t *asynq.Task) error { // want StateClaim:"db_write/insert ledger guarded=processed_jobs; db_write/claim orders"
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	tag, err := tx.Exec(ctx, "update orders set state = 'paid' where id = $1 and state = 'pending'", t.Type())
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return nil // another delivery made the transition
	}
	if _, err := tx.Exec(ctx, "insert into ledger(order_id) values ($1)", t.Type()); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// VersionNoCheck: an optimistic-lock update whose result is not tested
// decides nothing: the insert after it repeats (claim-unchecked).
func (d *Deps) VersionNoCheck(ctx context.Context, t *asynq.Task) error { // want VersionNoCheck:"db_write/insert ledger issue=claim-unchecked; db_write/claim orders"
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "update orders set version = version + 1 where id = $1 and version = $2", t.Type(), 3); err != nil { // want `claim-unchecked: the result of this claim on orders is never tested`
		return err
	}
	if _, err := tx.Exec(ctx, "insert into ledger(order_id) values ($1)", t.Type()); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
