// Package unfilledmap: a handler that delivers through a deliverer it
// looks up by type in a map its service's constructor makes empty
// (base-server's integration service: deliverer, ok :=
// s.deliverers[t]; if !ok { return }), where the method that fills the
// map is never called: the lookup always misses, and the insert and the
// delivery behind it never run. Near misses keep their effects: a
// service whose Register main calls, one whose map is built with an
// entry, and the effect on the "missing" branch (which runs: it stays,
// without its test), a map filled by the ServeHTTP of a service net/http
// is handed as a Handler (net/http calls it, in no code followed), and
// an exported map a decoder may fill. The
// handlers' value is kept as an interface, as frameworks take handlers:
// that hands no one the unexported map.
package unfilledmap

import (
	"context"
	"database/sql"
	"encoding/json"
	"net/http"
	"strings"

	"github.com/hibiken/asynq"
)

type Deliverer interface {
	Type() string
	Deliver(body string) error
}

type hook struct{ url string }

func (h *hook) Type() string { return "hook" }

func (h *hook) Deliver(body string) error {
	_, err := http.Post(h.url, "text/plain", strings.NewReader(body))
	return err
}

// Service is built empty; Register fills it, and nothing calls Register.
type Service struct {
	db         *sql.DB
	deliverers map[string]Deliverer
}

func New(db *sql.DB) *Service {
	return &Service{db: db, deliverers: make(map[string]Deliverer)}
}

func (s *Service) Register(d Deliverer) { s.deliverers[d.Type()] = d }

func (s *Service) deliver(kind, body string) {
	d, ok := s.deliverers[kind]
	if !ok {
		_, _ = s.db.Exec("insert into undelivered(kind) values ($1)", kind)
		return
	}
	_, _ = s.db.Exec("insert into deliveries(kind) values ($1)", kind)
	_ = d.Deliver(body)
}

// Wired is the same, and main registers a deliverer.
type Wired struct {
	db         *sql.DB
	deliverers map[string]Deliverer
}

func (s *Wired) Register(d Deliverer) { s.deliverers[d.Type()] = d }

func (s *Wired) deliver(kind, body string) {
	d, ok := s.deliverers[kind]
	if !ok {
		return
	}
	_, _ = s.db.Exec("insert into deliveries(kind) values ($1)", kind)
	_ = d.Deliver(body)
}

// Literal's map is built with its entry.
type Literal struct {
	db         *sql.DB
	deliverers map[string]Deliverer
}

func (s *Literal) deliver(kind, body string) {
	if d, ok := s.deliverers[kind]; ok {
		_, _ = s.db.Exec("insert into deliveries(kind) values ($1)", kind)
		_ = d.Deliver(body)
	}
}

// Served is filled by its ServeHTTP, which net/http calls.
type Served struct {
	db   *sql.DB
	urls map[string]string
}

func (s *Served) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.urls[r.URL.Query().Get("kind")] = r.URL.Query().Get("url")
}

func (s *Served) deliver(kind string) {
	if url, ok := s.urls[kind]; ok {
		_, _ = s.db.Exec("insert into deliveries(kind, url) values ($1, $2)", kind, url)
	}
}

// Decoded's exported map is what its JSON says.
type Decoded struct {
	DB         *sql.DB `json:"-"`
	Deliverers map[string]string
}

func (s *Decoded) deliver(kind string) {
	if url, ok := s.Deliverers[kind]; ok {
		_, _ = s.DB.Exec("insert into deliveries(kind, url) values ($1, $2)", kind, url)
	}
}

type Handlers struct {
	svc     *Service
	wired   *Wired
	literal *Literal
	decoded *Decoded
	served  *Served
}

// kept holds the handlers as an interface.
var kept []any

// Unfilled only ever records the miss.
func (h *Handlers) Unfilled(ctx context.Context, t *asynq.Task) error { // want `unguarded: .*insert into undelivered`
	go h.svc.deliver("hook", string(t.Payload()))
	return nil
}

func (h *Handlers) Registered(ctx context.Context, t *asynq.Task) error { // want `unguarded: .*http post`
	h.wired.deliver("hook", string(t.Payload()))
	return nil
}

func (h *Handlers) Built(ctx context.Context, t *asynq.Task) error { // want `unguarded: .*http post`
	h.literal.deliver("hook", string(t.Payload()))
	return nil
}

func (h *Handlers) Configured(ctx context.Context, t *asynq.Task) error { // want `unguarded: .*insert into deliveries`
	h.decoded.deliver("hook")
	return nil
}

func (h *Handlers) Hooked(ctx context.Context, t *asynq.Task) error { // want `unguarded: .*insert into deliveries`
	h.served.deliver("hook")
	return nil
}

func Main(db *sql.DB, config []byte) {
	h := &Handlers{
		svc:     New(db),
		wired:   &Wired{db: db, deliverers: map[string]Deliverer{}},
		literal: &Literal{db: db, deliverers: map[string]Deliverer{"hook": &hook{url: "https://example.org"}}},
	}
	h.served = &Served{db: db, urls: map[string]string{}}
	http.Handle("/hooks", h.served)
	h.decoded = &Decoded{DB: db}
	_ = json.Unmarshal(config, h.decoded)
	kept = append(kept, h)
	h.wired.Register(&hook{url: "https://example.org"})
	mux := asynq.NewServeMux()
	mux.HandleFunc("unfilled", h.Unfilled)
	mux.HandleFunc("registered", h.Registered)
	mux.HandleFunc("built", h.Built)
	mux.HandleFunc("configured", h.Configured)
	mux.HandleFunc("hooked", h.Hooked)
}
