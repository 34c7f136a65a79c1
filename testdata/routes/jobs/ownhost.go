package jobs

import (
	"context"
	"net/http"

	"github.com/hibiken/asynq"
)

// Calls to a route of one wildcard, POST /{name} (api/rename.go; issue
// 28, stop 52): Publish POSTs /publish under the configured base URL,
// whose constant segment meets no constant segment of the route: the
// POST stays (unguarded). The near miss, RenameLocal, POSTs to this
// program's own constant host: linked to the route's insert.

// Publish posts to another service's path under the configured base.
func (w *Worker) Publish(ctx context.Context, t *asynq.Task) error {
	return w.send(ctx, http.MethodPost, w.OrdersURL+"/publish")
}

// RenameLocal posts to this program's own host.
func (w *Worker) RenameLocal(ctx context.Context, t *asynq.Task) error {
	return w.send(ctx, http.MethodPost, "http://localhost:8080/"+string(t.Payload()))
}

// RegisterOwnHost wires the handlers above.
func RegisterOwnHost(mux *asynq.ServeMux, w *Worker) {
	mux.HandleFunc("event:publish", w.Publish)
	mux.HandleFunc("name:renamelocal", w.RenameLocal)
}
