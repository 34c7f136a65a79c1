package guards

import (
	"context"
	"errors"
	"fmt"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5"
)

// A helper that runs an insert … on conflict do nothing returning and
// maps its own "no rows" to nil ends the duplicate branch there: a
// duplicate is success for its callers, which return only other failures
// (nilmapped.go in analyzer/guard).

// saveBlob records a blob by its hash; an existing one is success.
func (d *Deps) saveBlob(ctx context.Context, hash string) error { // want saveBlob:"db_write/claim blobs"
	var n int64
	err := d.Pool.QueryRow(ctx, "insert into blobs(hash) values ($1) on conflict (hash) do nothing returning nid", hash).Scan(&n)
	if err != nil {
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		return err
	}
	return nil
}

// processBlob stores the blob and hands its error up wrapped.
func (d *Deps) processBlob(ctx context.Context, hash string) (string, error) { // want processBlob:"db_write/claim blobs"
	if err := d.saveBlob(ctx, hash); err != nil {
		return "", fmt.Errorf("save blob: %w", err)
	}
	return hash, nil
}

// StoreBlob returns the helpers' errors: no duplicate reaches them.
func (d *Deps) StoreBlob(ctx context.Context, t *asynq.Task) error { // want StoreBlob:"db_write/claim blobs"
	if _, err := d.processBlob(ctx, string(t.Payload())); err != nil {
		return fmt.Errorf("process blob: %w", err)
	}
	return nil
}

// saveBlobStrict maps its "no rows" to an error of its own: the duplicate
// still fails the job (the near miss).
func (d *Deps) saveBlobStrict(ctx context.Context, hash string) error { // want saveBlobStrict:"db_write/claim blobs; returns claim result 0 .norows."
	var n int64
	err := d.Pool.QueryRow(ctx, "insert into blobs(hash) values ($1) on conflict (hash) do nothing returning nid", hash).Scan(&n)
	if err != nil {
		if errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("blob %s exists", hash) // want `duplicate-as-error: a duplicate delivery \(no row returned by the claim\) takes this error path`
		}
		return err
	}
	return nil
}

// StoreBlobStrict returns the strict helper's error.
func (d *Deps) StoreBlobStrict(ctx context.Context, t *asynq.Task) error { // want StoreBlobStrict:"db_write/claim blobs; returns claim result 0 .norows."
	if err := d.saveBlobStrict(ctx, string(t.Payload())); err != nil {
		return fmt.Errorf("save blob: %w", err)
	}
	return nil
}

func registerNilMapped(mux *asynq.ServeMux, d *Deps) { // want registerNilMapped:"no effects"
	mux.HandleFunc("blob:store", d.StoreBlob)
	mux.HandleFunc("blob:store-strict", d.StoreBlobStrict)
}
