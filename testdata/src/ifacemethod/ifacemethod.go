// Package ifacemethod: a CRM client calls the application's HTTP client
// through its interface with a request literal whose method is a
// constant; the whole program resolves the interface to the client that
// builds the request from that field, and the method decides the effect
// (a POST that creates, a GET that reads). A PATCH of a JSON object of
// properties to a deal's id is a set (a JSON merge patch), also behind a
// second interface (the CRM's), unless a value in it comes from the
// clock or its Content-Type says JSON Patch.
package ifacemethod

import (
	"context"
	"encoding/json"
	"time"

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

type dealUpdate struct {
	Properties map[string]string `json:"properties"`
}

func (c *CRM) UpdateDeal(ctx context.Context, id string, props map[string]string) error {
	b, err := json.Marshal(&dealUpdate{Properties: props})
	if err != nil {
		return err
	}
	return c.http.Send(ctx, &httpclient.Request{
		Method:  "PATCH",
		URL:     "https://api.crm.example.com/v3/deals/" + id,
		Headers: map[string]string{"Content-Type": "application/json"},
		Body:    b,
	})
}

func (c *CRM) PatchDealOps(ctx context.Context, id string, props map[string]string) error {
	b, err := json.Marshal(props)
	if err != nil {
		return err
	}
	return c.http.Send(ctx, &httpclient.Request{
		Method:  "PATCH",
		URL:     "https://api.crm.example.com/v3/deals/" + id,
		Headers: map[string]string{"Content-Type": "application/json-patch+json"},
		Body:    b,
	})
}

// DealAPI is the CRM behind an interface (the handler's second hop).
type DealAPI interface {
	UpdateDeal(ctx context.Context, id string, props map[string]string) error
}

type Deps struct {
	CRM   *CRM
	Deals DealAPI
}

func (d *Deps) AddItems(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: http post \(api.crm.example.com/v3/line_items\) \(high\) at`
	return d.CRM.CreateLineItem(ctx, t.Payload())
}

func (d *Deps) ReadDeal(ctx context.Context, t *asynq.Task) error {
	return d.CRM.GetDeal(ctx, string(t.Payload()))
}

func (d *Deps) SetAmount(ctx context.Context, t *asynq.Task) error {
	return d.CRM.UpdateDeal(ctx, string(t.Payload()), map[string]string{"amount": "100"})
}

func (d *Deps) SetAmountVia(ctx context.Context, t *asynq.Task) error {
	return d.Deals.UpdateDeal(ctx, string(t.Payload()), map[string]string{"amount": "100"})
}

func (d *Deps) Touch(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: http patch \(api.crm.example.com/v3/deals\) \(high\) at`
	return d.CRM.UpdateDeal(ctx, string(t.Payload()), map[string]string{"synced_at": time.Now().String()})
}

func (d *Deps) TouchVia(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: http patch \(api.crm.example.com/v3/deals\) \(high\) at`
	return d.Deals.UpdateDeal(ctx, string(t.Payload()), map[string]string{"synced_at": time.Now().String()})
}

func (d *Deps) RemoveAmount(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: http patch \(api.crm.example.com/v3/deals\) \(high\) at`
	return d.CRM.PatchDealOps(ctx, string(t.Payload()), map[string]string{"op": "remove", "path": "/amount"})
}

func Register(mux *asynq.ServeMux) {
	crm := &CRM{http: httpclient.New()}
	d := &Deps{CRM: crm, Deals: crm}
	mux.HandleFunc("crm:add", d.AddItems)
	mux.HandleFunc("crm:read", d.ReadDeal)
	mux.HandleFunc("crm:amount", d.SetAmount)
	mux.HandleFunc("crm:amount-via", d.SetAmountVia)
	mux.HandleFunc("crm:touch", d.Touch)
	mux.HandleFunc("crm:touch-via", d.TouchVia)
	mux.HandleFunc("crm:remove-amount", d.RemoveAmount)
}
