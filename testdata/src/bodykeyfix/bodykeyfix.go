// Package bodykeyfix covers idempotency keys sent in a JSON request body
// (a struct field named or tagged idempotency_key, a map key): keyed like
// the Idempotency-Key header, and random-key when the key is random.
package bodykeyfix

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/google/uuid"
	"github.com/hibiken/asynq"
)

type transfer struct {
	Amount int    `json:"amount"`
	Key    string `json:"idempotency_key"`
}

// Tagged: the key is the task's ID, stable across deliveries.
func Tagged(ctx context.Context, t *asynq.Task) error { // want Tagged:`^effects: http/post api.example.com/v1/transfers guarded=idempotency_key$`
	body, _ := json.Marshal(&transfer{Amount: 10, Key: "transfer:" + t.Type()})
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/v1/transfers", bytes.NewReader(body))
	_, err := http.DefaultClient.Do(req)
	return err
}

type payout struct {
	Amount         int
	IdempotencyKey string
}

// Random: a new key per delivery deduplicates nothing.
func Random(ctx context.Context, t *asynq.Task) error { // want Random:`^effects: http/post api.example.com/v1/payouts issue=random-key$`
	body, _ := json.Marshal(payout{Amount: 10, IdempotencyKey: uuid.NewString()}) // want `random-key: idempotency key uuid.NewString\(\) derives from uuid.NewString`
	req, _ := http.NewRequest("POST", "https://api.example.com/v1/payouts", bytes.NewBuffer(body))
	_, err := http.DefaultClient.Do(req)
	return err
}

// Map: a map body with the key.
func Map(ctx context.Context, t *asynq.Task) error { // want Map:`^effects: http/post api.example.com/v1/refunds guarded=idempotency_key$`
	body, _ := json.Marshal(map[string]any{"amount": 10, "idempotency_key": t.Type()})
	req, _ := http.NewRequest("POST", "https://api.example.com/v1/refunds", bytes.NewReader(body))
	_, err := http.DefaultClient.Do(req)
	return err
}

// NoKey: no key field.
func NoKey(ctx context.Context, t *asynq.Task) error { // want NoKey:`^effects: http/post api.example.com/v1/notes$` `unguarded: handler bodykeyfix.NoKey`
	body, _ := json.Marshal(map[string]any{"amount": 10})
	req, _ := http.NewRequest("POST", "https://api.example.com/v1/notes", bytes.NewReader(body))
	_, err := http.DefaultClient.Do(req)
	return err
}

// TaskID: the key is asynq's task ID, the same on every retry of the task.
func TaskID(ctx context.Context, t *asynq.Task) error { // want TaskID:`^effects: http/post api.example.com/v1/charges guarded=idempotency_key$`
	id, _ := asynq.GetTaskID(ctx)
	req, _ := http.NewRequest("POST", "https://api.example.com/v1/charges", nil)
	req.Header.Set("Idempotency-Key", "charge:"+id)
	_, err := http.DefaultClient.Do(req)
	return err
}

// VendorHeader: a vendor's prefixed spelling of Idempotency-Key
// (X-Convoy-Idempotency-Key) carries the key the same way.
func VendorHeader(ctx context.Context, t *asynq.Task) error { // want VendorHeader:`^effects: http/post api.example.com/v1/webhooks guarded=idempotency_key$`
	id, _ := asynq.GetTaskID(ctx)
	req, _ := http.NewRequest("POST", "https://api.example.com/v1/webhooks", nil)
	req.Header.Set("X-Acme-Idempotency-Key", "event:"+id)
	_, err := http.DefaultClient.Do(req)
	return err
}

// Forwarded: the key is the Watermill message's UUID, set once by its
// publisher and the same on every redelivery of that message.
func Forwarded(msg *message.Message) error { // want Forwarded:`^effects: http/post api.example.com/v1/webhooks guarded=idempotency_key$`
	req, _ := http.NewRequestWithContext(msg.Context(), "POST", "https://api.example.com/v1/webhooks", nil)
	req.Header.Set("Idempotency-Key", "event:"+msg.UUID)
	_, err := http.DefaultClient.Do(req)
	return err
}

func RegisterWatermill(r *message.Router, sub message.Subscriber) { // want RegisterWatermill:"no effects"
	r.AddConsumerHandler("forward", "events", sub, Forwarded)
}
