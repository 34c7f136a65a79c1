// Stub of github.com/segmentio/kafka-go@v0.4.51 for analysistest: declarations mirror the real API (subset); bodies are empty.

package kafka

import (
	"context"
	"hash"
	"net"
	"sync"
	"time"

	"github.com/segmentio/kafka-go/compress"
	"github.com/segmentio/kafka-go/protocol"
)

// ---- message.go / record.go ----

type Message struct {
	Topic string

	Partition     int
	Offset        int64
	HighWaterMark int64
	Key           []byte
	Value         []byte
	Headers       []Header

	WriterData interface{}

	Time time.Time
}

type Header = protocol.Header

type RecordReader = protocol.RecordReader

// ---- writer.go ----

type Writer struct {
	Addr                   net.Addr
	Topic                  string
	Balancer               Balancer
	MaxAttempts            int
	WriteBackoffMin        time.Duration
	WriteBackoffMax        time.Duration
	BatchSize              int
	BatchBytes             int64
	BatchTimeout           time.Duration
	ReadTimeout            time.Duration
	WriteTimeout           time.Duration
	RequiredAcks           RequiredAcks
	Async                  bool
	Completion             func(messages []Message, err error)
	Compression            Compression
	Logger                 Logger
	ErrorLogger            Logger
	Transport              RoundTripper
	AllowAutoTopicCreation bool

	group  sync.WaitGroup
	mutex  sync.Mutex
	closed bool
	once   sync.Once
}

func NewWriter(config WriterConfig) *Writer { return &Writer{} }

type WriterConfig struct {
	Brokers      []string
	Topic        string
	Balancer     Balancer
	MaxAttempts  int
	BatchSize    int
	BatchTimeout time.Duration
	RequiredAcks int
	Async        bool
}

func (w *Writer) Close() error { return nil }

func (w *Writer) WriteMessages(ctx context.Context, msgs ...Message) error { return nil }

type RequiredAcks int

const (
	RequireNone RequiredAcks = 0
	RequireOne  RequiredAcks = 1
	RequireAll  RequiredAcks = -1
)

type Compression = compress.Compression

const (
	Gzip   = compress.Gzip
	Snappy = compress.Snappy
	Lz4    = compress.Lz4
	Zstd   = compress.Zstd
)

type Logger interface {
	Printf(string, ...interface{})
}

type RoundTripper interface {
	RoundTrip(context.Context, net.Addr, Request) (Response, error)
}

type Request = protocol.Message

type Response = protocol.Message

// ---- balancer.go ----

type Balancer interface {
	Balance(msg Message, partitions ...int) (partition int)
}

type RoundRobin struct {
	ChunkSize int
	mutex     sync.Mutex
	next      int
}

func (rr *RoundRobin) Balance(msg Message, partitions ...int) int { return 0 }

type LeastBytes struct {
	mutex sync.Mutex
}

func (lb *LeastBytes) Balance(msg Message, partitions ...int) int { return 0 }

type Hash struct {
	rr     RoundRobin
	Hasher hash.Hash32
	lock   sync.Mutex
}

func (h *Hash) Balance(msg Message, partitions ...int) int { return 0 }

// ---- address.go ----

func TCP(address ...string) net.Addr { return nil }

// ---- reader.go ----

type Reader struct {
	config ReaderConfig
	mutex  sync.Mutex
	closed bool
}

type ReaderConfig struct {
	Brokers                []string
	GroupID                string
	GroupTopics            []string
	Topic                  string
	Partition              int
	Dialer                 *Dialer
	QueueCapacity          int
	MinBytes               int
	MaxBytes               int
	MaxWait                time.Duration
	ReadBatchTimeout       time.Duration
	ReadLagInterval        time.Duration
	HeartbeatInterval      time.Duration
	CommitInterval         time.Duration
	PartitionWatchInterval time.Duration
	WatchPartitionChanges  bool
	SessionTimeout         time.Duration
	RebalanceTimeout       time.Duration
	JoinGroupBackoff       time.Duration
	RetentionTime          time.Duration
	StartOffset            int64
	ReadBackoffMin         time.Duration
	ReadBackoffMax         time.Duration
	Logger                 Logger
	ErrorLogger            Logger
	MaxAttempts            int
	OffsetOutOfRangeError  bool
}

const (
	LastOffset  int64 = -1 // The most recent offset available for a partition.
	FirstOffset int64 = -2 // The least recent offset available for a partition.
)

func NewReader(config ReaderConfig) *Reader { return &Reader{config: config} }

func (r *Reader) Config() ReaderConfig { return r.config }

func (r *Reader) Close() error { return nil }

func (r *Reader) ReadMessage(ctx context.Context) (Message, error) { return Message{}, nil }

func (r *Reader) FetchMessage(ctx context.Context) (Message, error) { return Message{}, nil }

func (r *Reader) CommitMessages(ctx context.Context, msgs ...Message) error { return nil }

func (r *Reader) SetOffset(offset int64) error { return nil }

// ---- conn.go / dialer.go ----

type Conn struct {
	mutex sync.Mutex
}

func (c *Conn) Close() error { return nil }

func (c *Conn) ReadMessage(maxBytes int) (Message, error) { return Message{}, nil }

func (c *Conn) WriteMessages(msgs ...Message) (int, error) { return 0, nil }

type Dialer struct {
	ClientID  string
	Timeout   time.Duration
	DualStack bool
}

func Dial(network string, address string) (*Conn, error) { return nil, nil }

func DialContext(ctx context.Context, network string, address string) (*Conn, error) { return nil, nil }

func DialLeader(ctx context.Context, network string, address string, topic string, partition int) (*Conn, error) {
	return nil, nil
}

// ---- client.go / produce.go ----

type Client struct {
	Addr net.Addr

	Timeout time.Duration

	Transport RoundTripper
}

type ProduceRequest struct {
	Addr            net.Addr
	Topic           string
	Partition       int
	RequiredAcks    RequiredAcks
	MessageVersion  int
	TransactionalID string
	Records         RecordReader
	Compression     Compression
}

type ProduceResponse struct {
	Throttle       time.Duration
	Error          error
	BaseOffset     int64
	LogAppendTime  time.Time
	LogStartOffset int64
	RecordErrors   map[int]error
}

func (c *Client) Produce(ctx context.Context, req *ProduceRequest) (*ProduceResponse, error) {
	return nil, nil
}
