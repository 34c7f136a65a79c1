// Package actorfix covers work handed to an actor (phony's Act): the
// action runs later on the actor's goroutine and its effects are the
// caller's, unless the action is a pull loop of its own (it fetches the
// next message of its own subscription and acks it), which is a handler
// of its own: a push subscriber that only starts a per-key worker does
// not process the worker's messages.
package actorfix

import (
	"context"
	"database/sql"
	"sync"

	"github.com/Arceliar/phony"
	"github.com/nats-io/nats.go"
)

type Inputer struct {
	DB      *sql.DB
	JS      nats.JetStreamContext
	workers sync.Map
}

type worker struct {
	phony.Inbox
	r   *Inputer
	sub *nats.Subscription
}

// Start subscribes onInput, a push consumer of headers only.
func (r *Inputer) Start() error { // want Start:`^no effects$`
	_, err := r.JS.Subscribe("input", r.onInput, nats.ManualAck())
	return err
}

// onInput starts the room's worker and acks. The worker's pulls are its
// own deliveries: the insert in next is not this handler's.
func (r *Inputer) onInput(m *nats.Msg) { // want onInput:`^effects: db_write/update-set rooms$`
	r.startWorker(m.Header.Get("room"))
	_ = m.Ack()
}

func (r *Inputer) startWorker(room string) { // want startWorker:`^effects: db_write/update-set rooms$`
	v, _ := r.workers.LoadOrStore(room, &worker{r: r})
	w := v.(*worker)
	if w.sub != nil {
		return
	}
	_, _ = r.DB.Exec("update rooms set active = true where id = $1", room)
	sub, err := r.JS.PullSubscribe("input."+room, "room-"+room)
	if err != nil {
		return
	}
	w.sub = sub
	w.Act(nil, w.next)
}

// next pulls one message, writes it and acks it: a handler of its own.
func (w *worker) next() { // want next:`^effects: db_write/insert events$` `unguarded: handler \(\*actorfix.worker\).next repeats .*insert into events`
	msgs, err := w.sub.Fetch(1)
	if err != nil || len(msgs) != 1 {
		return
	}
	defer w.Act(nil, w.next)
	if _, err := w.r.DB.Exec("insert into events(data) values ($1)", msgs[0].Data); err != nil {
		return
	}
	_ = msgs[0].Ack()
}

// Deferred hands the insert itself to the actor (near miss): the action
// receives nothing, so its insert is the callback's effect.
func (r *Inputer) Deferred(ctx context.Context, w *worker) error { // want Deferred:`^no effects$`
	_, err := r.JS.Subscribe("audit", func(m *nats.Msg) { // want `unguarded: handler \(\*actorfix.Inputer\).Deferred.func1 \(jetstream task "audit"\) repeats .*insert into audit_log .*actorfix.go:\d+ \(\*actorfix.Inputer\).Deferred.func1.func1`
		w.Act(nil, func() {
			_, _ = r.DB.Exec("insert into audit_log(data) values ($1)", m.Data)
		})
		_ = m.Ack()
	}, nats.ManualAck())
	return err
}

// Blocked waits for the actor to run the insert (near miss): the same.
func (r *Inputer) Blocked(ctx context.Context, w *worker) error { // want Blocked:`^no effects$`
	_, err := r.JS.Subscribe("audit2", func(m *nats.Msg) { // want `unguarded: handler \(\*actorfix.Inputer\).Blocked.func1 \(jetstream task "audit2"\) repeats .*insert into audit_log .*actorfix.go:\d+ \(\*actorfix.Inputer\).Blocked.func1.func1`
		phony.Block(w, func() {
			_, _ = r.DB.Exec("insert into audit_log(data) values ($1)", m.Data)
		})
		_ = m.Ack()
	}, nats.ManualAck())
	return err
}
