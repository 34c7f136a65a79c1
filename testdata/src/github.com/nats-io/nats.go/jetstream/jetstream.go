// Stub of github.com/nats-io/nats.go@v1.55.0 for analysistest: declarations mirror the real API (subset); bodies are empty.

package jetstream

import (
	"context"
	"time"

	"github.com/nats-io/nats.go"
)

// ---- jetstream.go (interfaces reduced) ----

type (
	// JetStream is reduced: the real interface also has AccountInfo, Options,
	// KeyValueManager, ObjectStoreManager and more manager methods.
	JetStream interface {
		Conn() *nats.Conn
		StreamConsumerManager
		StreamManager
		Publisher
	}

	StreamManager interface {
		CreateStream(ctx context.Context, cfg StreamConfig) (Stream, error)
		CreateOrUpdateStream(ctx context.Context, cfg StreamConfig) (Stream, error)
		Stream(ctx context.Context, stream string) (Stream, error)
		DeleteStream(ctx context.Context, stream string) error
	}

	StreamConsumerManager interface {
		CreateOrUpdateConsumer(ctx context.Context, stream string, cfg ConsumerConfig) (Consumer, error)
		CreateConsumer(ctx context.Context, stream string, cfg ConsumerConfig) (Consumer, error)
		UpdateConsumer(ctx context.Context, stream string, cfg ConsumerConfig) (Consumer, error)
		Consumer(ctx context.Context, stream string, consumer string) (Consumer, error)
		DeleteConsumer(ctx context.Context, stream string, consumer string) error
	}

	JetStreamOpt func(*JetStreamOptions) error

	JetStreamOptions struct {
		DefaultTimeout time.Duration
	}
)

func New(nc *nats.Conn, opts ...JetStreamOpt) (JetStream, error) { return &jetStream{conn: nc}, nil }

type jetStream struct {
	conn *nats.Conn
	opts JetStreamOptions
}

func (js *jetStream) Conn() *nats.Conn { return js.conn }

func (js *jetStream) CreateStream(ctx context.Context, cfg StreamConfig) (Stream, error) {
	return nil, nil
}

func (js *jetStream) CreateOrUpdateStream(ctx context.Context, cfg StreamConfig) (Stream, error) {
	return nil, nil
}

func (js *jetStream) Stream(ctx context.Context, stream string) (Stream, error) { return nil, nil }

func (js *jetStream) DeleteStream(ctx context.Context, stream string) error { return nil }

func (js *jetStream) CreateOrUpdateConsumer(ctx context.Context, stream string, cfg ConsumerConfig) (Consumer, error) {
	return &pullConsumer{}, nil
}

func (js *jetStream) CreateConsumer(ctx context.Context, stream string, cfg ConsumerConfig) (Consumer, error) {
	return &pullConsumer{}, nil
}

func (js *jetStream) UpdateConsumer(ctx context.Context, stream string, cfg ConsumerConfig) (Consumer, error) {
	return &pullConsumer{}, nil
}

func (js *jetStream) Consumer(ctx context.Context, stream string, consumer string) (Consumer, error) {
	return &pullConsumer{}, nil
}

func (js *jetStream) DeleteConsumer(ctx context.Context, stream string, consumer string) error {
	return nil
}

// ---- publish.go ----

type (
	Publisher interface {
		Publish(ctx context.Context, subject string, payload []byte, opts ...PublishOpt) (*PubAck, error)
		PublishMsg(ctx context.Context, msg *nats.Msg, opts ...PublishOpt) (*PubAck, error)
		PublishAsync(subject string, payload []byte, opts ...PublishOpt) (PubAckFuture, error)
		PublishMsgAsync(msg *nats.Msg, opts ...PublishOpt) (PubAckFuture, error)
		PublishAsyncPending() int
		PublishAsyncComplete() <-chan struct{}
		CleanupPublisher()
	}

	PublishOpt func(*pubOpts) error

	pubOpts struct {
		id        string
		lastMsgID string
		stream    string
		ttl       time.Duration
	}

	PubAckFuture interface {
		Ok() <-chan *PubAck
		Err() <-chan error
		Msg() *nats.Msg
	}

	PubAck struct {
		Stream    string `json:"stream"`
		Sequence  uint64 `json:"seq"`
		Duplicate bool   `json:"duplicate,omitempty"`
		Domain    string `json:"domain,omitempty"`
		Value     string `json:"val,omitempty"`
	}
)

