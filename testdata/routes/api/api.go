// Package api is the orders service's HTTP API, served by chi. The worker
// in the same module calls it, so what a job does through the API is what
// these handlers do.
package api

import (
	"database/sql"
	"net/http"

	"github.com/go-chi/chi/v5"
)

type API struct {
	DB *sql.DB
	// Tally is the customers' running totals, kept in the server's memory
	// for as long as it runs (cmd/api makes it once).
	Tally map[string]int
}

// seen marks the orders seen, in a package-level map.
var seen = map[string]bool{}

// Routes registers the API's routes.
func (a *API) Routes() http.Handler {
	r := chi.NewRouter()
	r.Put("/orders/{id}/status", a.SetStatus)
	r.Post("/orders/{id}/notes", a.AddNote)
	r.Post("/orders/{id}/address", a.SetAddress)
	r.Post("/orders/{id}/payments", a.AddPayment)
	r.Method(http.MethodDelete, "/orders/{id}/hold", http.HandlerFunc(a.Release))
	r.Post("/customers/{id}/tally", a.AddTally)
	r.Post("/orders/{id}/seen", MarkSeen)
	r.Get("/orders/{id}/confirm", a.Confirm)
	r.Get("/orders/{id}", a.GetOrder)
	return r
}

// AddTally adds to the customer's total in the long-lived server struct:
// state that outlives the request, and a second call adds again.
func (a *API) AddTally(w http.ResponseWriter, r *http.Request) {
	a.Tally[chi.URLParam(r, "id")] += 10
}

// MarkSeen sets the order's entry in a package-level map: a second call
// sets it again.
func MarkSeen(w http.ResponseWriter, r *http.Request) {
	seen[chi.URLParam(r, "id")] = true
}

// Confirm is a GET that writes: it records a confirmation on every call.
func (a *API) Confirm(w http.ResponseWriter, r *http.Request) {
	if _, err := a.DB.ExecContext(r.Context(), "insert into confirmations (order_id) values ($1)", chi.URLParam(r, "id")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// GetOrder reads the order.
func (a *API) GetOrder(w http.ResponseWriter, r *http.Request) {
	var status string
	if err := a.DB.QueryRowContext(r.Context(), "select status from orders where id = $1", chi.URLParam(r, "id")).Scan(&status); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	_, _ = w.Write([]byte(status))
}

// SetStatus sets a column: repeating it changes nothing.
func (a *API) SetStatus(w http.ResponseWriter, r *http.Request) {
	if _, err := a.DB.ExecContext(r.Context(), "update orders set status = 'shipped' where id = $1", chi.URLParam(r, "id")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// AddNote inserts a row: a second call adds a second note.
func (a *API) AddNote(w http.ResponseWriter, r *http.Request) {
	if _, err := a.DB.ExecContext(r.Context(), "insert into notes (order_id, body) values ($1, 'shipped')", chi.URLParam(r, "id")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// SetAddress upserts by the order's key: safe to repeat.
func (a *API) SetAddress(w http.ResponseWriter, r *http.Request) {
	if _, err := a.DB.ExecContext(r.Context(), "insert into addresses (order_id, line) values ($1, $2) on conflict (order_id) do update set line = excluded.line", chi.URLParam(r, "id"), r.FormValue("line")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// Release deletes a row: safe to repeat.
func (a *API) Release(w http.ResponseWriter, r *http.Request) {
	if _, err := a.DB.ExecContext(r.Context(), "delete from holds where order_id = $1", chi.URLParam(r, "id")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// AddPayment claims the request's Idempotency-Key in the transaction of its
// insert: a repeated request with the same key does nothing.
func (a *API) AddPayment(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	tx, err := a.DB.BeginTx(ctx, nil)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, "insert into processed_requests (key) values ($1) on conflict do nothing", r.Header.Get("Idempotency-Key"))
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return // already done
	}
	if _, err := tx.ExecContext(ctx, "insert into payments (order_id) values ($1)", chi.URLParam(r, "id")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	tx.Commit()
}
