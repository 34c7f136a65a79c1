// Package discwatermill covers Watermill's router (v1.5.1): AddHandler,
// AddConsumerHandler and the deprecated AddNoPublisherHandler register a
// handler under its name (the task), as a method value or a closure. A
// Deduplicator middleware is in-memory and marks the key before the
// handler runs: the findings say it is no guard. A manual msg.Ack()
// before the effects makes them at most once.
package discwatermill

import (
	"database/sql"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/message/router/middleware"
)

type Deps struct{ DB *sql.DB }

func (d *Deps) Ship(msg *message.Message) error { // want Ship:`^effects: db_write/insert shipments$` `unguarded: handler \(\*discwatermill.Deps\).Ship \(watermill task "ship_order"\) .*insert into shipments \(medium\).*watermill middleware.Deduplicator \(in memory, per process.*a loss, not a guard\) at discwatermill/discwatermill.go:46`
	_, err := d.DB.ExecContext(msg.Context(), "insert into shipments(order_id) values ($1)", msg.UUID)
	return err
}

func (d *Deps) Invoice(msg *message.Message) ([]*message.Message, error) { // want Invoice:`^effects: db_write/insert invoices$` `unguarded: handler \(\*discwatermill.Deps\).Invoice \(watermill task "invoice"\) .*insert into invoices \(medium\) at discwatermill/discwatermill.go:25 is not guarded, nor are 1 other effects`
	if _, err := d.DB.ExecContext(msg.Context(), "insert into invoices(order_id) values ($1)", msg.UUID); err != nil {
		return nil, err
	}
	return []*message.Message{message.NewMessage(msg.UUID, msg.Payload)}, nil
}

func (d *Deps) Audit(msg *message.Message) error { // want Audit:`^effects: db_write/insert audit_log$` `unguarded: handler \(\*discwatermill.Deps\).Audit \(watermill task "audit"\) .*insert into audit_log`
	_, err := d.DB.ExecContext(msg.Context(), "insert into audit_log(msg) values ($1)", msg.UUID)
	return err
}

// AckFirst acknowledges the message itself before writing: a crash in
// between loses the write.
func (d *Deps) AckFirst(msg *message.Message) error { // want AckFirst:`^effects: db_write/insert receipts$` `unguarded: handler \(\*discwatermill.Deps\).AckFirst \(watermill task "receipt"\) .*insert into receipts`
	msg.Ack() // want `ack-before-effect: the message is acknowledged here, before its effects \(insert into receipts at discwatermill/discwatermill.go:40\)`
	_, err := d.DB.ExecContext(msg.Context(), "insert into receipts(order_id) values ($1)", msg.UUID)
	return err
}

func Wire(r *message.Router, sub message.Subscriber, pub message.Publisher, db *sql.DB) { // want Wire:`^no effects$`
	d := &Deps{DB: db}
	dedup := &middleware.Deduplicator{Timeout: time.Minute}
	r.AddMiddleware(dedup.Middleware)
	r.AddConsumerHandler("ship_order", "orders.paid", sub, d.Ship)
	r.AddHandler("invoice", "orders.paid", sub, "invoices.created", pub, d.Invoice)
	r.AddNoPublisherHandler("audit", "orders.paid", sub, d.Audit)
	r.AddConsumerHandler("receipt", "orders.paid", sub, d.AckFirst)
	r.AddConsumerHandler("notify", "orders.shipped", sub, func(msg *message.Message) error { // want `unguarded: handler discwatermill.Wire.func1 \(watermill task "notify"\) .*insert into notifications`
		_, err := db.ExecContext(msg.Context(), "insert into notifications(order_id) values ($1)", msg.UUID)
		return err
	})
}

// Count is registered on a router whose InstantAck middleware acks every
// message before its handler runs: its effects are at most once.
// TODO(engine): correct is an at-most-once finding (ack-before-effect: the
// router acks at the AddMiddleware(middleware.InstantAck) call, before the
// insert), as for a manual msg.Ack() first; router middleware is not read,
// so only unguarded is reported.
func (d *Deps) Count(msg *message.Message) error { // want Count:`^effects: db_write/update-increment counters$` `unguarded: handler \(\*discwatermill.Deps\).Count \(watermill task "count"\) .*update-increment of counters`
	_, err := d.DB.ExecContext(msg.Context(), "update counters set n = n + 1 where id = $1", msg.UUID)
	return err
}

func WireInstant(r *message.Router, sub message.Subscriber, db *sql.DB) { // want WireInstant:`^no effects$`
	r.AddMiddleware(middleware.InstantAck)
	r.AddConsumerHandler("count", "clicks", sub, (&Deps{DB: db}).Count)
}
