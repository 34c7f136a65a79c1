// Package perregfix: one closure registered several times, each
// registration binding its own value (convoy's
// ProcessEventCreationByChannel(ch, …) registered for the default, the
// broadcast and the dynamic event channel, worker/task/process_event_channel.go:52,
// cmd/worker/worker.go:348,372,383). Each registration is a handler of its
// task; over the whole program the closure's calls through the captured
// interface reach the method of the channel its registration binds, not
// every channel's.
package perregfix

import (
	"context"
	"database/sql"

	"github.com/hibiken/asynq"
)

type Channel interface {
	Create(ctx context.Context, id string) error
}

type DefaultChannel struct{ DB *sql.DB }

func (c *DefaultChannel) Create(ctx context.Context, id string) error { // want Create:`^effects: db_write/insert events$`
	_, err := c.DB.ExecContext(ctx, "insert into events (id) values ($1)", id)
	return err
}

type BroadcastChannel struct{ DB *sql.DB }

func (c *BroadcastChannel) Create(ctx context.Context, id string) error { // want Create:`^effects: db_write/update-set broadcasts$`
	_, err := c.DB.ExecContext(ctx, "update broadcasts set seen = true where id = $1", id)
	return err
}

// byChannel makes the handler of one channel: the closure captures it.
func byChannel(ch Channel) asynq.HandlerFunc { // want byChannel:"returns perregfix.byChannel.func1" byChannel:"no effects"
	return func(ctx context.Context, t *asynq.Task) error {
		return ch.Create(ctx, string(t.Payload()))
	}
}

// The factories fix the channel's type: what each registration binds.
func newDefault(ch *DefaultChannel) asynq.HandlerFunc { // want newDefault:"returns perregfix.byChannel.func1" newDefault:"no effects"
	return byChannel(ch)
}

func newBroadcast(ch *BroadcastChannel) asynq.HandlerFunc { // want newBroadcast:"returns perregfix.byChannel.func1" newBroadcast:"no effects"
	return byChannel(ch)
}

// once makes a closure registered a single time (near miss: one handler).
func once(ch Channel) asynq.HandlerFunc { // want once:"returns perregfix.once.func1" once:"no effects"
	return func(ctx context.Context, t *asynq.Task) error { // wholewant `^unguarded: .*twice: insert into events \(medium\) at` // want `unresolved: go vet cannot tell what perregfix.once.func1 does: calls \(perregfix.Channel\).Create through an interface`
		return ch.Create(ctx, string(t.Payload()))
	}
}

// any makes a closure registered twice with channels of a type the
// registration does not fix (near miss: each registration keeps every
// channel's callees).
func any(ch Channel) asynq.HandlerFunc { // want any:"returns perregfix.any.func1" any:"no effects"
	return func(ctx context.Context, t *asynq.Task) error {
		return ch.Create(ctx, string(t.Payload()))
	}
}

func pick(db *sql.DB, broadcast bool) Channel { // want pick:"no effects"
	if broadcast {
		return &BroadcastChannel{DB: db}
	}
	return &DefaultChannel{DB: db}
}

func Register(mux *asynq.ServeMux, db *sql.DB, flag bool) { // want Register:"no effects"
	mux.HandleFunc("default", newDefault(&DefaultChannel{DB: db}))       // wholewant `^unguarded: .*twice: insert into events \(medium\) at` // want `unresolved: go vet cannot tell what perregfix.byChannel.func1 does: calls \(perregfix.Channel\).Create through an interface`
	mux.HandleFunc("broadcast", newBroadcast(&BroadcastChannel{DB: db})) // want `unresolved: go vet cannot tell what perregfix.byChannel.func1 does: calls \(perregfix.Channel\).Create through an interface`
	mux.HandleFunc("once", once(&DefaultChannel{DB: db}))
	mux.HandleFunc("any-a", any(pick(db, flag)))  // wholewant `^unguarded: .*twice: insert into events \(medium\) at` // want `unresolved: go vet cannot tell what perregfix.any.func1 does: calls \(perregfix.Channel\).Create through an interface`
	mux.HandleFunc("any-b", any(pick(db, !flag))) // wholewant `^unguarded: .*twice: insert into events \(medium\) at` // want `unresolved: go vet cannot tell what perregfix.any.func1 does: calls \(perregfix.Channel\).Create through an interface`
}
