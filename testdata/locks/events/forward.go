// Package events forwards an upstream event to the ingest service as a
// CloudEvent (github.com/cloudevents/sdk-go/v2). Consumers take events
// with the same source and id as duplicates (CloudEvents 1.0.2, "id"),
// so the id decides whether a redelivered job's event is dropped.
package events

import (
	"context"
	"encoding/json"

	cloudevents "github.com/cloudevents/sdk-go/v2"
	"github.com/google/uuid"
	"github.com/hibiken/asynq"
)

// upstream is the event the job carries.
type upstream struct {
	ID      string          `json:"id"`
	Payload json.RawMessage `json:"payload"`
}

// Forwarder sends events.
type Forwarder struct {
	CE cloudevents.Client
}

// New builds the HTTP client for the ingest service.
func New() (*Forwarder, error) {
	c, err := cloudevents.NewClientHTTP(cloudevents.WithTarget("https://ingest.example.com/events"))
	if err != nil {
		return nil, err
	}
	return &Forwarder{CE: c}, nil
}

// Forward gives the event the upstream event's id: every delivery sends
// the same source and id, which the consumer drops as a duplicate.
func (f *Forwarder) Forward(ctx context.Context, t *asynq.Task) error {
	var up upstream
	if err := json.Unmarshal(t.Payload(), &up); err != nil {
		return err
	}
	e := cloudevents.NewEvent()
	e.SetID(up.ID)
	e.SetSource("oracle")
	e.SetType("status")
	if err := e.SetData(cloudevents.ApplicationJSON, up.Payload); err != nil {
		return err
	}
	if res := f.CE.Send(ctx, e); cloudevents.IsUndelivered(res) {
		return res
	}
	return nil
}

// ForwardFresh is the near miss: a new id on every delivery, so the
// consumer takes a redelivered event as a new one.
func (f *Forwarder) ForwardFresh(ctx context.Context, t *asynq.Task) error {
	var up upstream
	if err := json.Unmarshal(t.Payload(), &up); err != nil {
		return err
	}
	e := cloudevents.NewEvent()
	e.SetID(uuid.New().String())
	e.SetSource("oracle")
	e.SetType("status")
	if err := e.SetData(cloudevents.ApplicationJSON, up.Payload); err != nil {
		return err
	}
	if res := f.CE.Send(ctx, e); cloudevents.IsUndelivered(res) {
		return res
	}
	return nil
}

// Register wires the handlers.
func Register(mux *asynq.ServeMux, f *Forwarder) {
	mux.HandleFunc("event:forward", f.Forward)
	mux.HandleFunc("event:forward-fresh", f.ForwardFresh)
}
