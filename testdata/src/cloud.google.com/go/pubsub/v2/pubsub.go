// Stub of cloud.google.com/go/pubsub/v2@v2.9.0 for analysistest: declarations mirror the real API (subset); bodies are empty.

package pubsub

import (
	"context"
	"sync"
	"time"

	ipubsub "cloud.google.com/go/internal/pubsub"
	"google.golang.org/api/option"
)

// ---- pubsub.go ----

// Client is reduced: the real one also has TopicAdminClient and
// SubscriptionAdminClient fields (apiv1 admin clients).
type Client struct {
	projectID     string
	enableTracing bool
}

type ClientConfig struct {
	EnableOpenTelemetryTracing bool
}

func NewClient(ctx context.Context, projectID string, opts ...option.ClientOption) (c *Client, err error) {
	return nil, nil
}

func NewClientWithConfig(ctx context.Context, projectID string, config *ClientConfig, opts ...option.ClientOption) (*Client, error) {
	return nil, nil
}

func (c *Client) Project() string { return c.projectID }

func (c *Client) Close() error { return nil }

// ---- message.go ----

type Message = ipubsub.Message

type AckResult = ipubsub.AckResult

type AcknowledgeStatus = ipubsub.AcknowledgeStatus

// ---- publisher.go ----

type Publisher struct {
	c    *Client
	name string

	PublishSettings PublishSettings

	mu      sync.RWMutex
	stopped bool

	EnableMessageOrdering bool

	enableTracing bool
}

type PublishSettings struct {
	DelayThreshold            time.Duration
	CountThreshold            int
	ByteThreshold             int
	NumGoroutines             int
	Timeout                   time.Duration
	EnableCompression         bool
	CompressionBytesThreshold int
}

func (c *Client) Publisher(topicNameOrID string) *Publisher {
	return &Publisher{c: c, name: topicNameOrID}
}

func (t *Publisher) ID() string { return "" }

func (t *Publisher) String() string { return t.name }

type PublishResult = ipubsub.PublishResult

func (t *Publisher) Publish(ctx context.Context, msg *Message) *PublishResult { return nil }

func (t *Publisher) Stop() {}

func (t *Publisher) Flush() {}

// ---- subscriber.go ----

type Subscriber struct {
	c *Client

	name string

	ReceiveSettings ReceiveSettings

	mu            sync.Mutex
	receiveActive bool

	clientID      string
	enableTracing bool
}

func (c *Client) Subscriber(nameOrID string) *Subscriber { return &Subscriber{c: c, name: nameOrID} }

func (s *Subscriber) String() string { return s.name }

func (s *Subscriber) ID() string { return "" }

type ReceiveSettings struct {
	MaxExtension               time.Duration
	MaxDurationPerAckExtension time.Duration
	MinDurationPerAckExtension time.Duration
	MaxOutstandingMessages     int
	MaxOutstandingBytes        int
	EnablePerStreamFlowControl bool
	NumGoroutines              int
}

func (s *Subscriber) Receive(ctx context.Context, f func(context.Context, *Message)) error {
	return nil
}
