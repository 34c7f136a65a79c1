package httpfix

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/hibiken/asynq"
)

// A PATCH whose body is a JSON object of properties (a JSON merge patch,
// RFC 7396) sent to an identified resource (a path ending in an id) sets
// what it names: repeating it leaves the same state. A JSON Patch (an
// array of operations, or its Content-Type), a value from the clock, a
// collection path or a path naming an action keep it the PATCH it is.

type dealUpdate struct {
	Properties map[string]string `json:"properties"`
}

type patchOp struct {
	Op    string `json:"op"`
	Path  string `json:"path"`
	Value string `json:"value"`
}

func patchJSON(ctx context.Context, url string, v any, contentType string) error { // want patchJSON:`^effects: http/patch http url=p1 body=p2$`
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPatch, url, bytes.NewReader(b))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", contentType)
	_, err = http.DefaultClient.Do(req)
	return err
}

// SetAmount: a merge patch of deal {id} over net/http.
func SetAmount(ctx context.Context, t *asynq.Task) error { // want SetAmount:`^effects: http/set crm.example.com/crm/v3/objects/deals rule=http-merge-patch-set$`
	id := string(t.Payload())
	b, err := json.Marshal(&dealUpdate{Properties: map[string]string{"amount": "100"}})
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPatch, fmt.Sprintf("https://crm.example.com/crm/v3/objects/deals/%s", id), bytes.NewReader(b))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	_, err = http.DefaultClient.Do(req)
	return err
}

// SetStage: the same through the application's own request type, its
// method, URL and body fields set by the caller.
func (c *CRM) SetStage(ctx context.Context, t *asynq.Task) error { // want SetStage:`^effects: http/set /crm/v3/objects/deals/\{\} rule=http-merge-patch-set$`
	body, err := json.Marshal(&dealUpdate{Properties: map[string]string{"dealstage": string(t.Payload())}})
	if err != nil {
		return err
	}
	return c.send(ctx, &Request{Method: http.MethodPatch, URL: fmt.Sprintf("%s/crm/v3/objects/deals/%s", baseURL(), t.Type()), Body: body})
}

func baseURL() string { return cfgBase } // want baseURL:"no effects"

var cfgBase = "https://crm.example.com"

// PatchOps sends a JSON Patch: an array of operations, not a set.
func PatchOps(ctx context.Context, t *asynq.Task) error { // want PatchOps:`^effects: http/patch crm.example.com/crm/v3/objects/deals$` `unguarded: handler httpfix.PatchOps repeats .*http patch .*not read as a set: its body is a JSON array`
	ops := []patchOp{{Op: "add", Path: "/tags/-", Value: "vip"}}
	b, err := json.Marshal(ops)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPatch, "https://crm.example.com/crm/v3/objects/deals/"+string(t.Payload()), bytes.NewReader(b))
	if err != nil {
		return err
	}
	_, err = http.DefaultClient.Do(req)
	return err
}

// PatchTyped says Content-Type application/json-patch+json.
func PatchTyped(ctx context.Context, t *asynq.Task) error { // want PatchTyped:`^effects: http/patch crm.example.com/crm/v3/objects/deals$` `unguarded: handler httpfix.PatchTyped repeats .*http patch .*not read as a set: its Content-Type is application/json-patch\+json`
	b, err := json.Marshal(map[string]string{"op": "remove", "path": "/amount"})
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPatch, "https://crm.example.com/crm/v3/objects/deals/"+string(t.Payload()), bytes.NewReader(b))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json-patch+json")
	_, err = http.DefaultClient.Do(req)
	return err
}

