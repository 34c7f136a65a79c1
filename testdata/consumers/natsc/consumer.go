// Package natsc consumes from NATS: a JetStream consumer and a core
// subscription.
package natsc

import (
	"context"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"example.com/consumers/internal/store"
)

// Consumer holds the handlers.
type Consumer struct{ Store *store.Store }

// Fulfil books a shipment, then acks: redelivered after AckWait if the
// worker dies in between.
func (c *Consumer) Fulfil(m jetstream.Msg) {
	if err := c.Store.AddShipment(context.Background(), string(m.Data())); err != nil {
		_ = m.Nak()
		return
	}
	_ = m.Ack()
}

// Audit records each order event once per message id (a claim in the
// same transaction).
func (c *Consumer) Audit(m *nats.Msg) {
	_ = c.Store.RecordOnce(context.Background(), m.Header.Get(nats.MsgIdHdr), string(m.Data))
}

// Start subscribes both.
func Start(ctx context.Context, nc *nats.Conn, js jetstream.JetStream, c *Consumer) (jetstream.ConsumeContext, error) {
	if _, err := nc.Subscribe("orders.events", c.Audit); err != nil {
		return nil, err
	}
	cons, err := js.CreateOrUpdateConsumer(ctx, "ORDERS", jetstream.ConsumerConfig{Durable: "fulfil", MaxDeliver: 5})
	if err != nil {
		return nil, err
	}
	return cons.Consume(c.Fulfil)
}
