package jobs

import (
	"context"
	"fmt"
	"time"

	"github.com/hibiken/asynq"
)

// FileStore is the handlers' storage port; cmd/worker wires
// *objstore.MinIOStorage (another package) into ObjectDeps.Files.
type FileStore interface {
	UploadFile(ctx context.Context, path string, data []byte) error
}

// ObjectDeps are the clients of the export handlers.
type ObjectDeps struct {
	Files FileStore
}

// ObjectStamped names the export after the clock: every delivery writes
// another object.
func (d *ObjectDeps) ObjectStamped(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	name := fmt.Sprintf("export-%s.csv", time.Now().Format("20060102-150405"))
	return d.Files.UploadFile(ctx, p.OrderID+"/exports/"+name, t.Payload())
}

// ObjectStable names it after the order: a redelivery overwrites the same
// object.
func (d *ObjectDeps) ObjectStable(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	return d.Files.UploadFile(ctx, p.OrderID+"/exports/export.csv", t.Payload())
}

// RegisterObjects registers the export handlers.
func RegisterObjects(mux *asynq.ServeMux, d *ObjectDeps) {
	mux.HandleFunc("objstore:stamped", d.ObjectStamped)
	mux.HandleFunc("objstore:stable", d.ObjectStable)
}
