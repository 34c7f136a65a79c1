package guards

import (
	"context"
	"errors"
	"fmt"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5"
)

// duplicate-as-error fires only where a duplicate really reaches the
// error return.

// WrapOtherErrors returns the claim's error only when it is not "no rows":
// on a duplicate the second test takes its dup edge, so the wrapped return
// is a real failure, and the duplicate returns nil.
func (d *Deps) WrapOtherErrors(ctx context.Context, t *asynq.Task) error { // want WrapOtherErrors:"db_write/insert ledger guarded=processed_jobs; db_write/claim processed_jobs"
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var k string
	err = tx.QueryRow(ctx, claimSQL, t.Type()).Scan(&k)
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("claim: %w", err)
	}
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	if err := addEntry(ctx, tx, k); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// WrapAllErrors still returns the duplicate's "no rows" as an error.
func (d *Deps) WrapAllErrors(ctx context.Context, t *asynq.Task) error { // want WrapAllErrors:"db_write/claim processed_jobs"
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var k string
	err = tx.QueryRow(ctx, claimSQL, t.Type()).Scan(&k)
	if err != nil && !errors.Is(err, pgx.ErrTxClosed) {
		return fmt.Errorf("claim: %w", err) // want `duplicate-as-error: a duplicate delivery \(no row returned by the claim\) takes this error path`
	}
	_ = k
	return tx.Commit(ctx)
}

// ClaimedRows reads a claim's rows with Query: a duplicate is an empty
// iteration, and Scan's and Err's errors are real failures.
func claimedRows(ctx context.Context, tx pgx.Tx, keys []string) ([]string, error) { // want claimedRows:"db_write/claim processed_jobs @p1"
	rows, err := tx.Query(ctx, "insert into processed_jobs(job_key) select unnest($1::text[]) on conflict do nothing returning job_key", keys)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var k string
		if err := rows.Scan(&k); err != nil {
			return nil, err
		}
		out = append(out, k)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return out, nil
}

// ClaimRows claims through claimedRows.
func (d *Deps) ClaimRows(ctx context.Context, t *asynq.Task) error { // want ClaimRows:"db_write/claim processed_jobs"
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := claimedRows(ctx, tx, []string{t.Type()}); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
