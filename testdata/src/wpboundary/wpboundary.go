// Package wpboundary calls a library's client through the library's
// interface: the whole program resolves the call into the library's code,
// where what cannot be resolved is one effect named at the boundary and
// read from its names, as a static call into the library is (Connect opens
// a connection); a name that says nothing (Handle) stays unknown.
package wpboundary

import (
	"context"

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

func Register(mux *asynq.ServeMux, l wire.Logger) {
	wire.SetLogger(l)
	d := &Deps{C: wire.NewClient("broker:1883")}
	mux.HandleFunc("wire:open", d.Open)
	mux.HandleFunc("wire:send", d.Send)
}
