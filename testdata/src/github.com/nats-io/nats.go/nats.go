// Stub of github.com/nats-io/nats.go@v1.55.0 for analysistest: declarations mirror the real API (subset); bodies are empty.

package nats

import (
	"context"
	"time"
)

// ---- nats.go ----

const (
	DefaultURL = "nats://127.0.0.1:4222"
)

type Options struct {
	Url     string
	Name    string
	Servers []string
}

type Option func(*Options) error

func Name(name string) Option { return func(o *Options) error { o.Name = name; return nil } }

type Conn struct {
	Opts Options
}

type Subscription struct {
	Subject string
	Queue   string
}

type Msg struct {
	Subject string
	Reply   string
	Header  Header
	Data    []byte
	Sub     *Subscription
	next    *Msg
	wsz     int
	ackd    uint32
}

type MsgHandler func(msg *Msg)

func Connect(url string, options ...Option) (*Conn, error) { return nil, nil }

type Header map[string][]string

func (h Header) Add(key, value string) {}

func (h Header) Set(key, value string) {}

func (h Header) Get(key string) string { return "" }

func NewMsg(subject string) *Msg { return &Msg{Subject: subject, Header: make(Header)} }

func (nc *Conn) Publish(subj string, data []byte) error { return nil }

func (nc *Conn) PublishMsg(m *Msg) error { return nil }

func (nc *Conn) PublishRequest(subj, reply string, data []byte) error { return nil }

func (nc *Conn) RequestMsg(msg *Msg, timeout time.Duration) (*Msg, error) { return nil, nil }

func (nc *Conn) Request(subj string, data []byte, timeout time.Duration) (*Msg, error) {
	return nil, nil
}

func (nc *Conn) RequestWithContext(ctx context.Context, subj string, data []byte) (*Msg, error) {
	return nil, nil
}

func (nc *Conn) Subscribe(subj string, cb MsgHandler) (*Subscription, error) { return nil, nil }

func (nc *Conn) ChanSubscribe(subj string, ch chan *Msg) (*Subscription, error) { return nil, nil }

func (nc *Conn) SubscribeSync(subj string) (*Subscription, error) { return nil, nil }

func (nc *Conn) QueueSubscribe(subj, queue string, cb MsgHandler) (*Subscription, error) {
	return nil, nil
}

func (nc *Conn) Flush() error { return nil }

func (nc *Conn) Close() {}

func (nc *Conn) Drain() error { return nil }

func (s *Subscription) Drain() error { return nil }

func (s *Subscription) Unsubscribe() error { return nil }

func (s *Subscription) NextMsg(timeout time.Duration) (*Msg, error) { return nil, nil }

func (m *Msg) Respond(data []byte) error { return nil }

// ---- js.go ----

func (nc *Conn) JetStream(opts ...JSOpt) (JetStreamContext, error) { return nil, nil }

type JSOpt interface {
	configureJSContext(opts *jsOpts) error
}

type jsOpts struct {
	pre  string
	wait time.Duration
}

type JetStream interface {
	Publish(subj string, data []byte, opts ...PubOpt) (*PubAck, error)
	PublishMsg(m *Msg, opts ...PubOpt) (*PubAck, error)
	PublishAsync(subj string, data []byte, opts ...PubOpt) (PubAckFuture, error)
	PublishMsgAsync(m *Msg, opts ...PubOpt) (PubAckFuture, error)
	PublishAsyncPending() int
	PublishAsyncComplete() <-chan struct{}
	CleanupPublisher()
	Subscribe(subj string, cb MsgHandler, opts ...SubOpt) (*Subscription, error)
	SubscribeSync(subj string, opts ...SubOpt) (*Subscription, error)
	ChanSubscribe(subj string, ch chan *Msg, opts ...SubOpt) (*Subscription, error)
	ChanQueueSubscribe(subj, queue string, ch chan *Msg, opts ...SubOpt) (*Subscription, error)
	QueueSubscribe(subj, queue string, cb MsgHandler, opts ...SubOpt) (*Subscription, error)
	QueueSubscribeSync(subj, queue string, opts ...SubOpt) (*Subscription, error)
	PullSubscribe(subj, durable string, opts ...SubOpt) (*Subscription, error)
}

// JetStreamContext is reduced: the real interface also embeds KeyValueManager
// and ObjectStoreManager, and JetStreamManager has many more methods.
type JetStreamContext interface {
	JetStream
	JetStreamManager
}

type JetStreamManager interface {
	AddStream(cfg *StreamConfig, opts ...JSOpt) (*StreamInfo, error)
	DeleteStream(name string, opts ...JSOpt) error
}

