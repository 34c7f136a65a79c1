package wm

import (
	"context"
	"encoding/json"

	"github.com/ThreeDotsLabs/watermill/message"

	"example.com/consumers/internal/store"
)

// Events serves every order event with one router handler, which looks
// the event's own handler up in a map by the event's type: each entry is
// a handler of its own, with the type as its task.
type Events struct {
	byType map[string]func(ctx context.Context, order string) error
}

// NewEvents fills the dispatch map.
func NewEvents(st *store.Store) *Events {
	return &Events{byType: map[string]func(context.Context, string) error{
		"order.paid":    func(ctx context.Context, order string) error { return st.AddShipment(ctx, order) },
		"order.shipped": func(ctx context.Context, order string) error { return st.SetStatus(ctx, order, "shipped") },
	}}
}

// Handle dispatches on the event's type.
func (e *Events) Handle(msg *message.Message) error {
	var ev struct{ Type, Order string }
	if err := json.Unmarshal(msg.Payload, &ev); err != nil {
		return err
	}
	h, ok := e.byType[ev.Type]
	if !ok {
		return nil
	}
	return h(msg.Context(), ev.Order)
}

// WireEvents registers the dispatcher.
func WireEvents(r *message.Router, sub message.Subscriber, st *store.Store) {
	r.AddConsumerHandler("order_events", "orders.events", sub, NewEvents(st).Handle)
}
