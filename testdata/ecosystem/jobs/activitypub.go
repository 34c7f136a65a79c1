package jobs

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"

	"github.com/hibiken/asynq"
)

// Stop 66's ActivityPub key on net/http (catalog net.yaml
// dedup_content_types; fixture effectkinds/activitypub.go): an inbox
// drops an activity whose id it has seen, so APDeliver's POST of the
// activity stored at publication and copied into the job is keyed by its
// id: guarded. Near miss APDeliverPlain sends the same bytes as plain
// JSON, which no receiver is known to deduplicate: unguarded.

const apContentType = `application/ld+json; profile="https://www.w3.org/ns/activitystreams"`

type apDelivery struct {
	Inbox    string          `json:"inbox"`
	Activity json.RawMessage `json:"activity"`
}

// postActivity posts the activity to inbox as ActivityPub's media type
// (the type set here, a constant: a type passed in is not read).
func postActivity(ctx context.Context, inbox string, activity []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, inbox, bytes.NewReader(activity))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", apContentType)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// postJSON posts body to inbox as plain JSON.
func postJSON(ctx context.Context, inbox string, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, inbox, bytes.NewReader(body))
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

// APDeliver delivers the stored activity to the follower's inbox.
func APDeliver(ctx context.Context, t *asynq.Task) error {
	var d apDelivery
	if err := json.Unmarshal(t.Payload(), &d); err != nil {
		return err
	}
	return postActivity(ctx, d.Inbox, d.Activity)
}

// APDeliverPlain posts the same bytes as plain JSON.
func APDeliverPlain(ctx context.Context, t *asynq.Task) error {
	var d apDelivery
	if err := json.Unmarshal(t.Payload(), &d); err != nil {
		return err
	}
	return postJSON(ctx, d.Inbox, d.Activity)
}
