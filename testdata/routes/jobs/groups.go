package jobs

import (
	"context"
	"net/http"

	"github.com/hibiken/asynq"
)

// Calls to the API's grouped routes (api/groups.go), which serve under
// their group's prefix, each beside its near miss: the path without the
// prefix, or under another group's prefix, reaches no route.

// V2Note adds a note through the v2 group: the insert repeats.
func (w *Worker) V2Note(ctx context.Context, t *asynq.Task) error {
	return w.send(ctx, http.MethodPost, w.OrdersURL+"/v2/orders/"+string(t.Payload())+"/notes")
}

// Visit GETs the v2 route that counts visits in a package-level map.
func (w *Worker) Visit(ctx context.Context, t *asynq.Task) error {
	return w.send(ctx, http.MethodGet, w.OrdersURL+"/v2/orders/"+string(t.Payload())+"/visit")
}

// AdminShip sets the status through the mounted admin router: safe.
func (w *Worker) AdminShip(ctx context.Context, t *asynq.Task) error {
	return w.send(ctx, http.MethodPut, w.OrdersURL+"/admin/orders/"+string(t.Payload())+"/status")
}

// Gift adds a gift through the store's sub-mux: the insert repeats.
func (w *Worker) Gift(ctx context.Context, t *asynq.Task) error {
	return w.send(ctx, http.MethodPost, w.OrdersURL+"/store/orders/"+string(t.Payload())+"/gifts")
}

// GiftBare posts the store's route without its prefix (near miss): no
// route serves it.
func (w *Worker) GiftBare(ctx context.Context, t *asynq.Task) error {
	return w.send(ctx, http.MethodPost, w.OrdersURL+"/orders/"+string(t.Payload())+"/gifts")
}

// V2Ship puts the admin group's route under the v2 prefix (near miss): no
// route serves it.
func (w *Worker) V2Ship(ctx context.Context, t *asynq.Task) error {
	return w.send(ctx, http.MethodPut, w.OrdersURL+"/v2/orders/"+string(t.Payload())+"/status")
}

// RegisterGroups wires the handlers of the grouped routes.
func RegisterGroups(mux *asynq.ServeMux, w *Worker) {
	mux.HandleFunc("order:v2-note", w.V2Note)
	mux.HandleFunc("order:visit", w.Visit)
	mux.HandleFunc("order:admin-ship", w.AdminShip)
	mux.HandleFunc("order:gift", w.Gift)
	mux.HandleFunc("order:gift-bare", w.GiftBare)
	mux.HandleFunc("order:v2-ship", w.V2Ship)
}
