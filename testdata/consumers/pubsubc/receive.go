// Package pubsubc receives invoices from Google Cloud Pub/Sub.
package pubsubc

import (
	"context"

	"cloud.google.com/go/pubsub/v2"

	"example.com/consumers/internal/store"
)

// Receive records each invoice's payment, then acks.
func Receive(ctx context.Context, c *pubsub.Client, st *store.Store) error {
	return c.Subscriber("invoices-sub").Receive(ctx, func(ctx context.Context, m *pubsub.Message) {
		if err := st.AddPayment(ctx, m.ID, int64(len(m.Data))); err != nil {
			m.Nack()
			return
		}
		m.Ack()
	})
}
