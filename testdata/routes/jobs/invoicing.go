package jobs

import (
	"context"
	"net/http"

	"github.com/hibiken/asynq"
)

// Calls to the v3 invoicing routes (api/invoicing.go), whose handlers call
// the billing service through an interface that the route link does not
// follow: the route is taken for what the call does only where its
// effects are decided. What is not decided leaves the call's own reading
// (a POST repeats), with the route's decided effects beside it.

// IssueInvoice POSTs an order to be invoiced: the POST stays.
func (w *Worker) IssueInvoice(ctx context.Context, t *asynq.Task) error {
	return w.send(ctx, http.MethodPost, w.OrdersURL+"/v3/orders/"+string(t.Payload())+"/invoices")
}

// PreviewInvoice GETs the preview, whose route inserts a log row beside
// the quote it asks for: the GET is not safe.
func (w *Worker) PreviewInvoice(ctx context.Context, t *asynq.Task) error {
	return w.send(ctx, http.MethodGet, w.OrdersURL+"/v3/orders/"+string(t.Payload())+"/invoice-preview")
}

// RegisterInvoicing wires the invoicing handlers.
func RegisterInvoicing(mux *asynq.ServeMux, w *Worker) {
	mux.HandleFunc("invoice:issue", w.IssueInvoice)
	mux.HandleFunc("invoice:preview", w.PreviewInvoice)
}