func (js *jetStream) Publish(ctx context.Context, subj string, data []byte, opts ...PublishOpt) (*PubAck, error) {
	return nil, nil
}

func (js *jetStream) PublishMsg(ctx context.Context, m *nats.Msg, opts ...PublishOpt) (*PubAck, error) {
	return nil, nil
}

func (js *jetStream) PublishAsync(subj string, data []byte, opts ...PublishOpt) (PubAckFuture, error) {
	return nil, nil
}

func (js *jetStream) PublishMsgAsync(m *nats.Msg, opts ...PublishOpt) (PubAckFuture, error) {
	return nil, nil
}

func (js *jetStream) PublishAsyncPending() int { return 0 }

func (js *jetStream) PublishAsyncComplete() <-chan struct{} { return nil }

func (js *jetStream) CleanupPublisher() {}

// ---- jetstream_options.go ----

func WithMsgID(id string) PublishOpt {
	return func(opts *pubOpts) error {
		opts.id = id
		return nil
	}
}

func WithExpectLastMsgID(id string) PublishOpt {
	return func(opts *pubOpts) error {
		opts.lastMsgID = id
		return nil
	}
}

func WithExpectStream(stream string) PublishOpt {
	return func(opts *pubOpts) error {
		opts.stream = stream
		return nil
	}
}

func FetchMaxWait(timeout time.Duration) FetchOpt {
	return func(req *pullRequest) error {
		req.Expires = timeout
		return nil
	}
}

// ---- message.go ----

const (
	MsgIDHeader             = "Nats-Msg-Id"
	ExpectedStreamHeader    = "Nats-Expected-Stream"
	ExpectedLastMsgIDHeader = "Nats-Expected-Last-Msg-Id"
)

type (
	Msg interface {
		Metadata() (*MsgMetadata, error)
		Data() []byte
		Headers() nats.Header
		Subject() string
		Reply() string
		Ack() error
		DoubleAck(context.Context) error
		Nak() error
		NakWithDelay(delay time.Duration) error
		InProgress() error
		Term() error
		TermWithReason(reason string) error
	}

	MsgMetadata struct {
		Sequence     SequencePair
		NumDelivered uint64
		NumPending   uint64
		Timestamp    time.Time
		Stream       string
		Consumer     string
		Domain       string
	}

	SequencePair struct {
		Consumer uint64 `json:"consumer_seq"`
		Stream   uint64 `json:"stream_seq"`
	}

	jetStreamMsg struct {
		msg *nats.Msg
		js  *jetStream
	}
)

func (m *jetStreamMsg) Metadata() (*MsgMetadata, error)        { return nil, nil }
func (m *jetStreamMsg) Data() []byte                           { return m.msg.Data }
func (m *jetStreamMsg) Headers() nats.Header                   { return m.msg.Header }
func (m *jetStreamMsg) Subject() string                        { return m.msg.Subject }
func (m *jetStreamMsg) Reply() string                          { return m.msg.Reply }
func (m *jetStreamMsg) Ack() error                             { return nil }
func (m *jetStreamMsg) DoubleAck(ctx context.Context) error    { return nil }
func (m *jetStreamMsg) Nak() error                             { return nil }
func (m *jetStreamMsg) NakWithDelay(delay time.Duration) error { return nil }
func (m *jetStreamMsg) InProgress() error                      { return nil }
func (m *jetStreamMsg) Term() error                            { return nil }
func (m *jetStreamMsg) TermWithReason(reason string) error     { return nil }

// ---- consumer.go / pull.go ----

