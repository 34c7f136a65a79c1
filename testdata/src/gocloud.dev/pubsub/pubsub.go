// Stub of gocloud.dev/pubsub@v0.46.0 for analysistest: declarations mirror the real API (subset); bodies are empty.
package pubsub

import "context"

type Message struct {
	LoggableID string
	Body       []byte
	Metadata   map[string]string
	ack        func(bool) // set by the subscription's driver (the real one's too)
}

func (m *Message) Ack()           { m.ack(true) }
func (m *Message) Nack()          { m.ack(false) }
func (m *Message) Nackable() bool { return false }

type Subscription struct{}

func (s *Subscription) Receive(ctx context.Context) (_ *Message, err error) { return nil, nil }
func (s *Subscription) Shutdown(ctx context.Context) (err error)            { return nil }

func OpenSubscription(ctx context.Context, urlstr string) (*Subscription, error) { return nil, nil }
