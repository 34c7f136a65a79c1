// Package mq is the application's queue abstraction over gocloud.dev/pubsub:
// its Subscription's Receive returns what the catalogued receive returned,
// wrapped in the application's Message (a receive wrapper, not a handler).
package mq

import (
	"context"

	"gocloud.dev/pubsub"
)

// QueueMessage is what the broker's message does: Message embeds it, so
// a handler's msg.Ack() is a call through the interface.
type QueueMessage interface {
	Ack()
	Nack()
}

type Message struct {
	QueueMessage
	ID   string
	Body []byte
}

type Subscription interface {
	Receive(ctx context.Context) (*Message, error) // want Receive:"receives gocloud-pubsub"
	Shutdown(ctx context.Context) error
}

type wrapped struct{ sub *pubsub.Subscription }

func (w *wrapped) Receive(ctx context.Context) (*Message, error) { // want Receive:"no effects" Receive:"receives gocloud-pubsub"
	m, err := w.sub.Receive(ctx)
	if err != nil {
		return nil, err
	}
	return &Message{QueueMessage: m, ID: m.LoggableID, Body: m.Body}, nil
}

func (w *wrapped) Shutdown(ctx context.Context) error { return w.sub.Shutdown(ctx) } // want Shutdown:"no effects"

// Subscribe opens a subscription.
func Subscribe(ctx context.Context, url string) (Subscription, error) { // want Subscribe:"no effects" Subscribe:"returns \\*mq.wrapped"
	sub, err := pubsub.OpenSubscription(ctx, url)
	if err != nil {
		return nil, err
	}
	return &wrapped{sub: sub}, nil
}
