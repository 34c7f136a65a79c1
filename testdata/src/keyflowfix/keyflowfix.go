// Package keyflowfix covers idempotency keys made in one function and
// sent in another: passed down as parameters (in this package and across
// packages), returned by helpers, and kept in a worker's field. A random
// source anywhere on the way is random-key, reported where it is made.
package keyflowfix

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"keyflowfix/payclient"
)

// charge sends a charge with the key it is given.
func charge(ctx context.Context, key string) error { // want charge:`^effects: http/post api.example.com/v1/charges guarded=idempotency_key$`
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/v1/charges", nil)
	req.Header.Set("Idempotency-Key", key)
	_, err := http.DefaultClient.Do(req)
	return err
}

// relay passes the key one more call down.
func relay(ctx context.Context, key string) error { return charge(ctx, key) } // want relay:`^effects: http/post api.example.com/v1/charges guarded=idempotency_key$`

// ParamRandom: a uuid made here and passed down is new on every delivery.
func ParamRandom(ctx context.Context, t *asynq.Task) error { // want ParamRandom:`^effects: http/post api.example.com/v1/charges issue=random-key$`
	return charge(ctx, uuid.NewString()) // want `random-key: idempotency key uuid.NewString\(\), passed to keyflowfix.charge, derives from uuid.NewString`
}

// ParamStable: a key from the payload is the same on every delivery.
func ParamStable(ctx context.Context, t *asynq.Task) error { // want ParamStable:`^effects: http/post api.example.com/v1/charges guarded=idempotency_key$`
	return charge(ctx, "charge:"+string(t.Payload()))
}

// TwoLevels: the time is two calls above the request.
func TwoLevels(ctx context.Context, t *asynq.Task) error { // want TwoLevels:`^effects: http/post api.example.com/v1/charges issue=random-key$`
	key := fmt.Sprintf("charge:%d", time.Now().UnixNano()) // want `random-key: idempotency key fmt.Sprintf\("charge:%d", time.Now\(\).UnixNano\(\)\), passed to keyflowfix.relay, derives from time.Now`
	return relay(ctx, key)
}

// Identity: the task's ID is stable across retries of the task.
func Identity(ctx context.Context, t *asynq.Task) error { // want Identity:`^effects: http/post api.example.com/v1/charges guarded=idempotency_key$`
	id, _ := asynq.GetTaskID(ctx)
	return charge(ctx, "charge:"+id)
}

// AcrossPackages: the other package's client sends what it is given.
func AcrossPackages(ctx context.Context, t *asynq.Task) error { // want AcrossPackages:`^effects: http/post api.example.com/v1/payments issue=random-key$`
	return payclient.Pay(ctx, uuid.New().String()) // want `random-key: idempotency key uuid.New\(\).String\(\), passed to payclient.Pay, derives from uuid.New`
}

// AcrossPackagesStable: a business key through the same client.
func AcrossPackagesStable(ctx context.Context, t *asynq.Task) error { // want AcrossPackagesStable:`^effects: http/post api.example.com/v1/payments guarded=idempotency_key$`
	return payclient.Pay(ctx, "pay:"+string(t.Payload()))
}

func newKey() string { return "k-" + uuid.NewString() } // want newKey:`^effects: result derives from uuid.NewString$`

// ResultRandom: the helper's result is random.
func ResultRandom(ctx context.Context, t *asynq.Task) error { // want ResultRandom:`^effects: http/post api.example.com/v1/refunds issue=random-key$`
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/v1/refunds", nil)
	req.Header.Set("Idempotency-Key", newKey()) // want `random-key: idempotency key newKey\(\) derives from uuid.NewString \(in keyflowfix.newKey\)`
	_, err := http.DefaultClient.Do(req)
	return err
}

// Worker keeps a key made once, when the process starts: a redelivery to
// another process, or after a restart, sends another.
type Worker struct {
	key string
}

func NewWorker() *Worker { return &Worker{key: uuid.NewString()} } // want NewWorker:`^no effects$`

