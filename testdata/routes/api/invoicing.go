package api

import (
	"context"
	"database/sql"
	"net/http"

	"github.com/go-chi/chi/v5"
)

// Billing issues and quotes invoices; its implementation lives in another
// package of the module (billing.Ledger, wired by cmd/api).
type Billing interface {
	Issue(ctx context.Context, orderID string) error
	Quote(ctx context.Context, orderID string) (int, error)
}

// Invoicing is the v3 API, whose handlers call the billing service
// through its interface.
type Invoicing struct {
	DB      *sql.DB
	Billing Billing
}

// Routes serves the invoicing routes under the /v3 route group.
func (i *Invoicing) Routes() http.Handler {
	r := chi.NewRouter()
	r.Route("/v3", func(r chi.Router) {
		r.Post("/orders/{id}/invoices", i.IssueInvoice)
		r.Get("/orders/{id}/invoice-preview", i.PreviewInvoice)
	})
	return r
}

// IssueInvoice hands the order to the billing service.
func (i *Invoicing) IssueInvoice(w http.ResponseWriter, r *http.Request) {
	if err := i.Billing.Issue(r.Context(), chi.URLParam(r, "id")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// PreviewInvoice is a GET that logs each preview (an insert) and asks the
// billing service for a quote.
func (i *Invoicing) PreviewInvoice(w http.ResponseWriter, r *http.Request) {
	id := chi.URLParam(r, "id")
	if _, err := i.DB.ExecContext(r.Context(), "insert into invoice_previews (order_id) values ($1)", id); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if _, err := i.Billing.Quote(r.Context(), id); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}
