package guards

import (
	"context"
	"errors"
	"fmt"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5"
)

// A claim helper that tests its claim's error only to wrap it with %w for
// the caller is the same helper as one returning the error as it is: the
// caller decides what a duplicate means (handup.go in analyzer/guard).

// insertKeyNID claims a key and returns its number; a duplicate's "no
// rows" goes up wrapped.
func insertKeyNID(ctx context.Context, tx pgx.Tx, key string) (int64, error) { // want insertKeyNID:"db_write/claim state_keys"
	var nid int64
	if err := tx.QueryRow(ctx, "insert into state_keys(k) values ($1) on conflict do nothing returning nid", key).Scan(&nid); err != nil {
		return 0, fmt.Errorf("insertKeyNID: %w", err)
	}
	return nid, nil
}

// AssignNID takes the duplicate as "select the existing row": nothing to report.
func (d *Deps) AssignNID(ctx context.Context, t *asynq.Task) error { // want AssignNID:"db_write/insert ledger guarded=processed_jobs; db_write/claim state_keys"
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	nid, err := insertKeyNID(ctx, tx, t.Type())
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, "insert into ledger(nid) values ($1)", nid); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// AssignNIDErrOnly returns the helper's error untested: a duplicate's
// wrapped "no rows" reaches the queue.
func (d *Deps) AssignNIDErrOnly(ctx context.Context, t *asynq.Task) error { // want AssignNIDErrOnly:"db_write/insert ledger guarded=processed_jobs; db_write/claim state_keys"
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	nid, err := insertKeyNID(ctx, tx, t.Type())
	if err != nil {
		return err // want `duplicate-as-error: a duplicate delivery \(no row returned by the claim\) takes this error path`
	}
	if _, err := tx.Exec(ctx, "insert into ledger(nid) values ($1)", nid); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// WrapInHandler wraps its own claim's error in the handler: still
// duplicate-as-error (a handler returns only an error).
func (d *Deps) WrapInHandler(ctx context.Context, t *asynq.Task) error { // want WrapInHandler:"db_write/claim state_keys"
	var nid int64
	if err := d.Pool.QueryRow(ctx, "insert into state_keys(k) values ($1) on conflict do nothing returning nid", t.Type()).Scan(&nid); err != nil {
		return fmt.Errorf("claim: %w", err) // want `duplicate-as-error: a duplicate delivery \(no row returned by the claim\) takes this error path`
	}
	return nil
}

func registerHandUp(mux *asynq.ServeMux, d *Deps) { // want registerHandUp:"no effects"
	mux.HandleFunc("nid:assign", d.AssignNID)
	mux.HandleFunc("nid:assign-err", d.AssignNIDErrOnly)
	mux.HandleFunc("nid:wrap", d.WrapInHandler)
}
