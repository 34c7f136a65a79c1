// Package wm consumes orders with a Watermill router: the handler name is
// the task.
package wm

import (
	"time"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/message/router/middleware"

	"example.com/consumers/internal/store"
)

// Handlers are the router's handlers.
type Handlers struct{ Store *store.Store }

// Ship books a shipment for a paid order: not guarded.
func (h *Handlers) Ship(msg *message.Message) error {
	return h.Store.AddShipment(msg.Context(), string(msg.Payload))
}

// MarkShipped sets the order's status, which is safe to repeat, and
// returns a message the router publishes to orders.updated: on every
// delivery again.
func (h *Handlers) MarkShipped(msg *message.Message) ([]*message.Message, error) {
	if err := h.Store.SetStatus(msg.Context(), string(msg.Payload), "shipped"); err != nil {
		return nil, err
	}
	return []*message.Message{message.NewMessage(msg.UUID, msg.Payload)}, nil
}

// Wire registers the handlers; the retry middleware re-runs a failed
// handler in process.
func Wire(r *message.Router, sub message.Subscriber, pub message.Publisher, h *Handlers) {
	r.AddMiddleware(middleware.Retry{MaxRetries: 3, InitialInterval: 100 * time.Millisecond}.Middleware)
	r.AddConsumerHandler("ship_order", "orders.paid", sub, h.Ship)
	r.AddHandler("mark_shipped", "shipments.created", sub, "orders.updated", pub, h.MarkShipped)
}