type (
	Consumer interface {
		Fetch(batch int, opts ...FetchOpt) (MessageBatch, error)
		FetchBytes(maxBytes int, opts ...FetchOpt) (MessageBatch, error)
		FetchNoWait(batch int) (MessageBatch, error)
		Consume(handler MessageHandler, opts ...PullConsumeOpt) (ConsumeContext, error)
		Messages(opts ...PullMessagesOpt) (MessagesContext, error)
		Next(opts ...FetchOpt) (Msg, error)
		Info(context.Context) (*ConsumerInfo, error)
		CachedInfo() *ConsumerInfo
	}

	MessageHandler func(msg Msg)

	PullConsumeOpt interface {
		configureConsume(*consumeOpts) error
	}

	PullMessagesOpt interface {
		configureMessages(*consumeOpts) error
	}

	consumeOpts struct {
		MaxMessages int
		Expires     time.Duration
	}

	FetchOpt func(*pullRequest) error

	pullRequest struct {
		Expires  time.Duration
		Batch    int
		MaxBytes int
		NoWait   bool
	}

	NextOpt interface {
		configureNext(*nextOpts)
	}

	nextOpts struct {
		timeout time.Duration
	}

	ConsumeContext interface {
		Stop()
		Drain()
		Closed() <-chan struct{}
	}

	MessagesContext interface {
		Next(opts ...NextOpt) (Msg, error)
		Stop()
		Drain()
	}

	MessageBatch interface {
		Messages() <-chan Msg
		Error() error
	}

	ConsumerInfo struct {
		Stream     string         `json:"stream_name"`
		Name       string         `json:"name"`
		Created    time.Time      `json:"created"`
		Config     ConsumerConfig `json:"config"`
		NumPending uint64         `json:"num_pending"`
	}

	pullConsumer struct {
		js     *jetStream
		stream string
		name   string
	}
)

func (p *pullConsumer) Fetch(batch int, opts ...FetchOpt) (MessageBatch, error) { return nil, nil }
func (p *pullConsumer) FetchBytes(maxBytes int, opts ...FetchOpt) (MessageBatch, error) {
	return nil, nil
}
func (p *pullConsumer) FetchNoWait(batch int) (MessageBatch, error) { return nil, nil }
func (p *pullConsumer) Consume(handler MessageHandler, opts ...PullConsumeOpt) (ConsumeContext, error) {
	return nil, nil
}
func (p *pullConsumer) Messages(opts ...PullMessagesOpt) (MessagesContext, error) { return nil, nil }
func (p *pullConsumer) Next(opts ...FetchOpt) (Msg, error)                        { return nil, nil }
func (p *pullConsumer) Info(ctx context.Context) (*ConsumerInfo, error)           { return nil, nil }
func (p *pullConsumer) CachedInfo() *ConsumerInfo                                 { return nil }

// ---- stream.go / stream_config.go / consumer_config.go (reduced) ----

type (
	Stream interface {
		CreateOrUpdateConsumer(ctx context.Context, cfg ConsumerConfig) (Consumer, error)
		CreateConsumer(ctx context.Context, cfg ConsumerConfig) (Consumer, error)
		Consumer(ctx context.Context, consumer string) (Consumer, error)
	}

	StreamConfig struct {
		Name       string        `json:"name"`
		Subjects   []string      `json:"subjects,omitempty"`
		Duplicates time.Duration `json:"duplicate_window,omitempty"`
	}

	ConsumerConfig struct {
		Name          string          `json:"name,omitempty"`
		Durable       string          `json:"durable_name,omitempty"`
		Description   string          `json:"description,omitempty"`
		DeliverPolicy DeliverPolicy   `json:"deliver_policy"`
		AckPolicy     AckPolicy       `json:"ack_policy"`
		AckWait       time.Duration   `json:"ack_wait,omitempty"`
		MaxDeliver    int             `json:"max_deliver,omitempty"`
		BackOff       []time.Duration `json:"backoff,omitempty"`
		FilterSubject string          `json:"filter_subject,omitempty"`
		MaxAckPending int             `json:"max_ack_pending,omitempty"`
	}

	DeliverPolicy int

	AckPolicy int
)

const (
	DeliverAllPolicy DeliverPolicy = iota
	DeliverLastPolicy
	DeliverNewPolicy
)

const (
	AckExplicitPolicy AckPolicy = iota
	AckAllPolicy
	AckNonePolicy
)
