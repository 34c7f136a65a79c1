package routers

import (
	"context"
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/hibiken/asynq"
)

// Grouped routes whose handlers call a service the analysis cannot follow
// (an interface nothing in the program implements): a reviewer does not
// take such a route for what the call does. The call keeps its own
// reading (a POST stays a non-idempotent HTTP call) and gains, beside it,
// what the route is known to do (a GET whose route inserts an audit row
// is not safe).

// Certs is a service the routes call; nothing here implements it.
type Certs interface {
	Issue(id string) error
	Lookup(id string) (string, error)
}

// Service is the API with its service.
type Service struct {
	API   *API
	Certs Certs
}

func (s *Service) issue(c *gin.Context) {
	s.Certs.Issue(c.Param("id"))
}

func (s *Service) audited(c *gin.Context) {
	s.API.DB.Exec("insert into audit (cert_id) values ($1)", c.Param("id"))
	s.Certs.Lookup(c.Param("id"))
}

func (s *Service) ginVisit(c *gin.Context) {
	s.API.DB.Exec("insert into visits (cert_id) values ($1)", c.Param("id"))
}

// ServeCerts registers the service's routes under /pki/v1.
func ServeCerts(s *Service) {
	g := gin.New()
	v1 := g.Group("/pki").Group("/v1")
	v1.POST("/certs/:id", s.issue)
	v1.GET("/certs/:id/audit", s.audited)
	v1.GET("/certs/:id/visit", s.ginVisit)
}

// IssueCert POSTs to a route whose handler calls the unfollowed service:
// the POST stays.
func (w *Worker) IssueCert(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: http post \(http\) \(high\) at`
	return w.do(ctx, http.MethodPost, w.Base+"/pki/v1/certs/"+string(t.Payload()))
}

// AuditCert GETs a route that inserts and calls the unfollowed service:
// the GET stays and the insert is beside it.
func (w *Worker) AuditCert(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: insert into audit \(medium\) at`
	return w.do(ctx, http.MethodGet, w.Base+"/pki/v1/certs/"+string(t.Payload())+"/audit")
}

// VisitCert GETs a grouped route that only inserts: the route is
// followed, and the GET repeats its insert.
func (w *Worker) VisitCert(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: insert into visits \(medium\) at`
	return w.do(ctx, http.MethodGet, w.Base+"/pki/v1/certs/"+string(t.Payload())+"/visit")
}

func RegisterCerts(m *asynq.ServeMux, w *Worker) {
	m.HandleFunc("cert:issue", w.IssueCert)
	m.HandleFunc("cert:audit", w.AuditCert)
	m.HandleFunc("cert:visit", w.VisitCert)
}
