// Package discamqp covers RabbitMQ (amqp091-go) consumers: the function
// that calls Channel.Consume and ranges over the deliveries is a handler
// (the queue is the task); Delivery.Ack is its ack.
package discamqp

import (
	"context"
	"database/sql"

	amqp "github.com/rabbitmq/amqp091-go"
)

type Deps struct {
	Ch *amqp.Channel
	DB *sql.DB
}

// Consume writes each delivery, then acks it.
func (d *Deps) Consume(ctx context.Context) error { // want Consume:`^effects: db_write/insert emails$` `unguarded: handler \(\*discamqp.Deps\).Consume \(amqp task "emails"\) repeats .*insert into emails`
	msgs, err := d.Ch.Consume("emails", "", false, false, false, false, nil)
	if err != nil {
		return err
	}
	for m := range msgs {
		if _, err := d.DB.ExecContext(ctx, "insert into emails(body) values ($1)", m.Body); err != nil {
			_ = m.Nack(false, true)
			continue
		}
		_ = m.Ack(false) // after the write
	}
	return nil
}

// ConsumeAckFirst acks (on the channel) before writing.
func (d *Deps) ConsumeAckFirst(ctx context.Context) error { // want ConsumeAckFirst:`^effects: db_write/insert audit_log$` `unguarded: handler \(\*discamqp.Deps\).ConsumeAckFirst \(amqp task "audit"\) repeats .*insert into audit_log`
	msgs, err := d.Ch.ConsumeWithContext(ctx, "audit", "", false, false, false, false, nil)
	if err != nil {
		return err
	}
	for m := range msgs {
		_ = d.Ch.Ack(m.DeliveryTag, false) // want `ack-before-effect: the message is acknowledged here, before its effects \(insert into audit_log`
		_, _ = d.DB.ExecContext(ctx, "insert into audit_log(body) values ($1)", m.Body)
	}
	return nil
}

// ConsumeAutoAck consumes with autoAck: the broker acks each delivery
// before sending it, so the write is at most once: ack-before-effect at
// the Consume call, as for kafka-go ReadMessage.
func (d *Deps) ConsumeAutoAck(ctx context.Context) error { // want ConsumeAutoAck:`^effects: db_write/insert clicks$` `unguarded: handler \(\*discamqp.Deps\).ConsumeAutoAck \(amqp task "clicks"\) repeats .*insert into clicks`
	msgs, err := d.Ch.Consume("clicks", "", true, false, false, false, nil) // want `ack-before-effect: this receive commits the message before it returns, so its effects \(insert into clicks`
	if err != nil {
		return err
	}
	for m := range msgs {
		_, _ = d.DB.ExecContext(ctx, "insert into clicks(body) values ($1)", m.Body)
	}
	return nil
}

// ConsumeAsync ranges over the deliveries in a goroutine and acks each
// one before writing it: the ack is found in the closure it starts.
func (d *Deps) ConsumeAsync(ctx context.Context) error { // want ConsumeAsync:`^effects: db_write/insert async_log$` `unguarded: handler \(\*discamqp.Deps\).ConsumeAsync \(amqp task "async"\) repeats .*insert into async_log`
	msgs, err := d.Ch.Consume("async", "", false, false, false, false, nil)
	if err != nil {
		return err
	}
	go func() {
		for m := range msgs {
			_ = m.Ack(false) // want `ack-before-effect: the message is acknowledged here, before its effects \(insert into async_log`
			_, _ = d.DB.ExecContext(ctx, "insert into async_log(body) values ($1)", m.Body)
		}
	}()
	return nil
}

// Subscribe hands its deliveries to a loop of its own, which calls the
// function it was given for each: that function, at its callers, is the
// handler (the application's own subscription helper).
func (d *Deps) Subscribe(queue string, handle func(amqp.Delivery)) error { // want Subscribe:`forwards \[\{1 amqp  0   true  false    false false\}\]` Subscribe:`^effects: calls p2$`
	msgs, err := d.Ch.Consume(queue, "", false, false, false, false, nil)
	if err != nil {
		return err
	}
	go consumeLoop(msgs, handle)
	return nil
}

func consumeLoop(deliveries <-chan amqp.Delivery, handle func(amqp.Delivery)) { // want consumeLoop:`^effects: calls p1$`
	for m := range deliveries {
		handle(m)
	}
}

// OnOrder is subscribed through the helper.
func (d *Deps) OnOrder(m amqp.Delivery) { // want OnOrder:`^effects: db_write/insert orders$` `unguarded: handler \(\*discamqp.Deps\).OnOrder \(amqp task "orders"\) repeats .*insert into orders`
	_, _ = d.DB.Exec("insert into orders(body) values ($1)", m.Body)
	_ = m.Ack(false)
}

func (d *Deps) Start() error { // want Start:`^effects: db_write/insert orders$`
	return d.Subscribe("orders", d.OnOrder)
}