// Touch sets a property to the clock: every delivery sends another value.
func Touch(ctx context.Context, t *asynq.Task) error { // want Touch:`^effects: http/patch crm.example.com/crm/v3/objects/deals$` `unguarded: handler httpfix.Touch repeats .*http patch .*not read as a set: its body's value .* derives from time.Now`
	b, err := json.Marshal(&dealUpdate{Properties: map[string]string{"last_synced": time.Now().Format(time.RFC3339)}})
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPatch, "https://crm.example.com/crm/v3/objects/deals/"+string(t.Payload()), bytes.NewReader(b))
	if err != nil {
		return err
	}
	_, err = http.DefaultClient.Do(req)
	return err
}

// TouchVia passes the clock's value to a helper that patches: the
// caller's argument decides.
func TouchVia(ctx context.Context, t *asynq.Task) error { // want TouchVia:`^effects: http/patch crm.example.com/crm/v3/objects/deals$` `unguarded: handler httpfix.TouchVia repeats .*http patch .*not read as a set: its body's value .* derives from time.Now`
	return patchJSON(ctx, "https://crm.example.com/crm/v3/objects/deals/"+string(t.Payload()), &dealUpdate{Properties: map[string]string{"at": time.Now().String()}}, "application/json")
}

// RenameVia passes a stable value to the same helper: a set.
func RenameVia(ctx context.Context, t *asynq.Task) error { // want RenameVia:`^effects: http/set crm.example.com/crm/v3/objects/deals rule=http-merge-patch-set$`
	return patchJSON(ctx, "https://crm.example.com/crm/v3/objects/deals/"+string(t.Payload()), &dealUpdate{Properties: map[string]string{"name": "x"}}, "application/json")
}

// PatchAll patches a collection: no resource id.
func PatchAll(ctx context.Context, t *asynq.Task) error { // want PatchAll:`^effects: http/patch crm.example.com/crm/v3/objects/deals$` `unguarded: handler httpfix.PatchAll repeats .*http patch .*not read as a set: its path /crm/v3/objects/deals names no resource id`
	return patchJSON(ctx, "https://crm.example.com/crm/v3/objects/deals", &dealUpdate{Properties: map[string]string{"name": "x"}}, "application/json")
}

// PatchOpsVia passes the JSON Patch type to the helper: not a set.
func PatchOpsVia(ctx context.Context, t *asynq.Task) error { // want PatchOpsVia:`^effects: http/patch crm.example.com/crm/v3/objects/deals$` `unguarded: handler httpfix.PatchOpsVia repeats .*http patch .*not read as a set: its Content-Type is application/json-patch\+json`
	return patchJSON(ctx, "https://crm.example.com/crm/v3/objects/deals/"+string(t.Payload()), map[string]string{"op": "remove", "path": "/amount"}, "application/json-patch+json")
}

// CancelDeal patches a path that names an action: not read as a set.
func CancelDeal(ctx context.Context, t *asynq.Task) error { // want CancelDeal:`^effects: http/set crm.example.com/v1/cancel/deals rule=http-merge-patch-set$` `unguarded: handler httpfix.CancelDeal repeats .*http patch .*the path /v1/cancel/deals/\{\} names an action \(cancel\): a PATCH there is not read as a set`
	return patchJSON(ctx, "https://crm.example.com/v1/cancel/deals/"+string(t.Payload()), &dealUpdate{Properties: map[string]string{"reason": "dup"}}, "application/json")
}

// ReplaceDeal PUTs the same object: PUT stays rated high, as before, and
// the deal's id, its URL's last segment (the payload: the same on every
// delivery), keys it (docs/rules.md, keys in the URL of a PUT).
func ReplaceDeal(ctx context.Context, t *asynq.Task) error { // want ReplaceDeal:`^effects: http/put crm.example.com/crm/v3/objects/deals guarded=idempotency_key$`
	b, err := json.Marshal(&dealUpdate{Properties: map[string]string{"amount": "100"}})
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, "https://crm.example.com/crm/v3/objects/deals/"+string(t.Payload()), bytes.NewReader(b))
	if err != nil {
		return err
	}
	_, err = http.DefaultClient.Do(req)
	return err
}
