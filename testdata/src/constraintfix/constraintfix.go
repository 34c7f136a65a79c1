// Package constraintfix covers inserts that dedupe by their own unique
// constraint: the violation (pgconn 23505 through errors.As, the SQLSTATE
// method, a helper that tests for it, the message text) is taken as
// success, so a second delivery inserts nothing; the effects after the
// insert, on its transaction, are guarded as after a claim. A violation
// that returns an error is duplicate-as-error; a violation that is
// swallowed but falls through to more effects guards only the insert.
package constraintfix

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Deps struct{ Pool *pgxpool.Pool }

// ErrorsAs: the insert of the payment by its natural key, a violation is
// success; the balance update after it runs in the same transaction.
func (d *Deps) ErrorsAs(ctx context.Context, t *asynq.Task) error { // want ErrorsAs:`^effects: db_write/insert payments guarded=processed_jobs; db_write/update-increment accounts guarded=processed_jobs$`
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "insert into payments (id, amount) values ($1, 10)", t.Type()); err != nil {
		var pgErr *pgconn.PgError
		if errors.As(err, &pgErr) && pgErr.Code == "23505" {
			return nil // delivered before
		}
		return err
	}
	if _, err := tx.Exec(ctx, "update accounts set balance = balance + 10 where id = $1", t.Type()); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// Helper: the test is a helper of the package (its summary says so).
func (d *Deps) Helper(ctx context.Context, t *asynq.Task) error { // want Helper:`^effects: db_write/insert receipts guarded=processed_jobs$`
	_, err := d.Pool.Exec(ctx, "insert into receipts (id) values ($1)", t.Type())
	if isUniqueViolation(err) {
		return nil
	}
	return err
}

func isUniqueViolation(err error) bool { // want isUniqueViolation:`^effects: tests for a unique-key violation$`
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.SQLState() == "23505"
}

// Message: matching the driver's text.
func (d *Deps) Message(ctx context.Context, t *asynq.Task) error { // want Message:`^effects: db_write/insert receipts guarded=processed_jobs$`
	_, err := d.Pool.Exec(ctx, "insert into receipts (id) values ($1)", t.Type())
	if err != nil && strings.Contains(err.Error(), "duplicate key value") {
		return nil
	}
	return err
}

// AsError: the violation is reported as a failure, so the queue retries
// a job that already ran.
func (d *Deps) AsError(ctx context.Context, t *asynq.Task) error { // want AsError:`^effects: db_write/insert receipts guarded=processed_jobs$`
	_, err := d.Pool.Exec(ctx, "insert into receipts (id) values ($1)", t.Type())
	if err != nil {
		if isUniqueViolation(err) {
			return fmt.Errorf("already processed: %w", err) // want `duplicate-as-error: the already-processed branch returns a non-nil error`
		}
		return err
	}
	return nil
}

// FallThrough: the violation is ignored and the handler goes on to
// notify again: only the insert is deduplicated.
func (d *Deps) FallThrough(ctx context.Context, t *asynq.Task) error { // want FallThrough:`^effects: db_write/insert receipts guarded=processed_jobs; db_write/update-increment accounts$` `unguarded: handler \(\*constraintfix.Deps\).FallThrough \(asynq task "fall"\) repeats its side effects when a job is delivered twice: update-increment of accounts`
	_, err := d.Pool.Exec(ctx, "insert into receipts (id) values ($1)", t.Type())
	if err != nil && !isUniqueViolation(err) {
		return err
	}
	_, err = d.Pool.Exec(ctx, "update accounts set balance = balance + 1 where id = $1", t.Type())
	return err
}

// Plain: an insert whose error is only passed on is not deduplicated.
func (d *Deps) Plain(ctx context.Context, t *asynq.Task) error { // want Plain:`^effects: db_write/insert receipts$` `unguarded: handler \(\*constraintfix.Deps\).Plain \(asynq task "plain"\)`
	_, err := d.Pool.Exec(ctx, "insert into receipts (id) values ($1)", t.Type())
	return err
}

var _ pgx.Tx

func Register(mux *asynq.ServeMux, d *Deps) { // want Register:`^no effects$`
	mux.HandleFunc("as", d.ErrorsAs)
	mux.HandleFunc("helper", d.Helper)
	mux.HandleFunc("message", d.Message)
	mux.HandleFunc("aserr", d.AsError)
	mux.HandleFunc("fall", d.FallThrough)
	mux.HandleFunc("plain", d.Plain)
}
