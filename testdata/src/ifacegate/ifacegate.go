// Package ifacegate: a GitHub-like client builds each *http.Request with
// the method its caller gives, wraps it in the gate's request type and
// sends it through the gate's interface; the whole program resolves the
// gate and the method the request was built with decides the effect (a
// POST that asks for a redelivery, a GET that lists).
package ifacegate

import (
	"context"
	"net/http"

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

func (d *Deps) Redeliver(ctx context.Context, t *asynq.Task) error {
	return d.gh.Redeliver(ctx, string(t.Payload()))
}

func (d *Deps) List(ctx context.Context, t *asynq.Task) error { return d.gh.List(ctx) }

func (d *Deps) Either(ctx context.Context, t *asynq.Task) error {
	return d.gh.Either(ctx, string(t.Payload()))
}

func Register(mux *asynq.ServeMux) {
	d := &Deps{gh: client{gate: gate.New()}}
	mux.HandleFunc("gate:redeliver", d.Redeliver)
	mux.HandleFunc("gate:list", d.List)
	mux.HandleFunc("gate:either", d.Either)
}
