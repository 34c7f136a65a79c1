package routers

import (
	"context"
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/gorilla/mux"
	"github.com/hibiken/asynq"
	"github.com/labstack/echo/v4"
)

// Route groups: each route below serves under its group's prefix, which
// the worker's calls spell; a call without the prefix, or with another
// group's, reaches no route.

// hits counts requests per item, in a package-level map.
var hits = map[string]int{}

func (a *API) ginGroupNote(c *gin.Context) {
	a.DB.Exec("insert into group_notes (id) values ($1)", c.Param("id"))
}

func (a *API) ginMemo(c *gin.Context) {
	a.DB.Exec("insert into memos (id) values ($1)", c.Param("id"))
}

func (a *API) ginReport(c *gin.Context) {
	a.DB.Exec("insert into reports (id) values ($1)", c.Param("id"))
}

func (a *API) echoHit(c echo.Context) error {
	hits["api"]++ // one total: the key does not matter here
	return nil
}

func (a *API) gorillaTask(w http.ResponseWriter, r *http.Request) {
	a.DB.ExecContext(r.Context(), "update tasks set done = true where id = $1", mux.Vars(r)["id"])
}

func (a *API) itemPut(w http.ResponseWriter, r *http.Request) {
	a.DB.ExecContext(r.Context(), "insert into items (id) values ($1)", r.PathValue("id"))
}

// server keeps its admin group in a field set once.
type server struct {
	api   *API
	admin *gin.RouterGroup
}

// ServeGroups registers the grouped routes: gin groups nested, handed to a
// function and kept in a field; an echo group; a gorilla/mux subrouter; a
// net/http sub-mux behind http.StripPrefix.
func ServeGroups(a *API) {
	g := gin.New()
	v1 := g.Group("/api").Group("/v1")
	v1.POST("/notes/:id", a.ginGroupNote)
	memos(a, v1)
	s := &server{api: a, admin: g.Group("/admin")}
	s.routes()

	e := echo.New()
	eg := e.Group("/api")
	eg.GET("/hits/:id", a.echoHit)

	r := mux.NewRouter()
	sub := r.PathPrefix("/jobs").Subrouter()
	sub.HandleFunc("/tasks/{id}", a.gorillaTask).Methods("PUT")

	items := http.NewServeMux()
	items.HandleFunc("POST /items/{id}", a.itemPut)
	root := http.NewServeMux()
	root.Handle("/store/", http.StripPrefix("/store", items))
}

// memos registers on the group it is given.
func memos(a *API, g *gin.RouterGroup) {
	g.POST("/memos/:id", a.ginMemo)
}

func (s *server) routes() {
	s.admin.POST("/reports/:id", s.api.ginReport)
}

func (w *Worker) GroupNote(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: insert into group_notes \(medium\) at`
	return w.do(ctx, http.MethodPost, w.Base+"/api/v1/notes/"+string(t.Payload()))
}

func (w *Worker) GroupMemo(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: insert into memos \(medium\) at`
	return w.do(ctx, http.MethodPost, w.Base+"/api/v1/memos/"+string(t.Payload()))
}

func (w *Worker) AdminReport(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: insert into reports \(medium\) at`
	return w.do(ctx, http.MethodPost, w.Base+"/admin/reports/"+string(t.Payload()))
}

// Hit GETs a route whose handler counts in a package-level map.
func (w *Worker) Hit(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: memory_write increment \(routers.hits\) \(medium\) at`
	return w.do(ctx, http.MethodGet, w.Base+"/api/hits/"+string(t.Payload()))
}

func (w *Worker) JobTask(ctx context.Context, t *asynq.Task) error {
	return w.do(ctx, http.MethodPut, w.Base+"/jobs/tasks/"+string(t.Payload()))
}

func (w *Worker) StoreItem(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: insert into items \(medium\) at`
	return w.do(ctx, http.MethodPost, w.Base+"/store/items/"+string(t.Payload()))
}

// NoPrefix posts the grouped route's path without its group's prefix
// (near miss): no route serves it.
func (w *Worker) NoPrefix(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: http post \(http\) \(high\) at`
	return w.do(ctx, http.MethodPost, w.Base+"/notes/"+string(t.Payload()))
}

// OtherGroup posts a route of the admin group under the api group's
// prefix (near miss): no route serves it.
func (w *Worker) OtherGroup(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: http post \(http\) \(high\) at`
	return w.do(ctx, http.MethodPost, w.Base+"/api/reports/"+string(t.Payload()))
}

func RegisterGroups(m *asynq.ServeMux, w *Worker) {
	m.HandleFunc("group:note", w.GroupNote)
	m.HandleFunc("group:memo", w.GroupMemo)
	m.HandleFunc("group:report", w.AdminReport)
	m.HandleFunc("group:hit", w.Hit)
	m.HandleFunc("group:task", w.JobTask)
	m.HandleFunc("group:item", w.StoreItem)
	m.HandleFunc("group:noprefix", w.NoPrefix)
	m.HandleFunc("group:other", w.OtherGroup)
}
