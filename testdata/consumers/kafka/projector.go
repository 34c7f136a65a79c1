// Package kafka projects payments from a Kafka consumer group (Sarama).
package kafka

import (
	"context"

	"github.com/IBM/sarama"

	"example.com/consumers/internal/store"
)

// Projector records each payment, then marks the message: at least once,
// so a redelivery after a rebalance records it again.
type Projector struct{ Store *store.Store }

func (Projector) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (Projector) Cleanup(sarama.ConsumerGroupSession) error { return nil }

// ConsumeClaim is the per-partition loop.
func (p Projector) ConsumeClaim(s sarama.ConsumerGroupSession, c sarama.ConsumerGroupClaim) error {
	for msg := range c.Messages() {
		if err := p.Store.AddPayment(s.Context(), string(msg.Key), int64(len(msg.Value))); err != nil {
			return err
		}
		s.MarkMessage(msg, "")
	}
	return nil
}

// Run consumes until the context ends.
func Run(ctx context.Context, group sarama.ConsumerGroup, st *store.Store) error {
	for ctx.Err() == nil {
		if err := group.Consume(ctx, []string{"payments"}, Projector{Store: st}); err != nil {
			return err
		}
	}
	return ctx.Err()
}
