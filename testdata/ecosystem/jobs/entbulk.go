package jobs

import (
	"context"
	"fmt"

	"github.com/hibiken/asynq"

	"example.com/ecosystem/ent/export"
)

// ent's bulk upsert (issue 28, stop 56; fixture ecoent/bulkclaim.go):
// CreateBulk(…).OnConflictColumns(…).DoNothing() is a claim of its rows
// whose conflict returns no error (ent's BatchCreate scans the ids
// RETURNING gives back, and a conflicting row gives none: sqlgraph
// insertLastIDs), so the error returned is a real failure and no
// duplicate-as-error. The near miss inserts the same row, keyed by the
// payload's order id (exports' primary key, migrations/005_entid.sql),
// without DoNothing: a redelivery's insert fails on the key and the
// handler returns that error (duplicate-as-error: the first builder's
// SetID read as the single create's, catalog ent.yaml CreateBulk
// builders; fixture ecoent/setid.go ExportBulkKeyed).

// EntBulkClaim claims the job's export row in bulk, DoNothing on conflict.
func (d *Deps) EntBulkClaim(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	err := d.Ent.Export.CreateBulk(
		d.Ent.Export.Create().SetID(p.OrderID).SetName(p.Email),
	).OnConflictColumns(export.FieldID).DoNothing().Exec(ctx)
	if err != nil {
		return fmt.Errorf("claim export: %w", err)
	}
	return nil
}

// EntBulkInsert inserts the same row in bulk with no conflict clause
// (near miss).
func (d *Deps) EntBulkInsert(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	err := d.Ent.Export.CreateBulk(
		d.Ent.Export.Create().SetID(p.OrderID).SetName(p.Email),
	).Exec(ctx)
	if err != nil {
		return fmt.Errorf("insert export: %w", err)
	}
	return nil
}

// RegisterEntBulk registers the bulk handlers.
func RegisterEntBulk(mux *asynq.ServeMux, d *Deps) {
	mux.HandleFunc("ent:bulk-claim", d.EntBulkClaim)
	mux.HandleFunc("ent:bulk-insert", d.EntBulkInsert)
}
