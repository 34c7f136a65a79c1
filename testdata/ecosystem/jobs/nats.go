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
