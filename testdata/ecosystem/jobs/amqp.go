package jobs

import (
	"context"

	"github.com/streadway/amqp"

	"example.com/ecosystem/internal/mq"
)

// RabbitMQ consumers subscribed through the application's own helper
// (internal/mq) on streadway/amqp: Subscribe consumes with autoAck true,
// so the broker never redelivers and TraceBlock is at most once (its
// insert is no finding); SubscribeAcked consumes with autoAck false and
// RecordDeposit, acking after its insert, repeats it on a redelivery.

// TraceBlock records a block announced on the exchange.
func (d *Deps) TraceBlock(m amqp.Delivery) {
	_, _ = d.Sqlx.ExecContext(context.Background(), "insert into traced_blocks (body) values ($1)", m.Body)
}

// RecordDeposit records a deposit, then acks it.
func (d *Deps) RecordDeposit(m amqp.Delivery) {
	if _, err := d.Sqlx.ExecContext(context.Background(), "insert into deposits (body) values ($1)", m.Body); err != nil {
		_ = m.Nack(false, true)
		return
	}
	_ = m.Ack(false)
}

// StartAMQP subscribes the consumers.
func StartAMQP(c *mq.Client, d *Deps) error {
	if err := c.Subscribe("bestblock", "trace_blocks", "trace", d.TraceBlock); err != nil {
		return err
	}
	return c.SubscribeAcked("deposits", "record_deposits", "deposit", d.RecordDeposit)
}
