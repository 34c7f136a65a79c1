// Package cloudeventfix covers a CloudEvent's id as the event's
// idempotency key (catalog cloudevents.yaml: consumers take events with
// the same source and id as duplicates): an event POSTed as JSON keys the
// call it is handed to, random-key when its id is new on every delivery
// (uuid.NewString()), guarded when the id derives from the job. Near
// misses: a uuid in another field of the header, and an event type of the
// application's own that no catalog names.
package cloudeventfix

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"time"

	"github.com/DIMO-Network/cloudevent"
	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/nats-io/nats.go"
)

type status struct {
	Payloads [][]byte `json:"payloads"`
}

// post sends body to the ingest server.
func post(ctx context.Context, body []byte) error { // want post:`^effects: http/post ingest.example.com/events$`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://ingest.example.com/events", bytes.NewBuffer(body))
	if err != nil {
		return err
	}
	_, err = http.DefaultClient.Do(req)
	return err
}

// Random gives every delivery's event a new id: the consumer takes the
// redelivered event as a new one.
func Random(ctx context.Context, t *asynq.Task) error { // want Random:`^effects: http/post ingest.example.com/events issue=random-key$`
	ev := cloudevent.CloudEvent[status]{
		CloudEventHeader: cloudevent.CloudEventHeader{
			ID:     uuid.NewString(), // want `random-key: idempotency key uuid.NewString\(\) derives from uuid.NewString: the ID field of cloudevent.CloudEventHeader is what the message's receiver deduplicates on`
			Source: "oracle",
			Time:   time.Now(),
			Type:   "status",
		},
		Data: status{Payloads: [][]byte{t.Payload()}},
	}
	body, err := json.Marshal(ev)
	if err != nil {
		return err
	}
	return post(ctx, body)
}

// CopiedHeader builds the header first and copies it into the event:
// the id is still new on every delivery.
func CopiedHeader(ctx context.Context, t *asynq.Task) error { // want CopiedHeader:`^effects: http/post ingest.example.com/events issue=random-key$`
	hdr := cloudevent.CloudEventHeader{
		ID:     uuid.New().String(), // want `random-key: idempotency key uuid.New\(\) derives from uuid.New: the ID field of cloudevent.CloudEventHeader`
		Source: "oracle",
		Type:   "status",
	}
	body, err := json.Marshal(cloudevent.CloudEvent[json.RawMessage]{CloudEventHeader: hdr, Data: t.Payload()})
	if err != nil {
		return err
	}
	return post(ctx, body)
}

// Stable derives the id from the task: every delivery sends the same
// source and id, which the consumer drops as a duplicate.
func Stable(ctx context.Context, t *asynq.Task) error { // want Stable:`^effects: http/post ingest.example.com/events guarded=idempotency_key$`
	id, _ := asynq.GetTaskID(ctx)
	ev := &cloudevent.CloudEvent[status]{
		CloudEventHeader: cloudevent.CloudEventHeader{
			ID:      "status:" + id,
			Source:  "oracle",
			Subject: uuid.NewString(), // near miss: not the id
			Type:    "status",
		},
		Data: status{Payloads: [][]byte{t.Payload()}},
	}
	body, err := json.Marshal(ev)
	if err != nil {
		return err
	}
	return post(ctx, body)
}

// ownEvent is an event type of the application's own, which no catalog
// names (near miss): its id is not read as a key.
type ownEvent struct {
	ID   string `json:"id"`
	Kind string `json:"kind"`
}

// OwnType POSTs an event of its own type with a fresh id: not keyed, the
// POST is unguarded.
func OwnType(ctx context.Context, t *asynq.Task) error { // want OwnType:`^effects: http/post ingest.example.com/events$` `unguarded: handler cloudeventfix.OwnType`
	body, err := json.Marshal(ownEvent{ID: uuid.NewString(), Kind: string(t.Payload())})
	if err != nil {
		return err
	}
	return post(ctx, body)
}

// OnStatus is a core NATS subscription's handler, delivered at most once:
// its event's fresh id is random-key in its effect, but no second delivery
// exists for the id to deduplicate, so it is no finding.
func OnStatus(m *nats.Msg) { // want OnStatus:`^effects: http/post ingest.example.com/events issue=random-key$`
	ev := cloudevent.CloudEvent[json.RawMessage]{
		CloudEventHeader: cloudevent.CloudEventHeader{ID: uuid.NewString(), Source: "oracle", Type: "status"},
		Data:             m.Data,
	}
	body, _ := json.Marshal(ev)
	_ = post(context.Background(), body)
}

func Register(nc *nats.Conn) { // want Register:"no effects"
	_, _ = nc.Subscribe("status", OnStatus)
}
