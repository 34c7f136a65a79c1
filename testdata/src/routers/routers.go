// Package routers is one program serving its API with gorilla/mux, gin and
// echo, and a worker calling it: each router's routes are followed by
// method and path pattern (a set and an upsert are safe, an insert is not).
package routers

import (
	"context"
	"database/sql"
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/gorilla/mux"
	"github.com/hibiken/asynq"
	"github.com/labstack/echo/v4"
)

type API struct{ DB *sql.DB }

func (a *API) gorillaStatus(w http.ResponseWriter, r *http.Request) {
	a.DB.ExecContext(r.Context(), "update orders set status = 'shipped' where id = $1", mux.Vars(r)["id"])
}

func (a *API) gorillaNote(w http.ResponseWriter, r *http.Request) {
	a.DB.ExecContext(r.Context(), "insert into notes (order_id) values ($1)", mux.Vars(r)["id"])
}

func (a *API) ginTag(c *gin.Context) {
	a.DB.Exec("insert into tags (order_id, tag) values ($1, 'x') on conflict (order_id, tag) do nothing", c.Param("id"))
}

func (a *API) ginEvent(c *gin.Context) {
	a.DB.Exec("insert into events (order_id) values ($1)", c.Param("id"))
}

func (a *API) echoAddress(c echo.Context) error {
	_, err := a.DB.Exec("insert into addresses (order_id, line) values ($1, 'x') on conflict (order_id) do update set line = excluded.line", "1")
	return err
}

func Serve(a *API) {
	r := mux.NewRouter()
	r.HandleFunc("/v1/orders/{id}/status", a.gorillaStatus).Methods("PUT")
	r.HandleFunc("/v1/orders/{id}/notes", a.gorillaNote).Methods("POST")
	g := gin.New()
	g.POST("/v2/orders/:id/tags", a.ginTag)
	g.POST("/v2/orders/:id/events", a.ginEvent)
	e := echo.New()
	e.PUT("/v3/orders/:id/address", a.echoAddress)
}

type Worker struct{ Base string }

func (w *Worker) do(ctx context.Context, method, url string) error {
	req, err := http.NewRequestWithContext(ctx, method, url, nil)
	if err != nil {
		return err
	}
	_, err = http.DefaultClient.Do(req)
	return err
}

func (w *Worker) GorillaStatus(ctx context.Context, t *asynq.Task) error {
	return w.do(ctx, http.MethodPut, w.Base+"/v1/orders/"+string(t.Payload())+"/status")
}

func (w *Worker) GorillaNote(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: insert into notes \(medium\) at`
	return w.do(ctx, http.MethodPost, w.Base+"/v1/orders/"+string(t.Payload())+"/notes")
}

func (w *Worker) GinTag(ctx context.Context, t *asynq.Task) error {
	return w.do(ctx, http.MethodPost, w.Base+"/v2/orders/"+string(t.Payload())+"/tags")
}

func (w *Worker) GinEvent(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: insert into events \(medium\) at`
	return w.do(ctx, http.MethodPost, w.Base+"/v2/orders/"+string(t.Payload())+"/events")
}

func (w *Worker) EchoAddress(ctx context.Context, t *asynq.Task) error {
	return w.do(ctx, http.MethodPut, w.Base+"/v3/orders/"+string(t.Payload())+"/address")
}

func Register(m *asynq.ServeMux, w *Worker) {
	m.HandleFunc("gorilla:status", w.GorillaStatus)
	m.HandleFunc("gorilla:note", w.GorillaNote)
	m.HandleFunc("gin:tag", w.GinTag)
	m.HandleFunc("gin:event", w.GinEvent)
	m.HandleFunc("echo:address", w.EchoAddress)
}
