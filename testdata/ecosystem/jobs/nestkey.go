package jobs

import (
	"context"
	"encoding/json"
	"log"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"example.com/ecosystem/internal/nkevents"
)

// Convoy's event channels: the handler calls an EventChannel interface,
// whose implementation builds the *nkevents.Event and hands it to its
// nkevents.Repo interface; the pgx v5 repository inserts it with its UID
// as the only-id primary key. Two interface calls lie between the handler
// and the insert, and the key is a field of the struct built in between.
// The channels and their repository are wired in cmd/worker, so go vet
// (cmd/worker's package) resolves both calls too. (Convoy hands the
// repository over in a struct argument, which only the whole program
// follows: fixture natkeynest.)

// EventChannel makes the job's event.
type EventChannel interface {
	CreateEvent(ctx context.Context, t *asynq.Task) (*nkevents.Event, error)
}

type eventMsg struct {
	EventID string `json:"event_id"`
	Type    string `json:"type"`
}

// PayloadChannel keys the event by the payload's event id.
type PayloadChannel struct{ Events nkevents.Repo }

// CreateEvent inserts the payload's event.
func (c PayloadChannel) CreateEvent(ctx context.Context, t *asynq.Task) (*nkevents.Event, error) {
	var m eventMsg
	if err := json.Unmarshal(t.Payload(), &m); err != nil {
		return nil, err
	}
	ev := &nkevents.Event{UID: m.EventID, Type: m.Type, Acked: time.Now()}
	if err := c.Events.CreateEvent(ctx, ev); err != nil {
		return nil, err
	}
	return ev, nil
}

// FreshChannel keys the event by a new uuid.
type FreshChannel struct{ Events nkevents.Repo }

// CreateEvent inserts a new event.
func (c FreshChannel) CreateEvent(ctx context.Context, t *asynq.Task) (*nkevents.Event, error) {
	var m eventMsg
	if err := json.Unmarshal(t.Payload(), &m); err != nil {
		return nil, err
	}
	ev := &nkevents.Event{UID: uuid.NewString(), Type: m.Type, Acked: time.Now()}
	if err := c.Events.CreateEvent(ctx, ev); err != nil {
		return nil, err
	}
	return ev, nil
}

// NestKeyDeps are the channels, wired in cmd/worker.
type NestKeyDeps struct {
	Payload EventChannel
	Fresh   EventChannel
}

// NestKeyReturned returns the failure: a redelivery's insert fails on the
// payload's event id and the job fails (duplicate-as-error).
func (d *NestKeyDeps) NestKeyReturned(ctx context.Context, t *asynq.Task) error {
	_, err := d.Payload.CreateEvent(ctx, t)
	return err
}

// NestKeyLogged only logs the failure: the duplicate is taken as success
// (guarded).
func (d *NestKeyDeps) NestKeyLogged(ctx context.Context, t *asynq.Task) error {
	if _, err := d.Payload.CreateEvent(ctx, t); err != nil {
		log.Println("create event:", err)
	}
	return nil
}

// NestKeyFresh inserts under a new uuid per delivery: the insert repeats
// (unguarded).
func (d *NestKeyDeps) NestKeyFresh(ctx context.Context, t *asynq.Task) error {
	_, err := d.Fresh.CreateEvent(ctx, t)
	return err
}

// RegisterNestKey registers the handlers.
func RegisterNestKey(mux *asynq.ServeMux, d *NestKeyDeps) {
	mux.HandleFunc("nestkey:returned", d.NestKeyReturned)
	mux.HandleFunc("nestkey:logged", d.NestKeyLogged)
	mux.HandleFunc("nestkey:fresh", d.NestKeyFresh)
}
