// Package putkeyfix covers a PUT whose URL's last path segment is a value
// the handler computes: the segment names the resource the PUT writes, so
// it keys the call like an Idempotency-Key header (guarded when the same
// on every delivery, random-key when new on each). Near misses: a POST to
// the same URL, a PUT whose path ends in a constant segment, a PUT to a
// constant URL.
package putkeyfix

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strconv"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/nats-io/nats.go"
)

type Pusher struct {
	Base  string
	Token string
	Auth  bool
	HTTP  *http.Client
}

// OnEvents pushes a batch to an application service under a transaction
// ID from the stream's metadata (the time the first message was stored:
// the same on every redelivery), as Matrix homeservers do.
func (p *Pusher) OnEvents(m *nats.Msg) { // want OnEvents:`^effects: http/put .*guarded=idempotency_key$`
	txnID := ""
	if meta, err := m.Metadata(); err == nil {
		txnID = strconv.Itoa(int(meta.Timestamp.UnixNano()))
	}
	if err := p.send(context.Background(), m.Data, txnID); err != nil {
		_ = m.Nak()
		return
	}
	_ = m.Ack()
}

func (p *Pusher) send(ctx context.Context, body []byte, txnID string) error { // want send:`^effects: http/put http guarded=idempotency_key$`
	if txnID == "" {
		txnID = fmt.Sprintf("%d_%d", len(body), body[0])
	}
	address := fmt.Sprintf("%s/%s/%s", p.Base, "_matrix/app/v1/transactions", txnID)
	if p.Auth {
		address += "?access_token=" + url.QueryEscape(p.Token)
	}
	req, err := http.NewRequestWithContext(ctx, "PUT", address, bytes.NewBuffer(body))
	if err != nil {
		return err
	}
	resp, err := p.HTTP.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Attempt names the transaction by the delivery count (near miss): a new
// resource on every delivery.
func (p *Pusher) Attempt(m *nats.Msg) { // want Attempt:`^effects: http/put .*issue=random-key$`
	meta, _ := m.Metadata()
	req, _ := http.NewRequest(http.MethodPut, p.Base+"/transactions/"+strconv.FormatUint(meta.NumDelivered, 10), bytes.NewReader(m.Data)) // want `random-key: idempotency key .*NumDelivered`
	if _, err := p.HTTP.Do(req); err != nil {
		_ = m.Nak()
		return
	}
	_ = m.Ack()
}

// Object stores the payload under the task's ID: guarded.
func Object(ctx context.Context, t *asynq.Task) error { // want Object:`^effects: http/put storage.example.com/objects guarded=idempotency_key$`
	id, _ := asynq.GetTaskID(ctx)
	req, _ := http.NewRequestWithContext(ctx, http.MethodPut, "https://storage.example.com/objects/"+id, bytes.NewReader(t.Payload()))
	_, err := http.DefaultClient.Do(req)
	return err
}

// Fresh stores the payload under a new uuid (near miss): random-key.
func Fresh(ctx context.Context, t *asynq.Task) error { // want Fresh:`^effects: http/put storage.example.com/objects issue=random-key$`
	req, _ := http.NewRequestWithContext(ctx, http.MethodPut, "https://storage.example.com/objects/"+uuid.NewString(), bytes.NewReader(t.Payload())) // want `random-key: idempotency key uuid.NewString\(\) derives from uuid.NewString`
	_, err := http.DefaultClient.Do(req)
	return err
}

// Posted posts to the same kind of URL (near miss): a POST is not named
// by its URL.
func Posted(ctx context.Context, t *asynq.Task) error { // want Posted:`^effects: http/post storage.example.com/objects$` `unguarded: handler putkeyfix.Posted .*http post`
	id, _ := asynq.GetTaskID(ctx)
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, "https://storage.example.com/objects/"+id, bytes.NewReader(t.Payload()))
	_, err := http.DefaultClient.Do(req)
	return err
}

// Action puts to a path that ends in a constant segment (near miss).
func Action(ctx context.Context, t *asynq.Task) error { // want Action:`^effects: http/put storage.example.com/orders$` `unguarded: handler putkeyfix.Action .*http put`
	id, _ := asynq.GetTaskID(ctx)
	req, _ := http.NewRequestWithContext(ctx, http.MethodPut, "https://storage.example.com/orders/"+id+"/cancel", nil)
	_, err := http.DefaultClient.Do(req)
	return err
}

// Fixed puts to a constant URL (near miss): nothing names the delivery.
func Fixed(ctx context.Context, t *asynq.Task) error { // want Fixed:`^effects: http/put storage.example.com/settings$` `unguarded: handler putkeyfix.Fixed .*http put`
	req, _ := http.NewRequestWithContext(ctx, http.MethodPut, "https://storage.example.com/settings", bytes.NewReader(t.Payload()))
	_, err := http.DefaultClient.Do(req)
	return err
}

func Register(nc nats.JetStreamContext, p *Pusher) { // want Register:"no effects"
	_, _ = nc.Subscribe("events", p.OnEvents, nats.ManualAck())
	_, _ = nc.Subscribe("attempts", p.Attempt, nats.ManualAck())
}