type StreamConfig struct {
	Name       string        `json:"name"`
	Subjects   []string      `json:"subjects,omitempty"`
	Duplicates time.Duration `json:"duplicate_window,omitempty"`
}

type StreamInfo struct {
	Config  StreamConfig `json:"config"`
	Created time.Time    `json:"created"`
}

type PubOpt interface {
	configurePublish(opts *pubOpts) error
}

type pubOptFn func(opts *pubOpts) error

func (opt pubOptFn) configurePublish(opts *pubOpts) error { return opt(opts) }

type pubOpts struct {
	ctx context.Context
	ttl time.Duration
	id  string
	lid string
	str string
	seq *uint64
}

type PubAck struct {
	Stream    string `json:"stream"`
	Sequence  uint64 `json:"seq"`
	Duplicate bool   `json:"duplicate,omitempty"`
	Domain    string `json:"domain,omitempty"`
}

const (
	MsgIdHdr             = "Nats-Msg-Id"
	ExpectedStreamHdr    = "Nats-Expected-Stream"
	ExpectedLastSeqHdr   = "Nats-Expected-Last-Sequence"
	ExpectedLastMsgIdHdr = "Nats-Expected-Last-Msg-Id"
)

type PubAckFuture interface {
	Ok() <-chan *PubAck
	Err() <-chan error
	Msg() *Msg
}

func MsgId(id string) PubOpt {
	return pubOptFn(func(opts *pubOpts) error {
		opts.id = id
		return nil
	})
}

func ExpectLastMsgId(id string) PubOpt {
	return pubOptFn(func(opts *pubOpts) error {
		opts.lid = id
		return nil
	})
}

type AckOpt interface {
	configureAck(opts *ackOpts) error
}

type ackOpts struct {
	ttl      time.Duration
	ctx      context.Context
	nakDelay time.Duration
}

type AckWait time.Duration

func (ttl AckWait) configurePublish(opts *pubOpts) error { return nil }

func (ttl AckWait) configureSubscribe(opts *subOpts) error { return nil }

func (ttl AckWait) configureAck(opts *ackOpts) error { return nil }

type SubOpt interface {
	configureSubscribe(opts *subOpts) error
}

type subOptFn func(opts *subOpts) error

func (opt subOptFn) configureSubscribe(opts *subOpts) error { return opt(opts) }

type subOpts struct {
	stream, consumer string
	mack             bool
	maxDeliver       int
	backOff          []time.Duration
}

func ManualAck() SubOpt { return subOptFn(func(opts *subOpts) error { opts.mack = true; return nil }) }

func Durable(consumer string) SubOpt { return subOptFn(func(opts *subOpts) error { return nil }) }

func DeliverNew() SubOpt { return subOptFn(func(opts *subOpts) error { return nil }) }

func AckExplicit() SubOpt { return subOptFn(func(opts *subOpts) error { return nil }) }

func MaxDeliver(n int) SubOpt {
	return subOptFn(func(opts *subOpts) error { opts.maxDeliver = n; return nil })
}

func BackOff(backOff []time.Duration) SubOpt {
	return subOptFn(func(opts *subOpts) error { opts.backOff = backOff; return nil })
}

func Bind(stream, consumer string) SubOpt { return subOptFn(func(opts *subOpts) error { return nil }) }

type PullOpt interface {
	configurePull(opts *pullOpts) error
}

type pullOpts struct {
	maxBytes int
	ttl      time.Duration
	ctx      context.Context
}

func (sub *Subscription) Fetch(batch int, opts ...PullOpt) ([]*Msg, error) { return nil, nil }

func (m *Msg) Ack(opts ...AckOpt) error { return nil }

func (m *Msg) AckSync(opts ...AckOpt) error { return nil }

func (m *Msg) Nak(opts ...AckOpt) error { return nil }

func (m *Msg) NakWithDelay(delay time.Duration, opts ...AckOpt) error { return nil }

func (m *Msg) Term(opts ...AckOpt) error { return nil }

func (m *Msg) InProgress(opts ...AckOpt) error { return nil }

func (m *Msg) Metadata() (*MsgMetadata, error) { return nil, nil }

type MsgMetadata struct {
	Sequence     SequencePair
	NumDelivered uint64
	NumPending   uint64
	Timestamp    time.Time
	Stream       string
	Consumer     string
	Domain       string
}

type SequencePair struct {
	Consumer uint64 `json:"consumer_seq"`
	Stream   uint64 `json:"stream_seq"`
}
