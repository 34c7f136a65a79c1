package effectkinds

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
)

// ActivityPub: an inbox drops an activity whose id it has already seen, so
// a POST of an activity (media type application/activity+json, or
// application/ld+json with the ActivityStreams profile: catalog
// dedup_content_types) is keyed by the activity's id. Bytes stored when
// the activity was published and handed to the job are the same on every
// delivery; an activity marshalled with a fresh id is new every time.

const activityContentType = `application/ld+json; profile="https://www.w3.org/ns/activitystreams"`

// sendActivity posts the activity it is given as it is: the key is the
// callers' (the bytes, whose id is inside).
func sendActivity(ctx context.Context, inbox string, payload []byte) error { // want sendActivity:`^effects: http/post http url=p1 guarded=idempotency_key$`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, inbox, bytes.NewReader(payload))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", activityContentType)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

type activityDelivery struct {
	Inbox    string          `json:"inbox"`
	Activity json.RawMessage `json:"activity"`
}

// DeliverActivity: the activity stored with its id and copied into the
// job's arguments: a redelivery sends the same id, which the inbox drops.
func DeliverActivity(ctx context.Context, t *asynq.Task) error { // want DeliverActivity:`^effects: http/post http guarded=idempotency_key$`
	var d activityDelivery
	if err := json.Unmarshal(t.Payload(), &d); err != nil {
		return err
	}
	return sendActivity(ctx, d.Inbox, d.Activity)
}

// DeliverFreshActivity, a near miss: the activity is made in the handler
// with a new id on every delivery, so each delivery posts another one.
func DeliverFreshActivity(ctx context.Context, t *asynq.Task) error { // want DeliverFreshActivity:`^effects: http/post remote.example.org/inbox issue=random-key$`
	body, err := json.Marshal(map[string]string{"id": "https://example.org/activities/" + uuid.NewString(), "type": "Create"}) // want `random-key: idempotency key "https://example.org/activities/" \+ uuid.NewString\(\) derives from uuid.NewString`
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://remote.example.org/inbox", bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/activity+json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// DeliverPlainJSON, a near miss: the same bytes as plain JSON, a body no
// receiver is known to deduplicate: unguarded.
func DeliverPlainJSON(ctx context.Context, t *asynq.Task) error { // want DeliverPlainJSON:`^effects: http/post remote.example.org/inbox$` `unguarded`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://remote.example.org/inbox", bytes.NewReader(t.Payload()))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// RegisterActivityPub registers the deliveries.
func RegisterActivityPub(mux *asynq.ServeMux) { // want RegisterActivityPub:"no effects"
	mux.HandleFunc("ap:deliver", DeliverActivity)
	mux.HandleFunc("ap:deliver-fresh", DeliverFreshActivity)
	mux.HandleFunc("ap:deliver-plain", DeliverPlainJSON)
}
