// Package discpubsub covers Google Cloud Pub/Sub push-style consumers:
// the callback given to Subscriber.Receive (v2) and Subscription.Receive
// (v1). Ack before the effects makes them at most once. The task is the
// subscription the callback receives from: the argument of
// client.Subscriber("orders-sub") / Subscription(…) that built Receive's
// receiver.
package discpubsub

import (
	"context"
	"database/sql"

	pubsubv1 "cloud.google.com/go/pubsub"
	"cloud.google.com/go/pubsub/v2"
)

type Deps struct{ DB *sql.DB }

func (d *Deps) OnOrder(ctx context.Context, m *pubsub.Message) { // want OnOrder:`^effects: db_write/insert orders$` `unguarded: handler \(\*discpubsub.Deps\).OnOrder \(pubsub task "orders-sub"\) repeats .*insert into orders`
	if _, err := d.DB.ExecContext(ctx, "insert into orders(msg_id, data) values ($1, $2)", m.ID, m.Data); err != nil {
		m.Nack()
		return
	}
	m.Ack()
}

func Receive(ctx context.Context, c *pubsub.Client, c1 *pubsubv1.Client, db *sql.DB) error { // want Receive:`^no effects$`
	d := &Deps{DB: db}
	if err := c.Subscriber("orders-sub").Receive(ctx, d.OnOrder); err != nil {
		return err
	}
	return c1.Subscription("legacy-sub").Receive(ctx, func(ctx context.Context, m *pubsubv1.Message) { // want `unguarded: handler discpubsub.Receive.func1 \(pubsub task "legacy-sub"\) repeats .*insert into legacy_orders`
		m.Ack() // want `ack-before-effect: the message is acknowledged here, before its effects \(insert into legacy_orders`
		_, _ = db.ExecContext(ctx, "insert into legacy_orders(msg_id) values ($1)", m.ID)
	})
}
