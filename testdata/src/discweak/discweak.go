// Package discweak covers the weaker rule: a function with a parameter of
// a broker's message type (or a job framework's job type) that nothing
// registers is probably a handler (confidence low). A weak function that a
// handler of the package calls is that handler's helper, not an entry
// point: it is dropped, and its effects count for the caller.
package discweak

import (
	"context"
	"database/sql"

	"github.com/IBM/sarama"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
	"github.com/nats-io/nats.go/jetstream"
	amqp "github.com/rabbitmq/amqp091-go"
	kafkago "github.com/segmentio/kafka-go"
	"github.com/vgarvardt/gue/v5"
)

var db *sql.DB

func ProcessOrder(m *message.Message) error { // want ProcessOrder:`^effects: db_write/insert orders$` `unguarded: handler discweak.ProcessOrder repeats .*insert into orders`
	_, err := db.Exec("insert into orders(id) values ($1)", m.UUID)
	return err
}

func OnQueue(ctx context.Context, ev events.SQSEvent) error { // want OnQueue:`^effects: db_write/insert queue_events$` `unguarded: handler discweak.OnQueue repeats .*insert into queue_events`
	_, err := db.ExecContext(ctx, "insert into queue_events(n) values ($1)", len(ev.Records))
	return err
}

func Project(msg *sarama.ConsumerMessage) error { // want Project:`^effects: db_write/insert projections$` `unguarded: handler discweak.Project repeats .*insert into projections`
	_, err := db.Exec("insert into projections(off) values ($1)", msg.Offset)
	return err
}

func HandleSQS(ctx context.Context, m types.Message) error { // want HandleSQS:`^effects: db_write/insert sqs_messages$` `unguarded: handler discweak.HandleSQS repeats .*insert into sqs_messages`
	_, err := db.ExecContext(ctx, "insert into sqs_messages(id) values ($1)", m.MessageId)
	return err
}

func OnStream(m jetstream.Msg) { // want OnStream:`^effects: db_write/insert stream_events$` `unguarded: handler discweak.OnStream repeats .*insert into stream_events`
	_, _ = db.Exec("insert into stream_events(data) values ($1)", m.Data())
}

func OnDelivery(d amqp.Delivery) { // want OnDelivery:`^effects: db_write/insert deliveries$` `unguarded: handler discweak.OnDelivery repeats .*insert into deliveries`
	_, _ = db.Exec("insert into deliveries(body) values ($1)", d.Body)
}

func Work(ctx context.Context, j *gue.Job) error { // want Work:`^effects: db_write/insert gue_runs$` `unguarded: handler discweak.Work repeats .*insert into gue_runs`
	_, err := db.ExecContext(ctx, "insert into gue_runs(type) values ($1)", j.Type)
	return err
}

// Loop is a pull loop (a handler, confidence medium); apply, a weak
// candidate, is its helper: dropped as a handler, its insert is Loop's.
func Loop(ctx context.Context, r *kafkago.Reader) error { // want Loop:`^effects: db_write/insert signups$` `unguarded: handler discweak.Loop repeats .*insert into signups .*path: discweak/discweak.go:65 discweak.Loop → discweak/discweak.go:75 discweak.apply`
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := apply(ctx, m); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

func apply(ctx context.Context, m kafkago.Message) error { // want apply:`^effects: db_write/insert signups$`
	_, err := db.ExecContext(ctx, "insert into signups(v) values ($1)", m.Value)
	return err
}

// Publish takes a message to send it: a producer, yet the rule cannot tell.
// TODO(engine): correct is no handler (the message is built and published
// here, not received); the weak rule takes any function with the message
// type as a parameter, so a producer helper that writes is a low-confidence
// handler with an unguarded finding.
func Publish(pub message.Publisher, m *message.Message) error { // want Publish:`^effects: db_write/insert outbox_log; publish/publish outbox @p0$` `unguarded: handler discweak.Publish repeats .*insert into outbox_log \(medium\) .*nor are 1 other effects`
	if _, err := db.Exec("insert into outbox_log(id) values ($1)", m.UUID); err != nil {
		return err
	}
	return pub.Publish("outbox", m)
}

// Drain is a pull loop that hands each batch to drainBatch (no message
// parameter: a slice), whose goroutine runs record for every message;
// record and the header reader it calls take a message. Both are Drain's
// work at any depth (drainBatch between them is no handler), not handlers
// of their own: their insert is Drain's, reported once.
func Drain(ctx context.Context, rd *kafkago.Reader) error { // want Drain:`^effects: db_write/insert audit_rows; db_write/insert notices$` `unguarded: handler discweak.Drain repeats .*insert into audit_rows .*path: discweak/discweak.go:102 discweak.Drain → .*discweak.record`
	for {
		m, err := rd.FetchMessage(ctx)
		if err != nil {
			return err
		}
		drainBatch(ctx, []kafkago.Message{m})
		if err := rd.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

func drainBatch(ctx context.Context, ms []kafkago.Message) { // want drainBatch:`^effects: db_write/insert audit_rows; db_write/insert notices$`
	for _, m := range ms {
		go func(m kafkago.Message) {
			record(ctx, m)
		}(m)
	}
}

func record(ctx context.Context, m kafkago.Message) { // want record:`^effects: db_write/insert audit_rows; db_write/insert notices$`
	_, _ = db.ExecContext(ctx, "insert into audit_rows(k) values ($1)", headerOf(m, "key"))
	_ = Notify(message.NewMessage(string(m.Key), m.Value))
}

func headerOf(m kafkago.Message, key string) string { // want headerOf:`^no effects$`
	for _, h := range m.Headers {
		if h.Key == key {
			return string(h.Value)
		}
	}
	return ""
}

// Notify takes a message too, and Drain's work calls it, but a router
// registers it: a handler of its own still (a registration is an entry
// point whoever else calls it).
func Notify(m *message.Message) error { // want Notify:`^effects: db_write/insert notices$` `unguarded: handler discweak.Notify \(watermill task "notices"\) repeats .*insert into notices`
	_, err := db.Exec("insert into notices(id) values ($1)", m.UUID)
	return err
}

// Wire registers Notify.
func Wire(r *message.Router, sub message.Subscriber) { // want Wire:`^no effects$`
	r.AddNoPublisherHandler("notices", "notices", sub, Notify)
}
