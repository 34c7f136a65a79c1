// Package nilfieldwhole: a handler that publishes a reply only when a
// pointer field of its message is not nil (assistant's echo listener:
// if msg.Callback != nil { bus.Publish(…) }), where the one loop that
// delivers its messages builds every Msg without that field and nothing
// in the program ever sets it, never publishes: the field is always nil.
// Near misses keep their effects: a field the program sets (ReplyTo, in
// Request), a type a decoder fills (Event, json.Unmarshal), and the test
// that the field is nil (which holds: the effect stays, without it).
package nilfieldwhole

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"reflect"

	amqp "github.com/rabbitmq/amqp091-go"
)

type Callback struct{ Queue string }

type Msg struct {
	Queue    string
	Body     []byte
	Callback *Callback // nothing sets it
	ReplyTo  *Callback // Request sets it
}

// Event is decoded from JSON: its Hook is whatever the body says.
type Event struct {
	Body []byte
	Hook *Callback
}

type Publisher interface {
	Publish(queue string, body []byte) error
}

type outbox struct{ db *sql.DB }

func (o *outbox) Publish(queue string, body []byte) error {
	_, err := o.db.Exec("insert into outbox(queue, body) values ($1, $2)", queue, body)
	return err
}

type Bus struct {
	Ch  *amqp.Channel
	DB  *sql.DB
	Pub Publisher
}

// Subscribe hands each delivery to fn as a Msg of its queue and body
// (reflect.TypeOf only reads fn's type).
func (b *Bus) Subscribe(queue string, fn func(*Msg) error) error {
	if reflect.TypeOf(fn).Kind() != reflect.Func {
		return fmt.Errorf("%s is not a func", reflect.TypeOf(fn).Kind())
	}
	msgs, err := b.Ch.Consume(queue, "", false, false, false, false, nil)
	if err != nil {
		return err
	}
	go func() {
		for d := range msgs {
			if err := fn(&Msg{Queue: queue, Body: d.Body}); err != nil {
				_ = d.Reject(false)
				continue
			}
			_ = d.Ack(false)
		}
	}()
	return nil
}

// SubscribeEvents decodes each delivery into an Event.
func (b *Bus) SubscribeEvents(queue string, fn func(*Event) error) error {
	msgs, err := b.Ch.Consume(queue, "", false, false, false, false, nil)
	if err != nil {
		return err
	}
	go func() {
		for d := range msgs {
			var ev Event
			if err := json.Unmarshal(d.Body, &ev); err != nil {
				_ = d.Reject(false)
				continue
			}
			if err := fn(&ev); err != nil {
				_ = d.Reject(false)
				continue
			}
			_ = d.Ack(false)
		}
	}()
	return nil
}

// Request builds a message that asks for a reply.
func Request(queue string, body []byte) *Msg {
	return &Msg{Queue: queue, Body: body, ReplyTo: &Callback{Queue: "replies"}}
}

func Register(b *Bus) error {
	b.Pub = &outbox{db: b.DB}
	// echo only prints: its reply and its record need a Callback.
	if err := b.Subscribe("echo", func(m *Msg) error {
		fmt.Println(m)
		if m.Callback != nil {
			if _, err := b.DB.Exec("insert into echoes(body) values ($1)", m.Body); err != nil {
				return err
			}
			return b.Pub.Publish(m.Callback.Queue, m.Body)
		}
		return nil
	}); err != nil {
		return err
	}
	// noreply records what came without a Callback: every message.
	if err := b.Subscribe("noreply", func(m *Msg) error { // want `unguarded: .*insert into unanswered`
		if m.Callback == nil {
			_, err := b.DB.Exec("insert into unanswered(body) values ($1)", m.Body)
			return err
		}
		return nil
	}); err != nil {
		return err
	}
	// reply answers a ReplyTo, which Request sets.
	if err := b.Subscribe("reply", func(m *Msg) error { // want `unguarded: .*insert into outbox`
		if m.ReplyTo != nil {
			return b.Pub.Publish(m.ReplyTo.Queue, m.Body)
		}
		return nil
	}); err != nil {
		return err
	}
	// hooked publishes to the hook the decoded event names.
	return b.SubscribeEvents("hooked", func(ev *Event) error { // want `unguarded: .*insert into outbox`
		if ev.Hook != nil {
			return b.Pub.Publish(ev.Hook.Queue, ev.Body)
		}
		return nil
	})
}

func Main(db *sql.DB, ch *amqp.Channel) error {
	b := &Bus{Ch: ch, DB: db}
	if err := Register(b); err != nil {
		return err
	}
	return b.Pub.Publish("requests", Request("work", nil).Body)
}
