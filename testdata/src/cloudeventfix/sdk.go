package cloudeventfix

import (
	"context"
	"encoding/json"

	"github.com/cloudevents/sdk-go/v2/client"
	"github.com/cloudevents/sdk-go/v2/event"
	"github.com/google/uuid"
	"github.com/hibiken/asynq"
)

// The CloudEvents Go SDK keeps the id out of the event's struct: SetID
// writes it into the event's context through an interface (catalog
// idempotency_setters; the setters' own interface calls stay dynamic
// here). The event the id is set on and then sent is keyed by SetID's
// argument.

type upstream struct {
	ID string `json:"id"`
}

type Sender struct {
	CE client.Client
}

// SDKStable gives the event the upstream event's id: every delivery sends
// the same id.
func (s *Sender) SDKStable(ctx context.Context, t *asynq.Task) error { // want SDKStable:`^effects: publish/publish cloudevents @p0 guarded=idempotency_key;`
	var up upstream
	if err := json.Unmarshal(t.Payload(), &up); err != nil {
		return err
	}
	e := event.New()
	e.SetID(up.ID)
	e.SetSource("oracle")
	_ = e.SetData("application/json", t.Payload())
	return s.CE.Send(ctx, e)
}

// SDKRandom gives every delivery's event a new id.
func (s *Sender) SDKRandom(ctx context.Context, t *asynq.Task) error { // want SDKRandom:`^effects: publish/publish cloudevents @p0 issue=random-key;`
	e := event.New()
	e.SetID(uuid.NewString()) // want `random-key: idempotency key uuid.NewString\(\) derives from uuid.NewString: the id SetID sets is what the message's receiver deduplicates on`
	e.SetSource("oracle")
	_ = e.SetData("application/json", t.Payload())
	return s.CE.Send(ctx, e)
}

// SDKOtherEvent sets a stable id on a draft and sends another event,
// which has none (near miss): the send is not keyed, so it is unguarded.
func (s *Sender) SDKOtherEvent(ctx context.Context, t *asynq.Task) error { // want SDKOtherEvent:`^effects: publish/publish cloudevents @p0;` `unguarded: handler \(\*cloudeventfix.Sender\).SDKOtherEvent`
	draft := event.New()
	draft.SetID(string(t.Payload()))
	out := event.New()
	_ = out.SetData("application/json", t.Payload())
	return s.CE.Send(ctx, out)
}

func RegisterSDK(mux *asynq.ServeMux, s *Sender) { // want RegisterSDK:`^no effects$`
	mux.HandleFunc("sdk:stable", s.SDKStable)
	mux.HandleFunc("sdk:random", s.SDKRandom)
	mux.HandleFunc("sdk:other-event", s.SDKOtherEvent)
}
