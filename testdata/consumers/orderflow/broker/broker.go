// Package broker holds Kafka consumers (Sarama consumer-group handlers)
// that only hand each message to a channel they were given: what writes
// it runs in another package (an order-service shape).
package broker

import (
	"github.com/IBM/sarama"

	"example.com/consumers/orderflow/model"
)

// Consumer keeps the channel app.Run made and also gave the service.
type Consumer struct {
	out chan<- model.Order
}

// New keeps out.
func New(out chan<- model.Order) *Consumer { return &Consumer{out: out} }

func (*Consumer) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*Consumer) Cleanup(sarama.ConsumerGroupSession) error { return nil }

// ConsumeClaim hands each order to the service's worker, which inserts
// it: a redelivered message is inserted again.
func (c *Consumer) ConsumeClaim(s sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		c.push(model.Order{ID: string(msg.Key), Total: int64(len(msg.Value))})
		s.MarkMessage(msg, "")
	}
	return nil
}

func (c *Consumer) push(o model.Order) {
	c.out <- o
}

// Audit keeps a channel of its own make, which the archiver's field never
// holds: its sends reach no worker.
type Audit struct {
	events chan model.Order
}

// NewAudit keeps events.
func NewAudit(events chan model.Order) *Audit { return &Audit{events: events} }

func (*Audit) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*Audit) Cleanup(sarama.ConsumerGroupSession) error { return nil }

// ConsumeClaim hands each event to its own channel.
func (a *Audit) ConsumeClaim(s sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		a.events <- model.Order{ID: string(msg.Key)}
		s.MarkMessage(msg, "")
	}
	return nil
}
