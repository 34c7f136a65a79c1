// Package wpboundary calls a library's client through the library's
// interface: the whole program resolves the call into the library's code,
// where what cannot be resolved is one effect named at the boundary and
// read from its names, as a static call into the library is (Connect opens
// a connection); a name that says nothing (Handle) stays unknown.
package wpboundary

import (
	"context"
	"strings"

	"github.com/hibiken/asynq"

	"example.org/wire"
)

type Deps struct{ C wire.Client }

func (d *Deps) Open(ctx context.Context, t *asynq.Task) error {
	return d.C.Connect()
}

func (d *Deps) Send(ctx context.Context, t *asynq.Task) error {
	return d.C.Handle(t.Payload())
}

// Index creates the job's index and takes "already exists" as done: a
// create-if-absent, safe.
func (d *Deps) Index(ctx context.Context, t *asynq.Task) error {
	return d.ensureIndex(string(t.Payload()))
}

func (d *Deps) ensureIndex(name string) error {
	if err := d.C.CreateIndex(name); err != nil && !strings.Contains(err.Error(), "already exists") {
		return err
	}
	return nil
}

// IndexOnce returns every failure of the create: a creation.
func (d *Deps) IndexOnce(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: http post \(inferred from the name \(\*wire.client\).CreateIndex\) \(high\) at`
	return d.C.CreateIndex(string(t.Payload()))
}

func Register(mux *asynq.ServeMux, l wire.Logger) {
	wire.SetLogger(l)
	d := &Deps{C: wire.NewClient("broker:1883")}
	mux.HandleFunc("wire:open", d.Open)
	mux.HandleFunc("wire:send", d.Send)
	mux.HandleFunc("wire:index", d.Index)
	mux.HandleFunc("wire:index-once", d.IndexOnce)
}
