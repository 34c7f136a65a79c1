// Package helperkeyfix: a dispatcher builds the request, sets its
// Idempotency-Key header and hands the request to a helper that sends it
// (convoy's Dispatcher.SendRequest → do → client.Do). The key is the
// request's, read where the request is built.
package helperkeyfix

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"net/http"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
)

type Dispatcher struct{ client *http.Client }

func (d *Dispatcher) SendRequest(ctx context.Context, url string, body []byte, key string) error { // want SendRequest:`^effects: http/post http url=p2 guarded=idempotency_key$`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	if len(key) > 0 {
		req.Header.Set("X-Acme-Idempotency-Key", key)
	}
	return d.do(req)
}

func (d *Dispatcher) do(req *http.Request) error { // want do:`^effects: http/unknown http request=p1$`
	req = req.WithContext(context.WithoutCancel(req.Context()))
	resp, err := d.client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func checksum(s string) string { // want checksum:`^no effects$`
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:])
}

type Deps struct{ D *Dispatcher }

// Stable sends with a key derived from the job: guarded, no finding.
func (x *Deps) Stable(ctx context.Context, t *asynq.Task) error { // want Stable:`^effects: http/post hooks.example.com/in guarded=idempotency_key$`
	return x.D.SendRequest(ctx, "https://hooks.example.com/in", t.Payload(), checksum(string(t.Payload())))
}

// Random sends with a fresh key: random-key.
func (x *Deps) Random(ctx context.Context, t *asynq.Task) error { // want Random:`^effects: http/post hooks.example.com/in issue=random-key$`
	return x.D.SendRequest(ctx, "https://hooks.example.com/in", t.Payload(), uuid.NewString()) // want `random-key: idempotency key uuid.NewString\(\), passed to \(\*helperkeyfix.Dispatcher\).SendRequest, derives from uuid.NewString`
}

type Delivery struct {
	ID             string
	IdempotencyKey string // optional: set only when the producer gave one
}

type Store interface {
	FindDelivery(ctx context.Context, id string) (*Delivery, error)
}

type Worker struct {
	D  *Dispatcher
	DB Store
}

// Stored sends with the delivery's stored key, which the dispatcher sends
// only when set: it may be empty, no guard.
func (w *Worker) Stored(ctx context.Context, t *asynq.Task) error { // want Stored:`^handler asynq \(\*helperkeyfix.Worker\).Stored$` Stored:`^effects: http/post hooks.example.com/in; dynamic_call/call \(helperkeyfix.Store\).FindDelivery reads=db_read/read$` `unguarded: handler \(\*helperkeyfix.Worker\).Stored repeats .*http post \(hooks.example.com/in\) \(high\) .*is not guarded \(its idempotency key is sent only when set, and the value passed may be empty\)`
	d, err := w.DB.FindDelivery(ctx, string(t.Payload()))
	if err != nil {
		return err
	}
	return w.D.SendRequest(ctx, "https://hooks.example.com/in", t.Payload(), d.IdempotencyKey)
}

// Derived sends with a key computed from the stored delivery: never empty.
func (w *Worker) Derived(ctx context.Context, t *asynq.Task) error { // want Derived:`^handler asynq \(\*helperkeyfix.Worker\).Derived$` Derived:`^effects: http/post hooks.example.com/in guarded=idempotency_key; dynamic_call/call \(helperkeyfix.Store\).FindDelivery reads=db_read/read$`
	d, err := w.DB.FindDelivery(ctx, string(t.Payload()))
	if err != nil {
		return err
	}
	return w.D.SendRequest(ctx, "https://hooks.example.com/in", t.Payload(), "delivery-"+d.ID)
}

// notify keys the request with a checksum of the uid it is given: never
// empty, whatever the uid.
func notify(ctx context.Context, d *Dispatcher, uid string) error { // want notify:`^effects: http/post hooks.example.com/meta guarded=idempotency_key$`
	return d.SendRequest(ctx, "https://hooks.example.com/meta", nil, checksum(uid))
}

// ViaHelper passes a stored field to notify, which derives the key from
// it: guarded, no finding.
func (w *Worker) ViaHelper(ctx context.Context, t *asynq.Task) error { // want ViaHelper:`^handler asynq \(\*helperkeyfix.Worker\).ViaHelper$` ViaHelper:`^effects: http/post hooks.example.com/meta guarded=idempotency_key; dynamic_call/call \(helperkeyfix.Store\).FindDelivery reads=db_read/read$`
	d, err := w.DB.FindDelivery(ctx, string(t.Payload()))
	if err != nil {
		return err
	}
	return notify(ctx, w.D, d.IdempotencyKey)
}

// DirectOptional sends the stored key itself, only when it is set: it may
// be empty, no guard.
func (w *Worker) DirectOptional(ctx context.Context, t *asynq.Task) error { // want DirectOptional:`^handler asynq \(\*helperkeyfix.Worker\).DirectOptional$` DirectOptional:`^effects: http/post hooks.example.com/in; dynamic_call/call \(helperkeyfix.Store\).FindDelivery reads=db_read/read$` `unguarded: handler \(\*helperkeyfix.Worker\).DirectOptional repeats .*http post \(hooks.example.com/in\) \(high\)`
	d, err := w.DB.FindDelivery(ctx, string(t.Payload()))
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://hooks.example.com/in", nil)
	if err != nil {
		return err
	}
	if d.IdempotencyKey != "" {
		req.Header.Set("Idempotency-Key", d.IdempotencyKey)
	}
	resp, err := w.D.client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
