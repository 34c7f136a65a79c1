package effectkinds

import (
	"bytes"
	"context"
	"io"
	"net/http"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
)

// A POST to another party is a user-visible duplicate: high. The target is
// the URL's host.
func (d *Deps) PostWebhook(ctx context.Context, t *asynq.Task) error { // want PostWebhook:`^effects: http/post hooks.example.com/notify$` `unguarded: handler \(\*effectkinds.Deps\).PostWebhook \(asynq task "webhook:post"\) repeats its side effects when a job is delivered twice: http post \(hooks.example.com/notify\) \(high\) at \S*effectkinds/http.go:\d+ is not guarded`
	req, err := http.NewRequestWithContext(ctx, "POST", "https://hooks.example.com/notify", bytes.NewReader(t.Payload()))
	if err != nil {
		return err
	}
	resp, err := d.HTTP.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// DESIGN.md: outbound POST-PUT-PATCH-DELETE to another party is high.
func (d *Deps) PutProfile(ctx context.Context, t *asynq.Task) error { // want PutProfile:`^effects: http/put api.example.com/profiles/1$` `unguarded: handler \(\*effectkinds.Deps\).PutProfile \(asynq task "profile:put"\) .*: http put \(api.example.com/profiles/1\) \(high\)`
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, "https://api.example.com/profiles/1", bytes.NewReader(t.Payload()))
	if err != nil {
		return err
	}
	_, err = d.HTTP.Do(req)
	return err
}

// An Idempotency-Key header derived from the job's data guards the POST.
func (d *Deps) PostKeyed(ctx context.Context, t *asynq.Task) error { // want PostKeyed:`^effects: http/post hooks.example.com/orders guarded=idempotency_key$`
	p := decode(t)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://hooks.example.com/orders", nil)
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", "order:"+p.OrderID)
	_, err = d.HTTP.Do(req)
	return err
}

// A key from uuid changes on every delivery: random-key at the key, and no
// unguarded finding on top of it.
func (d *Deps) PostRandomKey(ctx context.Context, t *asynq.Task) error { // want PostRandomKey:`^effects: http/post hooks.example.com/orders issue=random-key$`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://hooks.example.com/orders", nil)
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", uuid.NewString()) // want `random-key: idempotency key uuid.NewString\(\) derives from uuid.NewString: .*http post \(hooks.example.com/orders\)`
	_, err = d.HTTP.Do(req)
	return err
}

func fetchStatus(ctx context.Context, c *http.Client) error { // want fetchStatus:`^effects: http/get status.example.com/v1/health @p1$`
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "https://status.example.com/v1/health", nil)
	if err != nil {
		return err
	}
	_, err = c.Do(req)
	return err
}

func patchResource(ctx context.Context, c *http.Client, body io.Reader) error { // want patchResource:`^effects: http/patch api.example.com/orders/1 @p1 body=p2$`
	req, err := http.NewRequest(http.MethodPatch, "https://api.example.com/orders/1", body)
	if err != nil {
		return err
	}
	_, err = c.Do(req)
	return err
}

// The method set after the request was built counts.
func postByField(ctx context.Context, c *http.Client) error { // want postByField:`^effects: http/post api.example.com/orders @p1$`
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "https://api.example.com/orders", nil)
	if err != nil {
		return err
	}
	req.Method = http.MethodPost
	_, err = c.Do(req)
	return err
}

// The shortcuts fix the method; the target is the host, as for Do.
func postShortcut(body io.Reader) error { // want postShortcut:`^effects: http/post hooks.example.com/events$`
	_, err := http.Post("https://hooks.example.com/events", "application/json", body)
	return err
}

func getShortcut() error { // want getShortcut:`^effects: http/get status.example.com/v1/health$`
	_, err := http.Get("https://status.example.com/v1/health")
	return err
}

func postDefaultClient(ctx context.Context, body io.Reader) error { // want postDefaultClient:`^effects: http/post hooks.example.com/events$`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://hooks.example.com/events", body)
	if err != nil {
		return err
	}
	_, err = http.DefaultClient.Do(req)
	return err
}

// A method that is not a constant cannot be told here: unknown, until a
// caller passes a constant (method=p2).
func sendWithMethod(ctx context.Context, c *http.Client, method string) error { // want sendWithMethod:`^effects: http/unknown api.example.com/orders @p1 method=p2$`
	req, err := http.NewRequestWithContext(ctx, method, "https://api.example.com/orders", nil)
	if err != nil {
		return err
	}
	_, err = c.Do(req)
	return err
}

// Standard Webhooks: the webhook-id header (here through a constant of the
// sender's package) is the message id receivers drop repeats by, the same on
// every delivery of the event: a key like Idempotency-Key.
const headerWebhookID = "webhook-id"

func postWebhookID(ctx context.Context, c *http.Client, eventID string) error { // want postWebhookID:`^effects: http/post hooks.example.com/events @p1 guarded=idempotency_key$`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://hooks.example.com/events", nil)
	if err != nil {
		return err
	}
	req.Header.Set(headerWebhookID, "evt:"+eventID)
	_, err = c.Do(req)
	return err
}

// Another header is not a key: the POST stays unguarded.
func postRequestID(ctx context.Context, c *http.Client, eventID string) error { // want postRequestID:`^effects: http/post hooks.example.com/events @p1$`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://hooks.example.com/events", nil)
	if err != nil {
		return err
	}
	req.Header.Set("X-Request-Id", eventID)
	_, err = c.Do(req)
	return err
}
