package jobs

import (
	"context"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
)

// An ent create given its id (SetID) into exports, whose only unique key
// is that id (migrations/005_entid.sql): the payload's order id is a
// business key, a redelivery's Save fails on it and the handler returns
// that error (duplicate-as-error); a new uuid is a surrogate, the create
// repeats (unguarded).

// EntExportKeyed creates the export under the payload's order id.
func (d *Deps) EntExportKeyed(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	_, err := d.Ent.Export.Create().SetID(p.OrderID).SetName(p.Email).Save(ctx)
	return err
}

// EntExportFresh creates it under a new uuid.
func (d *Deps) EntExportFresh(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	_, err := d.Ent.Export.Create().SetID(uuid.NewString()).SetName(p.Email).Save(ctx)
	return err
}

// RegisterEntID registers the ent id handlers.
func RegisterEntID(mux *asynq.ServeMux, d *Deps) {
	mux.HandleFunc("ent:export-keyed", d.EntExportKeyed)
	mux.HandleFunc("ent:export-fresh", d.EntExportFresh)
}
