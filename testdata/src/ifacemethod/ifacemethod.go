// Package ifacemethod: a CRM client calls the application's HTTP client
// through its interface with a request literal whose method is a
// constant; the whole program resolves the interface to the client that
// builds the request from that field, and the method decides the effect
// (a POST that creates, a GET that reads).
package ifacemethod

import (
	"context"

	"github.com/hibiken/asynq"

	"ifacemethod/httpclient"
)

type CRM struct{ http httpclient.Client }

func (c *CRM) CreateLineItem(ctx context.Context, body []byte) error {
	return c.http.Send(ctx, &httpclient.Request{Method: "POST", URL: "https://api.crm.example.com/v3/line_items", Body: body})
}

func (c *CRM) GetDeal(ctx context.Context, id string) error {
	return c.http.Send(ctx, &httpclient.Request{Method: "GET", URL: "https://api.crm.example.com/v3/deals/" + id})
}

type Deps struct{ CRM *CRM }

func (d *Deps) AddItems(ctx context.Context, t *asynq.Task) error {
	return d.CRM.CreateLineItem(ctx, t.Payload())
}

func (d *Deps) ReadDeal(ctx context.Context, t *asynq.Task) error {
	return d.CRM.GetDeal(ctx, string(t.Payload()))
}

func Register(mux *asynq.ServeMux) {
	d := &Deps{CRM: &CRM{http: httpclient.New()}}
	mux.HandleFunc("crm:add", d.AddItems)
	mux.HandleFunc("crm:read", d.ReadDeal)
}
