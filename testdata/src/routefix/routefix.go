// Package routefix is a worker and an API server in one program: jobs
// that POST to routes the program serves have the effects of the routes'
// handlers (a status set and an upsert are safe, an insert is not), and a
// call to a route it does not serve stays an HTTP post.
package routefix

import (
	"context"
	"database/sql"
	"net/http"
	"strings"

	"github.com/hibiken/asynq"
)

type API struct{ DB *sql.DB }

func (a *API) SetStatus(w http.ResponseWriter, r *http.Request) {
	a.DB.ExecContext(r.Context(), "update orders set status = $1 where id = $2", "shipped", r.PathValue("id"))
}

func (a *API) UpsertAddress(w http.ResponseWriter, r *http.Request) {
	a.DB.ExecContext(r.Context(), "insert into addresses (order_id, line) values ($1, $2) on conflict (order_id) do update set line = excluded.line", r.PathValue("id"), "x")
}

func (a *API) AddNote(w http.ResponseWriter, r *http.Request) {
	a.DB.ExecContext(r.Context(), "insert into notes (order_id, body) values ($1, $2)", r.PathValue("id"), "x")
}

func Serve(a *API) {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /orders/{id}/status", a.SetStatus)
	mux.HandleFunc("PUT /orders/{id}/address", a.UpsertAddress)
	mux.HandleFunc("POST /orders/{id}/notes", a.AddNote)
	http.ListenAndServe(":8080", mux)
}

type Worker struct{ Base string }

func (w *Worker) call(ctx context.Context, method, url string) error {
	req, err := http.NewRequestWithContext(ctx, method, url, strings.NewReader("{}"))
	if err != nil {
		return err
	}
	_, err = http.DefaultClient.Do(req)
	return err
}

// Ship sets the status through the API: safe.
func (w *Worker) Ship(ctx context.Context, t *asynq.Task) error {
	return w.call(ctx, "POST", w.Base+"/orders/"+string(t.Payload())+"/status")
}

// Address upserts through the API: safe.
func (w *Worker) Address(ctx context.Context, t *asynq.Task) error {
	req, _ := http.NewRequestWithContext(ctx, http.MethodPut, w.Base+"/orders/"+string(t.Payload())+"/address", nil)
	_, err := http.DefaultClient.Do(req)
	return err
}

// Note inserts through the API: the insert repeats.
func (w *Worker) Note(ctx context.Context, t *asynq.Task) error {
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, w.Base+"/orders/"+string(t.Payload())+"/notes", nil)
	_, err := http.DefaultClient.Do(req)
	return err
}

// Wrong uses a method the route does not serve: it stays an HTTP post.
func (w *Worker) Wrong(ctx context.Context, t *asynq.Task) error {
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, w.Base+"/orders/"+string(t.Payload())+"/address", nil)
	_, err := http.DefaultClient.Do(req)
	return err
}

func Register(mux *asynq.ServeMux, w *Worker) {
	mux.HandleFunc("ship", w.Ship)
	mux.HandleFunc("address", w.Address)
	mux.HandleFunc("note", w.Note)
	mux.HandleFunc("wrong", w.Wrong)
}