// ProcessTask: the field's key is random.
func (w *Worker) ProcessTask(ctx context.Context, t *asynq.Task) error { // want ProcessTask:`^effects: http/post api.example.com/v1/transfers issue=random-key$`
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/v1/transfers", nil)
	req.Header.Set("Idempotency-Key", w.key) // want `random-key: idempotency key w.key derives from uuid.NewString \(stored in key\)`
	_, err := http.DefaultClient.Do(req)
	return err
}

// payload carries a key made once, at enqueue: the same on every delivery.
type payload struct {
	Key string `json:"key"`
}

// Enqueue makes the payload's key.
func Enqueue(c *asynq.Client) error { // want Enqueue:`^effects: publish/enqueue asynq @p0$`
	b, _ := json.Marshal(payload{Key: uuid.NewString()})
	_, err := c.Enqueue(asynq.NewTask("transfer:payload", b))
	return err
}

// PayloadKey: the key travels with the job.
func PayloadKey(ctx context.Context, t *asynq.Task) error { // want PayloadKey:`^effects: http/post api.example.com/v1/transfers guarded=idempotency_key$`
	var p payload
	if err := json.Unmarshal(t.Payload(), &p); err != nil {
		return err
	}
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/v1/transfers", nil)
	req.Header.Set("Idempotency-Key", p.Key)
	_, err := http.DefaultClient.Do(req)
	return err
}

func register(mux *asynq.ServeMux) { // want register:`^no effects$`
	mux.HandleFunc("charge:random", ParamRandom)
	mux.HandleFunc("charge:stable", ParamStable)
	mux.HandleFunc("charge:two", TwoLevels)
	mux.HandleFunc("charge:identity", Identity)
	mux.HandleFunc("pay:random", AcrossPackages)
	mux.HandleFunc("pay:stable", AcrossPackagesStable)
	mux.HandleFunc("refund:random", ResultRandom)
	mux.Handle("transfer:field", NewWorker())
	mux.HandleFunc("transfer:payload", PayloadKey)
	mux.HandleFunc("delivery:decoded", DecodedKey)
	mux.HandleFunc("delivery:filled", FilledKey)
}

// delivery is a job's payload with no struct tags, whose ID this package
// makes at random when it creates one (newDelivery): what a handler
// decodes from its payload is the ID that was made once, at enqueue.
type delivery struct {
	ID string
}

func newDelivery() delivery { // want newDelivery:`^no effects$`
	var d delivery
	d.ID = uuid.NewString()
	return d
}

// EnqueueDelivery makes the delivery's ID.
func EnqueueDelivery(c *asynq.Client) error { // want EnqueueDelivery:`^effects: publish/enqueue asynq @p0$`
	b, _ := json.Marshal(newDelivery())
	_, err := c.Enqueue(asynq.NewTask("delivery:decoded", b))
	return err
}

// DecodedKey: the key is decoded from the payload, read in a deferred
// closure that captured the struct (convoy's retry shape).
func DecodedKey(ctx context.Context, t *asynq.Task) (err error) { // want DecodedKey:`^effects: http/post api.example.com/v1/deliveries guarded=idempotency_key$`
	var d delivery
	defer func() {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/v1/deliveries", nil)
		req.Header.Set("Idempotency-Key", d.ID)
		_, err = http.DefaultClient.Do(req)
	}()
	return json.Unmarshal(t.Payload(), &d)
}

// fillDelivery is this package's own: it stores a random ID.
func fillDelivery(d *delivery) { d.ID = uuid.NewString() } // want fillDelivery:`^effects: memory_write/set keyflowfix.delivery.ID holder=p0$`

// FilledKey: the struct is filled by this package's own function, which
// makes a new ID on every delivery.
func FilledKey(ctx context.Context, t *asynq.Task) (err error) { // want FilledKey:`^effects: http/post api.example.com/v1/deliveries issue=random-key$`
	var d delivery
	defer func() {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/v1/deliveries", nil)
		req.Header.Set("Idempotency-Key", d.ID) // want `random-key: idempotency key \(expression\) derives from uuid.NewString \(stored in ID\)`
		_, err = http.DefaultClient.Do(req)
	}()
	fillDelivery(&d)
	return nil
}
