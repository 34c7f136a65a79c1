// Package mq is the application's queue abstraction over gocloud.dev/pubsub:
// its Subscription's Receive returns what the catalogued receive returned,
// wrapped in the application's Message (a receive wrapper, not a handler).
package mq

import (
	"context"

	"gocloud.dev/pubsub"
)

type Message struct {
	ID   string
	Body []byte
	m    *pubsub.Message
}

func (m *Message) Ack()  { m.m.Ack() }  // want Ack:"no effects"
func (m *Message) Nack() { m.m.Nack() } // want Nack:"no effects"

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
	return &Message{ID: m.LoggableID, Body: m.Body, m: m}, nil
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
