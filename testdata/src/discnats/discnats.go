// Package discnats covers NATS consumers: core Subscribe/QueueSubscribe
// callbacks (the subject is the task), legacy JetStream Subscribe, the
// jetstream package's Consumer.Consume callback, and pull loops over
// Consumer.Fetch, Consumer.Messages and a legacy pull subscription's Fetch
// with their Ack.
//
// A jetstream consumer's task is the consumer's name, read where the
// consumer was built (js.Consumer(ctx, "ORDERS", "fulfil"), or the
// Durable/Name of CreateOrUpdateConsumer's config); a consumer passed in
// as a parameter has no task.
package discnats

import (
	"context"
	"database/sql"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

type Deps struct{ DB *sql.DB }

// OnCreated is a core NATS callback. Core NATS delivers at most once (no
// redelivery; a message published while no subscriber listens is lost),
// so the insert cannot run twice for one message: no unguarded finding.
func (d *Deps) OnCreated(m *nats.Msg) { // want OnCreated:`^effects: db_write/insert orders$`
	_, _ = d.DB.Exec("insert into orders(data) values ($1)", m.Data)
}

// OnShipped is a legacy JetStream callback with manual acks.
func (d *Deps) OnShipped(m *nats.Msg) { // want OnShipped:`^effects: db_write/insert shipments$` `unguarded: handler \(\*discnats.Deps\).OnShipped \(jetstream task "orders.shipped"\) .*insert into shipments`
	if _, err := d.DB.Exec("insert into shipments(data) values ($1)", m.Data); err != nil {
		_ = m.Nak()
		return
	}
	_ = m.Ack()
}

// OnStream is a jetstream Consume callback.
func (d *Deps) OnStream(m jetstream.Msg) { // want OnStream:`^effects: db_write/insert fulfilments$` `unguarded: handler \(\*discnats.Deps\).OnStream \(jetstream task "fulfil"\) repeats .*insert into fulfilments`
	if _, err := d.DB.Exec("insert into fulfilments(data) values ($1)", m.Data()); err != nil {
		_ = m.Nak()
		return
	}
	_ = m.Ack()
}

func Subscribe(ctx context.Context, nc *nats.Conn, js nats.JetStreamContext, js2 jetstream.JetStream, db *sql.DB) error { // want Subscribe:`^no effects$`
	d := &Deps{DB: db}
	if _, err := nc.Subscribe("orders.created", d.OnCreated); err != nil {
		return err
	}
	if _, err := nc.QueueSubscribe("orders.paid", "billing", func(m *nats.Msg) { // at most once too
		_, _ = db.Exec("insert into payments(data) values ($1)", m.Data)
	}); err != nil {
		return err
	}
	if _, err := js.Subscribe("orders.shipped", d.OnShipped, nats.ManualAck()); err != nil {
		return err
	}
	cons, err := js2.Consumer(ctx, "ORDERS", "fulfil")
	if err != nil {
		return err
	}
	_, err = cons.Consume(d.OnStream)
	return err
}

// PullBatch fetches a batch and acks each message after writing it.
func (d *Deps) PullBatch(ctx context.Context, cons jetstream.Consumer) error { // want PullBatch:`^effects: db_write/insert invoices$` `unguarded: handler \(\*discnats.Deps\).PullBatch repeats .*insert into invoices`
	batch, err := cons.Fetch(10)
	if err != nil {
		return err
	}
	for m := range batch.Messages() {
		if _, err := d.DB.ExecContext(ctx, "insert into invoices(data) values ($1)", m.Data()); err != nil {
			return err
		}
		if err := m.Ack(); err != nil { // the batch's ack
			return err
		}
	}
	return batch.Error()
}

// PullIter iterates with Messages() and acks after writing.
func (d *Deps) PullIter(ctx context.Context, cons jetstream.Consumer) error { // want PullIter:`^effects: db_write/insert receipts$` `unguarded: handler \(\*discnats.Deps\).PullIter repeats .*insert into receipts`
	it, err := cons.Messages()
	if err != nil {
		return err
	}
	defer it.Stop()
	for {
		m, err := it.Next()
		if err != nil {
			return err
		}
		if _, err := d.DB.ExecContext(ctx, "insert into receipts(data) values ($1)", m.Data()); err != nil {
			return err
		}
		if err := m.Ack(); err != nil { // the iterator's ack
			return err
		}
	}
}

// PullLegacy fetches from a legacy pull subscription and acks first.
func (d *Deps) PullLegacy(ctx context.Context, sub *nats.Subscription) error { // want PullLegacy:`^effects: db_write/insert refunds$` `unguarded: handler \(\*discnats.Deps\).PullLegacy repeats .*insert into refunds`
	msgs, err := sub.Fetch(10)
	if err != nil {
		return err
	}
	for _, m := range msgs {
		if err := m.Ack(); err != nil { // want `ack-before-effect: the message is acknowledged here, before its effects \(insert into refunds`
			return err
		}
		if _, err := d.DB.ExecContext(ctx, "insert into refunds(data) values ($1)", m.Data); err != nil {
			return err
		}
	}
	return nil
}

// PullWorkers fetches from a legacy pull subscription and hands each
// message to a goroutine that runs sendOne and then acks: sendOne takes a
// *nats.Msg but is the loop's per-message work, called from the loop's
// own closure, not a handler of its own.
func (d *Deps) PullWorkers(sub *nats.Subscription) { // want PullWorkers:`^effects: db_write/insert outbox$` `unguarded: handler \(\*discnats.Deps\).PullWorkers repeats .*insert into outbox`
	for {
		msgs, err := sub.Fetch(5)
		if err != nil {
			continue
		}
		for _, m := range msgs {
			go func(m *nats.Msg) {
				_ = d.sendOne(m)
				_ = m.Ack() // the worker's ack
			}(m)
		}
	}
}

func (d *Deps) sendOne(m *nats.Msg) error { // want sendOne:`^effects: db_write/insert outbox$`
	_, err := d.DB.Exec("insert into outbox(data) values ($1)", m.Data)
	return err
}

// PullNext takes one message at a time and acks after writing.
func (d *Deps) PullNext(ctx context.Context, cons jetstream.Consumer) error { // want PullNext:`^effects: db_write/insert reminders$` `unguarded: handler \(\*discnats.Deps\).PullNext repeats .*insert into reminders`
	for {
		m, err := cons.Next()
		if err != nil {
			return err
		}
		if _, err := d.DB.ExecContext(ctx, "insert into reminders(data) values ($1)", m.Data()); err != nil {
			return err
		}
		if err := m.Ack(); err != nil { // the single message's ack
			return err
		}
	}
}

// natsConn is the application's own view of the connection (so tests can
// substitute it): a call through it registers as *nats.Conn's would,
// since the program makes its values from a *nats.Conn (connect).
type natsConn interface {
	Publish(subj string, data []byte) error
	QueueSubscribe(subj, queue string, cb nats.MsgHandler) (*nats.Subscription, error)
}

func connect(url string) (natsConn, error) { // want connect:"no effects"
	nc, err := nats.Connect(url)
	if err != nil {
		return nil, err
	}
	return nc, nil
}

// StartFilter subscribes through natsConn and hands each message to a
// worker over a channel; the worker inserts it. Core NATS: at most once.
func StartFilter(url string, db *sql.DB) error { // want StartFilter:`^effects: db_write/insert lines @p1; dynamic_call/call \(discnats.natsConn\).QueueSubscribe$`
	nc, err := connect(url)
	if err != nil {
		return err
	}
	jobs := make(chan []byte, 16)
	go filterWorker(db, jobs)
	_, err = nc.QueueSubscribe("lines", "filter", func(m *nats.Msg) {
		jobs <- m.Data
	})
	return err
}

func filterWorker(db *sql.DB, jobs <-chan []byte) { // want filterWorker:`^effects: db_write/insert lines @p0$`
	for b := range jobs {
		_, _ = db.Exec("insert into lines(data) values ($1)", b)
	}
}
