// Package discrmq covers rmq v5: AddConsumer with a Consumer (its Consume
// method), AddConsumerFunc with a closure, AddBatchConsumer with a
// BatchConsumer. A consumer acks each delivery itself: an Ack before the
// effects makes them at most once.
package discrmq

import (
	"database/sql"
	"time"

	"github.com/adjust/rmq/v5"
)

var db *sql.DB

// Thumbnailer consumes the "thumbnails" queue: the task is the queue the
// consumer is added to, named where the queue was opened
// (conn.OpenQueue("thumbnails"), the receiver of AddConsumer).
type Thumbnailer struct{}

func (Thumbnailer) Consume(d rmq.Delivery) { // want Consume:`^effects: db_write/insert thumbnails$` `unguarded: handler discrmq.Thumbnailer.Consume \(rmq task "thumbnails"\) repeats .*insert into thumbnails`
	if _, err := db.Exec("insert into thumbnails(payload) values ($1)", d.Payload()); err != nil {
		_ = d.Reject()
		return
	}
	_ = d.Ack()
}

type Batcher struct{}

func (*Batcher) Consume(batch rmq.Deliveries) { // want Consume:`^effects: db_write/insert events$` `unguarded: handler \(\*discrmq.Batcher\).Consume \(rmq task "thumbnails"\) repeats .*insert into events`
	for _, p := range batch.Payloads() {
		_, _ = db.Exec("insert into events(payload) values ($1)", p)
	}
	batch.Ack()
}

func Start(conn rmq.Connection) error { // want Start:`^no effects$`
	q, err := conn.OpenQueue("thumbnails")
	if err != nil {
		return err
	}
	if err := q.StartConsuming(10, time.Second); err != nil {
		return err
	}
	if _, err := q.AddConsumer("thumb", Thumbnailer{}); err != nil {
		return err
	}
	if _, err := q.AddBatchConsumer("batch", 100, time.Second, &Batcher{}); err != nil {
		return err
	}
	_, err = q.AddConsumerFunc("audit", func(d rmq.Delivery) { // want `unguarded: handler discrmq.Start.func1 \(rmq task "thumbnails"\) repeats .*insert into audit_log`
		_ = d.Ack() // want `ack-before-effect: the message is acknowledged here, before its effects \(insert into audit_log`
		_, _ = db.Exec("insert into audit_log(payload) values ($1)", d.Payload())
	})
	return err
}
