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
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"
	"golang.org/x/sync/errgroup"

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

type messageHandler struct {
	events EventHandler
	topics EventHandler
	sends  EventHandler
}

// Fresh: without an id in the message every delivery claims a new key.
func (h *messageHandler) Fresh(ctx context.Context, t *asynq.Task) error {
	p := &payload{}
	ev := p.toEvent(t.Payload()) // want `^random-key: claimed key ev.ID derives from uuid.NewString`
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

// GroupHandler posts to each destination on its own goroutine of an
// errgroup, under the claim, noting in a captured flag whether the
// callback ran (a duplicate otherwise), with a deferred log of the
// outcome (outpost's publishmq eventHandler).
type GroupHandler interface {
	Handle(ctx context.Context, ev *Event) (*Result, error)
}

type Result struct{ Duplicate bool }

type groupHandler struct {
	idem  idem.Idempotence
	dests []string
}

func (h *groupHandler) Handle(ctx context.Context, ev *Event) (*Result, error) {
	var mu sync.Mutex
	var sent []string
	defer func() {
		mu.Lock()
		n := len(sent)
		mu.Unlock()
		_ = n
	}()
	res := &Result{}
	executed := false
	err := h.idem.Exec(ctx, keyOf(ev), func(ctx context.Context) error {
		executed = true
		return h.postAll(ctx, ev, &mu, &sent)
	})
	if err != nil {
		return nil, err
	}
	if !executed {
		res.Duplicate = true
	}
	return res, nil
}

func (h *groupHandler) postAll(ctx context.Context, ev *Event, mu *sync.Mutex, sent *[]string) error {
	var g errgroup.Group
	for _, d := range h.dests {
		g.Go(func() error {
			if _, err := http.Post("https://hooks.example.com/"+d, "application/json", bytes.NewReader(ev.Body)); err != nil {
				return err
			}
			mu.Lock()
			*sent = append(*sent, d)
			mu.Unlock()
			return nil
		})
	}
	return g.Wait()
}

type groupMessages struct{ events GroupHandler }

// GroupFresh: without an id in the message every delivery claims a new key.
func (h *groupMessages) GroupFresh(ctx context.Context, t *asynq.Task) error {
	p := &payload{}
	ev := p.toEvent(t.Payload()) // want `^random-key: claimed key ev.ID derives from uuid.NewString`
	_, err := h.events.Handle(ctx, &ev)
	return err
}

// GroupStable: the event's ID is the task's.
func (h *groupMessages) GroupStable(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: http post \(hooks.example.com\) \(high\) at`
	ev := Event{ID: string(t.Payload()), Body: t.Payload(), At: time.Now()}
	_, err := h.events.Handle(ctx, &ev)
	return err
}

func RegisterGroups(mux *asynq.ServeMux, rdb *redis.Client, dests []string) {
	h := &groupMessages{events: &groupHandler{idem: idem.New(rdb), dests: dests}}
	mux.HandleFunc("groupfresh", h.GroupFresh)
	mux.HandleFunc("groupstable", h.GroupStable)
}

// Topic is a broker topic whose implementation the program does not hold:
// its effect is inferred from the name.
type Topic interface {
	Send(ctx context.Context, body []byte) error
}

type topicHandler struct {
	idem  idem.Idempotence
	topic Topic
}

func (h *topicHandler) Handle(ctx context.Context, ev *Event) error {
	return h.idem.Exec(ctx, keyOf(ev), func(ctx context.Context) error {
		return h.topic.Send(ctx, ev.Body)
	})
}

// TopicFresh: a new key on every delivery.
func (h *messageHandler) TopicFresh(ctx context.Context, t *asynq.Task) error {
	p := &payload{}
	ev := p.toEvent(t.Payload()) // want `^random-key: claimed key ev.ID derives from uuid.NewString`
	return h.topics.Handle(ctx, &ev)
}

// TopicStable: the task's key.
func (h *messageHandler) TopicStable(ctx context.Context, t *asynq.Task) error {
	ev := Event{ID: string(t.Payload()), Body: t.Payload()}
	return h.topics.Handle(ctx, &ev)
}

func RegisterTopics(mux *asynq.ServeMux, rdb *redis.Client, topic Topic) {
	h := &messageHandler{topics: &topicHandler{idem: idem.New(rdb), topic: topic}}
	mux.HandleFunc("topicfresh", h.TopicFresh)
	mux.HandleFunc("topicstable", h.TopicStable)
}

// Sender posts an event; httpSender, the program's one implementation,
// is known only to the whole program.
type Sender interface {
	Send(ctx context.Context, body []byte) error
}

type httpSender struct{}

func (httpSender) Send(ctx context.Context, body []byte) error {
	_, err := http.Post("https://hooks.example.com/in", "application/json", bytes.NewReader(body))
	return err
}

type sendHandler struct {
	idem   idem.Idempotence
	sender Sender
	topic  Topic
}

// Handle posts through the sender and then publishes, which can fail:
// the helper gives its claim back and the redelivery posts again.
func (h *sendHandler) Handle(ctx context.Context, ev *Event) error {
	return h.idem.Exec(ctx, keyOf(ev), func(ctx context.Context) error {
		if err := h.sender.Send(ctx, ev.Body); err != nil {
			return err
		}
		return h.topic.Send(ctx, ev.Body)
	})
}

// SendStable: the task's key; the post is followed by a publish that can
// fail.
func (h *messageHandler) SendStable(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: http post \(hooks.example.com/in\) \(high\) at`
	ev := Event{ID: string(t.Payload()), Body: t.Payload()}
	return h.sends.Handle(ctx, &ev)
}

func RegisterSends(mux *asynq.ServeMux, rdb *redis.Client, topic Topic) {
	h := &messageHandler{sends: &sendHandler{idem: idem.New(rdb), sender: httpSender{}, topic: topic}}
	mux.HandleFunc("sendstable", h.SendStable)
}
