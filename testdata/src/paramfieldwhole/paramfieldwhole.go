// Package paramfieldwhole is paramfieldfix through an interface, as
// lamassuiot's dms.update handler calls it: the handler's service is an
// interface whose implementation passes input.ApplyFunc on to its
// iterator, so the callback the handler's literal stores runs there (its
// insert is the handler's); a handler that stores nothing in the field
// leaves the call unknown.
package paramfieldwhole

import (
	"context"
	"database/sql"

	"github.com/hibiken/asynq"
)

type ListInput struct {
	ApplyFunc func(id string)
}

type DevicesInput struct {
	DMS       string
	ListInput ListInput
}

type Devices interface {
	ByDMS(ctx context.Context, in DevicesInput) error
}

type devices struct{ db *sql.DB }

func iterate(ids []string, apply func(string)) {
	for _, id := range ids {
		apply(id)
	}
}

func (d *devices) ByDMS(ctx context.Context, in DevicesInput) error {
	ids := []string{in.DMS + "-1", in.DMS + "-2"}
	iterate(ids, in.ListInput.ApplyFunc)
	return nil
}

type Handler struct {
	devs Devices
	db   *sql.DB
}

func (h *Handler) ProcessTask(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: insert into shadow_updates \(medium\) at`
	var err error
	lerr := h.devs.ByDMS(ctx, DevicesInput{DMS: string(t.Payload()), ListInput: ListInput{ApplyFunc: func(id string) {
		_, err = h.db.ExecContext(ctx, "insert into shadow_updates(device) values ($1)", id)
	}}})
	if lerr != nil {
		return lerr
	}
	return err
}

type Bare struct{ devs Devices }

func (b *Bare) ProcessTask(ctx context.Context, t *asynq.Task) error {
	return b.devs.ByDMS(ctx, DevicesInput{DMS: string(t.Payload())})
}

func Register(mux *asynq.ServeMux, db *sql.DB) {
	d := &devices{db: db}
	mux.Handle("shadow:update", &Handler{devs: d, db: db})
	mux.Handle("shadow:bare", &Bare{devs: d})
}
