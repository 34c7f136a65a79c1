// Package gate is an application's rate-limit gate behind an interface:
// it takes its own request type, which keeps the *http.Request its
// callers built in an unexported field, and sends a clone of it (ghsync's
// internal/budget: Gate.Do(ctx, class, *Request) → doAdmitted →
// req.httpRequest.Clone(ctx) → client.Do).
package gate

import (
	"context"
	"net/http"
)

type Request struct {
	httpRequest *http.Request
	app         bool
	beforeSend  func(context.Context, *http.Request) error
}

func NewRequest(req *http.Request) *Request { return &Request{httpRequest: req} }

func NewAppRequest(req *http.Request) *Request { return &Request{httpRequest: req, app: true} }

// BeforeSend sets a hook and returns the request it was called on.
func (r *Request) BeforeSend(fn func(context.Context, *http.Request) error) *Request {
	r.beforeSend = fn
	return r
}

type Doer interface {
	Do(ctx context.Context, req *Request) (*http.Response, error)
}

type Gate struct{ client *http.Client }

func New() Doer { return &Gate{client: http.DefaultClient} }

func (g *Gate) Do(ctx context.Context, req *Request) (*http.Response, error) {
	return g.doAdmitted(ctx, req)
}

func (g *Gate) doAdmitted(ctx context.Context, req *Request) (*http.Response, error) {
	httpReq := req.httpRequest.Clone(ctx)
	if req.beforeSend != nil {
		if err := req.beforeSend(ctx, httpReq); err != nil {
			return nil, err
		}
	}
	return g.client.Do(httpReq)
}
