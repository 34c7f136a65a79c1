package jobs

import (
	"context"

	"github.com/hibiken/asynq"
	"github.com/nats-io/nats.go/jetstream"
)

// NatsPublish publishes an event to JetStream without a message id.
func (d *Deps) NatsPublish(ctx context.Context, t *asynq.Task) error {
	_, err := d.JS.Publish(ctx, "orders.paid", t.Payload())
	return err
}

// NatsKeyed publishes with a message id from the job: the stream drops a
// repeat within its Duplicates window.
func (d *Deps) NatsKeyed(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	_, err := d.JS.Publish(ctx, "orders.paid", t.Payload(), jetstream.WithMsgID("paid:"+p.OrderID))
	return err
}

// NatsTopology makes sure the order stream and its consumer exist:
// creating them with a fixed config converges (a second run finds them as
// configured), so nothing repeats.
func (d *Deps) NatsTopology(ctx context.Context, t *asynq.Task) error {
	if _, err := d.JS.CreateOrUpdateStream(ctx, jetstream.StreamConfig{Name: "ORDERS", Subjects: []string{"orders.>"}}); err != nil {
		return err
	}
	if _, err := d.JS.CreateOrUpdateConsumer(ctx, "ORDERS", jetstream.ConsumerConfig{Durable: "billing"}); err != nil {
		return err
	}
	return nil
}
