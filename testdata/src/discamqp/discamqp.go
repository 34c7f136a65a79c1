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
// as it sends it and never sends it again, so the write is at most once:
// ack-before-effect at the Consume call, as for kafka-go ReadMessage, and
// no unguarded finding (a delivery is never repeated).
func (d *Deps) ConsumeAutoAck(ctx context.Context) error { // want ConsumeAutoAck:`^effects: db_write/insert clicks$`
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
func (d *Deps) Subscribe(queue string, handle func(amqp.Delivery)) error { // want Subscribe:`forwards \[\{1 amqp  0   0 true  false    false false \S+ 0 \}\]` Subscribe:`^effects: calls p2$`
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

// SubscribeAutoAck is the same helper consuming with autoAck true: what
// its callers subscribe is delivered at most once.
func (d *Deps) SubscribeAutoAck(queue string, handle func(amqp.Delivery)) error { // want SubscribeAutoAck:`forwards \[\{1 amqp  0  at-most-once 0 true ` SubscribeAutoAck:`^effects: calls p2$`
	msgs, err := d.Ch.Consume(queue, "", true, false, false, false, nil)
	if err != nil {
		return err
	}
	go consumeLoop(msgs, handle)
	return nil
}

// SubscribeWith takes autoAck from its caller.
func (d *Deps) SubscribeWith(queue string, autoAck bool, handle func(amqp.Delivery)) error { // want SubscribeWith:`forwards \[\{2 amqp  0   2 true ` SubscribeWith:`^effects: calls p3$`
	msgs, err := d.Ch.Consume(queue, "", autoAck, false, false, false, nil)
	if err != nil {
		return err
	}
	go consumeLoop(msgs, handle)
	return nil
}

// Service is the application's service layer in front of the helpers.
type Service interface {
	Listen(queue string, handle func(amqp.Delivery)) error               // want Listen:`forwards \[\{1 amqp  0  at-most-once 0 true `
	ListenWith(queue string, ack bool, handle func(amqp.Delivery)) error // want ListenWith:`forwards \[\{2 amqp  0   2 true `
}

type service struct{ d *Deps }

func (s *service) Listen(queue string, handle func(amqp.Delivery)) error { // want Listen:`forwards \[\{1 amqp  0  at-most-once 0 true ` Listen:`^effects: calls p2$`
	return s.d.SubscribeAutoAck(queue, handle)
}

func (s *service) ListenWith(queue string, ack bool, handle func(amqp.Delivery)) error { // want ListenWith:`forwards \[\{2 amqp  0   2 true ` ListenWith:`^effects: calls p3$`
	return s.d.SubscribeWith(queue, ack, handle)
}

// OnClick is subscribed through the autoAck helper: at most once, its
// insert is no finding.
func (d *Deps) OnClick(m amqp.Delivery) { // want OnClick:`^effects: db_write/insert click_log$`
	_, _ = d.DB.Exec("insert into click_log(body) values ($1)", m.Body)
}

// OnView passes autoAck true to the helper that takes it.
func (d *Deps) OnView(m amqp.Delivery) { // want OnView:`^effects: db_write/insert views$`
	_, _ = d.DB.Exec("insert into views(body) values ($1)", m.Body)
}

// OnPay is the near miss: autoAck false through the same helper, acked
// after the write, so a redelivery repeats it.
func (d *Deps) OnPay(m amqp.Delivery) { // want OnPay:`^effects: db_write/insert payments$` `unguarded: handler \(\*discamqp.Deps\).OnPay \(amqp task "payments"\) repeats .*insert into payments`
	_, _ = d.DB.Exec("insert into payments(body) values ($1)", m.Body)
	_ = m.Ack(false)
}

// OnTap, OnBeat and OnRefund come through the service interface: autoAck
// true in its helper, true and false through its parameter.
func (d *Deps) OnTap(m amqp.Delivery) { // want OnTap:`^effects: db_write/insert taps$`
	_, _ = d.DB.Exec("insert into taps(body) values ($1)", m.Body)
}

func (d *Deps) OnBeat(m amqp.Delivery) { // want OnBeat:`^effects: db_write/insert beats$`
	_, _ = d.DB.Exec("insert into beats(body) values ($1)", m.Body)
}

func (d *Deps) OnRefund(m amqp.Delivery) { // want OnRefund:`^effects: db_write/insert refunds$` `unguarded: handler \(\*discamqp.Deps\).OnRefund \(amqp task "refunds"\) repeats .*insert into refunds`
	_, _ = d.DB.Exec("insert into refunds(body) values ($1)", m.Body)
	_ = m.Ack(false)
}

func (d *Deps) StartMore(svc Service) error { // want StartMore:`^effects: db_write/insert click_log; db_write/insert views; db_write/insert payments; dynamic_call/call \(discamqp.Service\).Listen; `
	if err := d.SubscribeAutoAck("click_log", d.OnClick); err != nil {
		return err
	}
	if err := d.SubscribeWith("views", true, d.OnView); err != nil {
		return err
	}
	if err := d.SubscribeWith("payments", false, d.OnPay); err != nil {
		return err
	}
	if err := svc.Listen("taps", d.OnTap); err != nil {
		return err
	}
	if err := svc.ListenWith("beats", true, d.OnBeat); err != nil {
		return err
	}
	return svc.ListenWith("refunds", false, d.OnRefund)
}

var _ Service = (*service)(nil)
