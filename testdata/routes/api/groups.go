package api

import (
	"net/http"

	"github.com/go-chi/chi/v5"
)

// visits counts the visits of each order, in a package-level map.
var visits = map[string]int{}

// GroupedRoutes serves the v2 API under route groups: a chi Route group,
// a sub-router mounted under /admin, and a net/http sub-mux behind
// http.StripPrefix under /store. A route serves its group's prefix joined
// with its pattern.
func (a *API) GroupedRoutes() http.Handler {
	r := chi.NewRouter()
	r.Route("/v2", func(r chi.Router) {
		r.Post("/orders/{id}/notes", a.AddNote)
		r.Get("/orders/{id}/visit", Visit)
	})
	r.Mount("/admin", a.adminRoutes())
	r.Mount("/store", http.StripPrefix("/store", a.storeRoutes()))
	return r
}

// adminRoutes is the admin sub-router, mounted under /admin.
func (a *API) adminRoutes() http.Handler {
	r := chi.NewRouter()
	r.Put("/orders/{id}/status", a.SetStatus)
	return r
}

// storeRoutes is a net/http sub-mux, served under /store.
func (a *API) storeRoutes() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /orders/{id}/gifts", a.AddGift)
	return mux
}

// Visit is a GET that counts the visit in a package-level map: a second
// call counts again.
func Visit(w http.ResponseWriter, r *http.Request) {
	visits[chi.URLParam(r, "id")]++
}

// AddGift inserts a row: a second call adds a second gift.
func (a *API) AddGift(w http.ResponseWriter, r *http.Request) {
	if _, err := a.DB.ExecContext(r.Context(), "insert into gifts (order_id) values ($1)", r.PathValue("id")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}
