// Package ifacegate: a GitHub-like client builds each *http.Request with
// the method its caller gives, wraps it in the gate's request type and
// sends it through the gate's interface; the whole program resolves the
// gate and the method the request was built with decides the effect (a
// POST that asks for a redelivery, a GET that lists).
package ifacegate

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"

	"github.com/hibiken/asynq"

	"ifacegate/gate"
)

type client struct {
	gate gate.Doer
	app  bool
}

func (c client) request(ctx context.Context, method, path string) (*http.Request, error) {
	return http.NewRequestWithContext(ctx, method, "https://api.github.example.com/"+path, nil)
}

// send builds a request with a body, as ghsync's client.request(ctx,
// method, path, query, body) does.
func (c client) send(ctx context.Context, method, path string, body io.Reader) (*http.Request, error) {
	return http.NewRequestWithContext(ctx, method, "https://api.github.example.com/"+path, body)
}

// Call posts a GraphQL document its caller gives through the gate.
func (c client) Call(ctx context.Context, query string, vars map[string]any) error {
	body, err := json.Marshal(map[string]any{"query": query, "variables": vars})
	if err != nil {
		return err
	}
	req, err := c.send(ctx, http.MethodPost, "graphql", bytes.NewReader(body))
	if err != nil {
		return err
	}
	_, err = c.gate.Do(ctx, gate.NewRequest(req))
	return err
}

const pullsQuery = `query Pulls($ids: [ID!]!) { nodes(ids: $ids) { id } }`

const closeMutation = `mutation Close($id: ID!) { closePullRequest(input: {pullRequestId: $id}) { clientMutationId } }`

// renew exchanges the app's credential for an installation token.
func (c client) renew(ctx context.Context, base *url.URL, id int64) error {
	endpoint := base.ResolveReference(&url.URL{Path: fmt.Sprintf("app/installations/%d/access_tokens", id)})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint.String(), bytes.NewReader([]byte("{}")))
	if err != nil {
		return err
	}
	_, err = c.gate.Do(ctx, gate.NewAppRequest(req))
	return err
}

func (c client) authorize(ctx context.Context, req *http.Request) error {
	req.Header.Set("Authorization", "Bearer x")
	return nil
}

// wrap hands the request to one constructor or the other: both keep it.
func (c client) wrap(req *http.Request) *gate.Request {
	if c.app {
		return gate.NewAppRequest(req)
	}
	return gate.NewRequest(req)
}

func (c client) Redeliver(ctx context.Context, id string) error {
	req, err := c.request(ctx, http.MethodPost, "app/hook/deliveries/"+id+"/attempts")
	if err != nil {
		return err
	}
	_, err = c.gate.Do(ctx, c.wrap(req).BeforeSend(c.authorize))
	return err
}

func (c client) List(ctx context.Context) error {
	req, err := c.request(ctx, http.MethodGet, "app/hook/deliveries")
	if err != nil {
		return err
	}
	_, err = c.gate.Do(ctx, c.wrap(req).BeforeSend(c.authorize))
	return err
}

// Either wraps one of two requests: which one the gate sends, and so its
// method, is not known statically.
func (c client) Either(ctx context.Context, id string) error {
	post, err := c.request(ctx, http.MethodPost, "app/hook/deliveries/"+id+"/attempts")
	if err != nil {
		return err
	}
	get, err := c.request(ctx, http.MethodGet, "app/hook/deliveries/"+id)
	if err != nil {
		return err
	}
	w := gate.NewRequest(get)
	if id == "" {
		w = gate.NewRequest(post)
	}
	_, err = c.gate.Do(ctx, w)
	return err
}

type Deps struct{ gh client }

func (d *Deps) Redeliver(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: http post \(http\) \(high\) at`
	return d.gh.Redeliver(ctx, string(t.Payload()))
}

func (d *Deps) List(ctx context.Context, t *asynq.Task) error { return d.gh.List(ctx) }

func (d *Deps) Either(ctx context.Context, t *asynq.Task) error {
	return d.gh.Either(ctx, string(t.Payload()))
}

func (d *Deps) Pulls(ctx context.Context, t *asynq.Task) error {
	return d.gh.Call(ctx, pullsQuery, map[string]any{"ids": []string{string(t.Payload())}})
}

// ClosePull sends a mutation: a write.
func (d *Deps) ClosePull(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: http post \(http\) \(high\) at`
	return d.gh.Call(ctx, closeMutation, map[string]any{"id": string(t.Payload())})
}

// RunQuery sends the document the payload holds: not known, the POST.
func (d *Deps) RunQuery(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: http post \(http\) \(high\) at`
	return d.gh.Call(ctx, string(t.Payload()), nil)
}

func (d *Deps) Token(ctx context.Context, t *asynq.Task) error {
	return d.gh.renew(ctx, &url.URL{Scheme: "https", Host: "api.github.example.com"}, int64(len(t.Payload())))
}

func Register(mux *asynq.ServeMux) {
	d := &Deps{gh: client{gate: gate.New()}}
	mux.HandleFunc("gate:redeliver", d.Redeliver)
	mux.HandleFunc("gate:list", d.List)
	mux.HandleFunc("gate:either", d.Either)
	mux.HandleFunc("gate:pulls", d.Pulls)
	mux.HandleFunc("gate:close", d.ClosePull)
	mux.HandleFunc("gate:runquery", d.RunQuery)
	mux.HandleFunc("gate:token", d.Token)
}
