// Stub of gocloud.dev/pubsub@v0.46.0 for analysistest: declarations mirror the real API (subset); bodies are empty.
package pubsub

import "context"

type Message struct {
	LoggableID string
	Body       []byte
	Metadata   map[string]string
}

func (m *Message) Ack()           {}
func (m *Message) Nack()          {}
func (m *Message) Nackable() bool { return false }

type Subscription struct{}

func (s *Subscription) Receive(ctx context.Context) (_ *Message, err error) { return nil, nil }
func (s *Subscription) Shutdown(ctx context.Context) (err error)            { return nil }

func OpenSubscription(ctx context.Context, urlstr string) (*Subscription, error) { return nil, nil }
