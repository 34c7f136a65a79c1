package api

import "net/http"

// A route of one wildcard on the standard library's mux (issue 28, stop
// 52): POST /{name} inserts a rename. Only a call to this program's own
// host links to it (jobs/ownhost.go RenameLocal); a call under a
// configured base URL whose path has a constant segment the route lacks
// says nothing of which service it reaches (jobs/ownhost.go Publish).

// Rename inserts the name it is given.
func (a *API) Rename(w http.ResponseWriter, r *http.Request) {
	a.DB.ExecContext(r.Context(), "insert into renames (name) values ($1)", r.PathValue("name"))
}

// RenameRoutes registers the route on a mux of the standard library.
func (a *API) RenameRoutes() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /{name}", a.Rename)
	return mux
}
