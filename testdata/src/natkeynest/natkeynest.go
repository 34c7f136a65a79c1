// Package natkeynest is natkeywhole two interface calls deep (convoy's
// event channels): the handler calls a Channel interface, whose
// implementation builds a *store.Event from the payload and hands it to an
// EventRepo interface (held in a struct argument), whose implementation
// inserts it with the event's UID as the table's only-id primary key
// (INSERT … (id, …) VALUES ($1, …) with e.UID). The key is a field of a
// struct argument of the inner call, and the struct is built from the
// payload, a caller's argument or uuid.New:
//   - from the payload (decoded): a business key; a handler that returns
//     the failure is duplicate-as-error, one that only logs it is guarded;
//   - from the handler's argument two calls up (the payload's id, passed
//     as a string): the key goes up both interface calls to the handler,
//     which passes a stable value: duplicate-as-error;
//   - the same through a static helper between the handler and the
//     channel (by-id-helper);
//   - near misses: a uuid.New UID made by the channel, or by the handler
//     and passed down (also through the helper), is a fresh surrogate:
//     unguarded.
package natkeynest

import (
	"context"
	"encoding/json"
	"log"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"natkeynest/store"
)

type Msg struct {
	EventID string `json:"event_id"`
	Type    string `json:"type"`
}

// Args carries the repositories to a channel.
type Args struct {
	Events store.EventRepo
}

// Channel makes the job's event.
type Channel interface {
	Create(ctx context.Context, t *asynq.Task, args Args) (*store.Event, error)
	CreateWithID(ctx context.Context, id string, args Args) error
}

// payloadChannel keys the event by the payload's id.
type payloadChannel struct{}

func (payloadChannel) Create(ctx context.Context, t *asynq.Task, args Args) (*store.Event, error) {
	var m Msg
	if err := json.Unmarshal(t.Payload(), &m); err != nil {
		return nil, err
	}
	ev := &store.Event{UID: m.EventID, Type: m.Type, Acked: time.Now()}
	if err := args.Events.CreateEvent(ctx, ev); err != nil {
		return nil, err
	}
	return ev, nil
}

func (payloadChannel) CreateWithID(ctx context.Context, id string, args Args) error {
	return args.Events.CreateEvent(ctx, &store.Event{UID: id, Type: "by-id", Acked: time.Now()})
}

// freshChannel keys the event by a new uuid.
type freshChannel struct{}

func (freshChannel) Create(ctx context.Context, t *asynq.Task, args Args) (*store.Event, error) {
	var m Msg
	if err := json.Unmarshal(t.Payload(), &m); err != nil {
		return nil, err
	}
	ev := &store.Event{UID: uuid.NewString(), Type: m.Type}
	if err := args.Events.CreateEvent(ctx, ev); err != nil {
		return nil, err
	}
	return ev, nil
}

func (freshChannel) CreateWithID(ctx context.Context, id string, args Args) error {
	return args.Events.CreateEvent(ctx, &store.Event{UID: uuid.NewString(), Type: id})
}

type Worker struct {
	Payload Channel
	New     Channel
	Events  store.EventRepo
}

// Returned: the payload's key; the failure is returned.
func (w *Worker) Returned(ctx context.Context, t *asynq.Task) error { // want `^duplicate-as-error: a second delivery's insert into nk_events \(medium\)`
	_, err := w.Payload.Create(ctx, t, Args{Events: w.Events})
	return err
}

// Logged: the payload's key; the failure is only logged.
func (w *Worker) Logged(ctx context.Context, t *asynq.Task) error {
	if _, err := w.Payload.Create(ctx, t, Args{Events: w.Events}); err != nil {
		log.Println("create:", err)
	}
	return nil
}

// Fresh (near miss): the channel's uuid key.
func (w *Worker) Fresh(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: insert into nk_events \(medium\) at`
	_, err := w.New.Create(ctx, t, Args{Events: w.Events})
	return err
}

// ByID: the payload's id passed down as a string two calls.
func (w *Worker) ByID(ctx context.Context, t *asynq.Task) error { // want `^duplicate-as-error: a second delivery's insert into nk_events \(medium\)`
	var m Msg
	if err := json.Unmarshal(t.Payload(), &m); err != nil {
		return nil
	}
	return w.Payload.CreateWithID(ctx, m.EventID, Args{Events: w.Events})
}

// ByNewID (near miss): the handler's own uuid passed down two calls.
func (w *Worker) ByNewID(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: insert into nk_events \(medium\) at`
	return w.Payload.CreateWithID(ctx, uuid.NewString(), Args{Events: w.Events})
}

// create is a static helper between the handler and the channel: what
// its caller passes for id decides.
func (w *Worker) create(ctx context.Context, id string) error {
	return w.Payload.CreateWithID(ctx, id, Args{Events: w.Events})
}

// ByIDHelper: the payload's id through the helper.
func (w *Worker) ByIDHelper(ctx context.Context, t *asynq.Task) error { // want `^duplicate-as-error: a second delivery's insert into nk_events \(medium\)`
	var m Msg
	if err := json.Unmarshal(t.Payload(), &m); err != nil {
		return nil
	}
	return w.create(ctx, m.EventID)
}

// ByNewIDHelper (near miss): a uuid through the helper.
func (w *Worker) ByNewIDHelper(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: insert into nk_events \(medium\) at`
	return w.create(ctx, uuid.NewString())
}

func Main() {
	w := &Worker{Payload: payloadChannel{}, New: freshChannel{}, Events: store.NewEventRepo(nil)}
	mux := asynq.NewServeMux()
	mux.HandleFunc("returned", w.Returned)
	mux.HandleFunc("logged", w.Logged)
	mux.HandleFunc("fresh", w.Fresh)
	mux.HandleFunc("by-id", w.ByID)
	mux.HandleFunc("by-new-id", w.ByNewID)
	mux.HandleFunc("by-id-helper", w.ByIDHelper)
	mux.HandleFunc("by-new-id-helper", w.ByNewIDHelper)
}
