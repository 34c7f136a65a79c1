// Package routefix is a worker and an API server in one program: jobs
// that POST to routes the program serves have the effects of the routes'
// handlers (a status set and an upsert are safe, an insert is not), and a
// call to a route it does not serve stays an HTTP post; likewise for a
// gRPC client stub of a service the program registers.
package routefix

import (
	"context"
	"database/sql"
	"net/http"
	"strings"

	"github.com/hibiken/asynq"
	"google.golang.org/grpc"
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

// Confirm is a GET that writes: a confirmation on every call.
func (a *API) Confirm(w http.ResponseWriter, r *http.Request) {
	a.DB.ExecContext(r.Context(), "insert into confirmations (order_id) values ($1)", r.PathValue("id"))
}

// Rename is served at a path of one wildcard ("POST /{name}").
func (a *API) Rename(w http.ResponseWriter, r *http.Request) {
	a.DB.ExecContext(r.Context(), "insert into renames (name) values ($1)", r.PathValue("name"))
}

// Order is a GET that reads.
func (a *API) Order(w http.ResponseWriter, r *http.Request) {
	var status string
	a.DB.QueryRowContext(r.Context(), "select status from orders where id = $1", r.PathValue("id")).Scan(&status)
}

func Serve(a *API) {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /orders/{id}/status", a.SetStatus)
	mux.HandleFunc("PUT /orders/{id}/address", a.UpsertAddress)
	mux.HandleFunc("POST /orders/{id}/notes", a.AddNote)
	mux.HandleFunc("GET /orders/{id}/confirm", a.Confirm)
	mux.HandleFunc("GET /orders/{id}", a.Order)
	mux.HandleFunc("POST /{name}", a.Rename)
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
func (w *Worker) Note(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: insert into notes \(medium\) at`
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, w.Base+"/orders/"+string(t.Payload())+"/notes", nil)
	_, err := http.DefaultClient.Do(req)
	return err
}

// Wrong uses a method the route does not serve: it stays an HTTP post.
func (w *Worker) Wrong(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: http post \(/orders/\{\}/address\) \(high\) at`
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, w.Base+"/orders/"+string(t.Payload())+"/address", nil)
	_, err := http.DefaultClient.Do(req)
	return err
}

// Publish POSTs to another service's path under a configured base URL:
// only the route of one wildcard would match it, which says nothing of
// which service it is; the POST stays.
func (w *Worker) Publish(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: http post \(http\) \(high\) at`
	return w.call(ctx, "POST", w.Base+"/publish")
}

// RenameLocal POSTs to this program's own host: the route of one
// wildcard is its route (near miss of Publish).
func (w *Worker) RenameLocal(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: insert into renames \(medium\) at`
	return w.call(ctx, "POST", "http://localhost:8080/"+string(t.Payload()))
}

// Confirm GETs the route that inserts: judged by the route's effects, not
// read as a GET.
func (w *Worker) Confirm(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: insert into confirmations \(medium\) at`
	resp, err := http.Get(w.Base + "/orders/" + string(t.Payload()) + "/confirm")
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Lookup GETs the route that reads (near miss): safe.
func (w *Worker) Lookup(ctx context.Context, t *asynq.Task) error {
	resp, err := http.Get(w.Base + "/orders/" + string(t.Payload()))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func Register(mux *asynq.ServeMux, w *Worker) {
	mux.HandleFunc("confirm", w.Confirm)
	mux.HandleFunc("lookup", w.Lookup)
	mux.HandleFunc("ship", w.Ship)
	mux.HandleFunc("address", w.Address)
	mux.HandleFunc("note", w.Note)
	mux.HandleFunc("publish", w.Publish)
	mux.HandleFunc("renamelocal", w.RenameLocal)
	mux.HandleFunc("wrong", w.Wrong)
}

// The gRPC side, in the shape protoc-gen-go-grpc generates.

type Req struct{ ID string }

type LedgerClient interface {
	Credit(ctx context.Context, in *Req, opts ...grpc.CallOption) (*Req, error)
	Touch(ctx context.Context, in *Req, opts ...grpc.CallOption) (*Req, error)
}

type ledgerClient struct{ cc grpc.ClientConnInterface }

func NewLedgerClient(cc grpc.ClientConnInterface) LedgerClient { return &ledgerClient{cc} }

func (c *ledgerClient) Credit(ctx context.Context, in *Req, opts ...grpc.CallOption) (*Req, error) {
	out := new(Req)
	err := c.cc.Invoke(ctx, "/ledger.v1.Ledger/Credit", in, out, opts...)
	return out, err
}

func (c *ledgerClient) Touch(ctx context.Context, in *Req, opts ...grpc.CallOption) (*Req, error) {
	out := new(Req)
	err := c.cc.Invoke(ctx, "/ledger.v1.Ledger/Touch", in, out, opts...)
	return out, err
}

type LedgerServer interface {
	Credit(context.Context, *Req) (*Req, error)
	Touch(context.Context, *Req) (*Req, error)
}

var Ledger_ServiceDesc = grpc.ServiceDesc{ServiceName: "ledger.v1.Ledger", HandlerType: (*LedgerServer)(nil)}

func RegisterLedgerServer(s grpc.ServiceRegistrar, srv LedgerServer) {
	s.RegisterService(&Ledger_ServiceDesc, srv)
}

type ledger struct{ DB *sql.DB }

func (l *ledger) Credit(ctx context.Context, r *Req) (*Req, error) {
	_, err := l.DB.ExecContext(ctx, "update accounts set balance = balance + 1 where id = $1", r.ID)
	return r, err
}

func (l *ledger) Touch(ctx context.Context, r *Req) (*Req, error) {
	_, err := l.DB.ExecContext(ctx, "update accounts set seen = now() where id = $1", r.ID)
	return r, err
}

func ServeGRPC(db *sql.DB) {
	s := grpc.NewServer()
	RegisterLedgerServer(s, &ledger{DB: db})
}

type Payer struct{ Ledger LedgerClient }

// Credit increments through the gRPC service: the increment repeats.
func (p *Payer) Credit(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: update-increment of accounts \(medium\) at`
	_, err := p.Ledger.Credit(ctx, &Req{ID: string(t.Payload())})
	return err
}

// Touch sets a column through the gRPC service: safe.
func (p *Payer) Touch(ctx context.Context, t *asynq.Task) error {
	_, err := p.Ledger.Touch(ctx, &Req{ID: string(t.Payload())})
	return err
}

func RegisterPayer(mux *asynq.ServeMux, cc *grpc.ClientConn) {
	p := &Payer{Ledger: NewLedgerClient(cc)}
	mux.HandleFunc("credit", p.Credit)
	mux.HandleFunc("touch", p.Touch)
}

// An older generator's shape: Register…Server takes *grpc.Server, and the
// proto names are lower camel case ("/pb.audit/recordEntry").

type AuditClient interface {
	RecordEntry(ctx context.Context, in *Req, opts ...grpc.CallOption) (*Req, error)
}

type auditClient struct{ cc *grpc.ClientConn }

func NewAuditClient(cc *grpc.ClientConn) AuditClient { return &auditClient{cc} }

func (c *auditClient) RecordEntry(ctx context.Context, in *Req, opts ...grpc.CallOption) (*Req, error) {
	out := new(Req)
	err := c.cc.Invoke(ctx, "/pb.audit/recordEntry", in, out, opts...)
	return out, err
}

type AuditServer interface {
	RecordEntry(context.Context, *Req) (*Req, error)
}

func RegisterAuditServer(s *grpc.Server, srv AuditServer) {}

type audit struct{ DB *sql.DB }

func (a *audit) RecordEntry(ctx context.Context, r *Req) (*Req, error) {
	_, err := a.DB.ExecContext(ctx, "insert into audit (id) values ($1)", r.ID)
	return r, err
}

func ServeAudit(db *sql.DB) {
	RegisterAuditServer(grpc.NewServer(), &audit{DB: db})
}

// Audit records an entry through the older-style service: the insert repeats.
func (p *Payer) Audit(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: insert into audit \(medium\) at`
	_, err := NewAuditClient(&grpc.ClientConn{}).RecordEntry(ctx, &Req{ID: string(t.Payload())})
	return err
}

func RegisterAudit(mux *asynq.ServeMux, p *Payer) {
	mux.HandleFunc("audit", p.Audit)
}

// AddPayment claims the request's Idempotency-Key in the transaction of
// its insert: the server side of a keyed call.
func (a *API) AddPayment(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	tx, err := a.DB.BeginTx(ctx, nil)
	if err != nil {
		return
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, "insert into processed_requests (key) values ($1) on conflict do nothing", r.Header.Get("Idempotency-Key"))
	if err != nil {
		return
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return // a repeat: already done
	}
	tx.ExecContext(ctx, "insert into payments (order_id) values ($1)", r.PathValue("id"))
	tx.Commit()
}

func ServePayments(a *API) {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /orders/{id}/payments", a.AddPayment)
	http.ListenAndServe(":8081", mux)
}

// Pay sends a stable key to a route that claims it: guarded end to end.
func (w *Worker) Pay(ctx context.Context, t *asynq.Task) error {
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, w.Base+"/orders/"+string(t.Payload())+"/payments", nil)
	req.Header.Set("Idempotency-Key", "pay-"+string(t.Payload()))
	_, err := http.DefaultClient.Do(req)
	return err
}

// PayNoKey calls the same route without a key: every call is a new claim.
func (w *Worker) PayNoKey(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: insert into payments \(medium\) at`
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, w.Base+"/orders/"+string(t.Payload())+"/payments", nil)
	_, err := http.DefaultClient.Do(req)
	return err
}

func RegisterPay(mux *asynq.ServeMux, w *Worker) {
	mux.HandleFunc("pay", w.Pay)
	mux.HandleFunc("pay-nokey", w.PayNoKey)
}
