// Stub of github.com/confluentinc/confluent-kafka-go/v2@v2.11.1 for analysistest: declarations mirror the real API (subset); bodies are empty.
// The real package uses cgo (librdkafka); cgo-derived constants are given their librdkafka values.

package kafka

import (
	"context"
	"time"
)

// ---- config.go ----

type ConfigValue interface{}

type ConfigMap map[string]ConfigValue

func (m ConfigMap) SetKey(key string, value ConfigValue) error { return nil }

func (m ConfigMap) Set(kv string) error { return nil }

func (m ConfigMap) Get(key string, defval ConfigValue) (ConfigValue, error) { return nil, nil }

// ---- kafka.go / offset.go ----

const PartitionAny = int32(-1) // RD_KAFKA_PARTITION_UA

type TopicPartition struct {
	Topic       *string
	Partition   int32
	Offset      Offset
	Metadata    *string
	Error       error
	LeaderEpoch *int32
}

func (p TopicPartition) String() string { return "" }

type Offset int64

const (
	OffsetBeginning = Offset(-2)    // RD_KAFKA_OFFSET_BEGINNING
	OffsetEnd       = Offset(-1)    // RD_KAFKA_OFFSET_END
	OffsetInvalid   = Offset(-1001) // RD_KAFKA_OFFSET_INVALID
	OffsetStored    = Offset(-1000) // RD_KAFKA_OFFSET_STORED
)

// ---- header.go ----

type Header struct {
	Key   string
	Value []byte
}

// ---- message.go ----

type TimestampType int

type Message struct {
	TopicPartition TopicPartition
	Value          []byte
	Key            []byte
	Timestamp      time.Time
	TimestampType  TimestampType
	Opaque         interface{}
	Headers        []Header
	LeaderEpoch    *int32
}

func (m *Message) String() string { return "" }

// ---- error.go ----

type ErrorCode int

type Error struct {
	code             ErrorCode
	str              string
	fatal            bool
	retriable        bool
	txnRequiresAbort bool
}

func NewError(code ErrorCode, str string, fatal bool) (err Error) { return Error{code: code, str: str} }

func (e Error) Error() string { return e.str }

func (e Error) String() string { return e.str }

func (e Error) Code() ErrorCode { return e.code }

func (e Error) IsFatal() bool { return e.fatal }

func (e Error) IsRetriable() bool { return e.retriable }

func (e Error) TxnRequiresAbort() bool { return e.txnRequiresAbort }

// ---- event.go ----

type Event interface {
	String() string
}

type AssignedPartitions struct {
	Partitions []TopicPartition
}

func (e AssignedPartitions) String() string { return "" }

type RevokedPartitions struct {
	Partitions []TopicPartition
}

func (e RevokedPartitions) String() string { return "" }

type PartitionEOF TopicPartition

func (p PartitionEOF) String() string { return "" }

type OffsetsCommitted struct {
	Error   error
	Offsets []TopicPartition
}

func (o OffsetsCommitted) String() string { return "" }

// ---- producer.go ----

type Producer struct {
	events         chan Event
	produceChannel chan *Message
}

func NewProducer(conf *ConfigMap) (*Producer, error) { return nil, nil }

func (p *Producer) String() string { return "" }

func (p *Producer) Produce(msg *Message, deliveryChan chan Event) error { return nil }

func (p *Producer) Events() chan Event { return p.events }

func (p *Producer) ProduceChannel() chan *Message { return p.produceChannel }

func (p *Producer) Len() int { return 0 }

func (p *Producer) Flush(timeoutMs int) int { return 0 }

func (p *Producer) Close() {}

func (p *Producer) InitTransactions(ctx context.Context) error { return nil }

func (p *Producer) BeginTransaction() error { return nil }

func (p *Producer) SendOffsetsToTransaction(ctx context.Context, offsets []TopicPartition, consumerMetadata *ConsumerGroupMetadata) error {
	return nil
}

func (p *Producer) CommitTransaction(ctx context.Context) error { return nil }

func (p *Producer) AbortTransaction(ctx context.Context) error { return nil }

// ---- consumer.go ----

type RebalanceCb func(*Consumer, Event) error

type Consumer struct {
	events             chan Event
	readerTermChan     chan bool
	rebalanceCb        RebalanceCb
	appReassigned      bool
	appRebalanceEnable bool
	isClosed           bool
}

func NewConsumer(conf *ConfigMap) (*Consumer, error) { return nil, nil }

func (c *Consumer) String() string { return "" }

func (c *Consumer) Subscribe(topic string, rebalanceCb RebalanceCb) error { return nil }

func (c *Consumer) SubscribeTopics(topics []string, rebalanceCb RebalanceCb) (err error) { return }

func (c *Consumer) Unsubscribe() (err error) { return }

func (c *Consumer) Assign(partitions []TopicPartition) (err error) { return }

func (c *Consumer) Commit() ([]TopicPartition, error) { return nil, nil }

func (c *Consumer) CommitMessage(m *Message) ([]TopicPartition, error) { return nil, nil }

func (c *Consumer) CommitOffsets(offsets []TopicPartition) ([]TopicPartition, error) { return nil, nil }

func (c *Consumer) StoreOffsets(offsets []TopicPartition) (storedOffsets []TopicPartition, err error) {
	return
}

func (c *Consumer) StoreMessage(m *Message) (storedOffsets []TopicPartition, err error) { return }

func (c *Consumer) Poll(timeoutMs int) (event Event) { return }

func (c *Consumer) ReadMessage(timeout time.Duration) (*Message, error) { return nil, nil }

func (c *Consumer) Close() (err error) { return }

type ConsumerGroupMetadata struct {
	serialized []byte
}

func (c *Consumer) GetConsumerGroupMetadata() (*ConsumerGroupMetadata, error) { return nil, nil }
