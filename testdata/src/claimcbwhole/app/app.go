// Package app: a message handler converts the message to an event (its
// ID from the message, or a new uuid when it has none) and hands a
// pointer to it, through an interface, to an event handler that posts
// it under the idempotency helper's claim of a key built from the
// event's ID.
package app

import (
	"bytes"
	"context"
	"net/http"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"

	"claimcbwhole/idem"
)

type Event struct {
	ID   string
	Body []byte
	At   time.Time
}

type EventHandler interface {
	Handle(ctx context.Context, ev *Event) error
}

type eventHandler struct{ idem idem.Idempotence }

func keyOf(ev *Event) string { return "post:" + ev.ID }

func (h *eventHandler) Handle(ctx context.Context, ev *Event) error {
	return h.idem.Exec(ctx, keyOf(ev), func(ctx context.Context) error {
		_, err := http.Post("https://hooks.example.com/in", "application/json", bytes.NewReader(ev.Body))
		return err
	})
}

type payload struct{ ID string }

func (p *payload) toEvent(body []byte) Event {
	id := p.ID
	if id == "" {
		id = uuid.NewString()
	}
	return Event{ID: id, Body: body, At: time.Now()}
}

type messageHandler struct{ events EventHandler }

// Fresh: without an id in the message every delivery claims a new key.
func (h *messageHandler) Fresh(ctx context.Context, t *asynq.Task) error {
	p := &payload{}
	ev := p.toEvent(t.Payload())
	return h.events.Handle(ctx, &ev)
}

// Stable: the event's ID is the task's; its time is new on every
// delivery, which the key does not read.
func (h *messageHandler) Stable(ctx context.Context, t *asynq.Task) error {
	ev := Event{ID: string(t.Payload()), Body: t.Payload(), At: time.Now()}
	return h.events.Handle(ctx, &ev)
}

func Register(mux *asynq.ServeMux, rdb *redis.Client) {
	h := &messageHandler{events: &eventHandler{idem: idem.New(rdb)}}
	mux.HandleFunc("fresh", h.Fresh)
	mux.HandleFunc("stable", h.Stable)
}
