// Stub of github.com/IBM/sarama@v1.61.1 for analysistest: declarations mirror the real API (subset); bodies are empty.

package sarama

import (
	"context"
	"time"
)

// ---- utils.go ----

type Encoder interface {
	Encode() ([]byte, error)
	Length() int
}

type StringEncoder string

func (s StringEncoder) Encode() ([]byte, error) { return []byte(s), nil }

func (s StringEncoder) Length() int { return len(s) }

type ByteEncoder []byte

func (b ByteEncoder) Encode() ([]byte, error) { return b, nil }

func (b ByteEncoder) Length() int { return len(b) }

type KafkaVersion struct {
	version [4]uint
}

var (
	V2_8_0_0 = KafkaVersion{version: [4]uint{2, 8, 0, 0}}
	V3_6_0_0 = KafkaVersion{version: [4]uint{3, 6, 0, 0}}
)

// ---- record.go ----

type RecordHeader struct {
	Key   []byte
	Value []byte
}

// ---- produce_request.go ----

type RequiredAcks int16

const (
	NoResponse   RequiredAcks = 0
	WaitForLocal RequiredAcks = 1
	WaitForAll   RequiredAcks = -1
)

// ---- client.go ----

const (
	OffsetNewest int64 = -1
	OffsetOldest int64 = -2
)

// ---- transaction_manager.go / txn_offset_commit_request.go / consumer_group_metadata.go ----

type ProducerTxnStatusFlag int16

type PartitionOffsetMetadata struct {
	Partition   int32
	Offset      int64
	LeaderEpoch int32
	Metadata    *string
}

type ConsumerGroupMetadata struct {
	GroupID         string
	GenerationID    int32
	MemberID        string
	GroupInstanceID *string
}

// ---- config.go (reduced) ----

type Config struct {
	Net struct {
		MaxOpenRequests int
		DialTimeout     time.Duration
		ReadTimeout     time.Duration
		WriteTimeout    time.Duration
		TLS             struct {
			Enable bool
		}
		SASL struct {
			Enable   bool
			User     string
			Password string
		}
	}
	Producer struct {
		MaxMessageBytes int
		RequiredAcks    RequiredAcks
		Timeout         time.Duration
		Idempotent      bool
		Transaction     struct {
			ID      string
			Timeout time.Duration
			Retry   struct {
				Max     int
				Backoff time.Duration
			}
		}
		Return struct {
			Successes bool
			Errors    bool
		}
		Retry struct {
			Max     int
			Backoff time.Duration
		}
	}
	Consumer struct {
		Return struct {
			Errors bool
		}
		Offsets struct {
			CommitInterval time.Duration
			AutoCommit     struct {
				Enable   bool
				Interval time.Duration
			}
			Initial   int64
			Retention time.Duration
			Retry     struct {
				Max int
			}
		}
	}
	ClientID          string
	RackID            string
	ChannelBufferSize int
	Version           KafkaVersion
}

func NewConfig() *Config { return &Config{} }

func (c *Config) Validate() error { return nil }

// ---- async_producer.go ----

type AsyncProducer interface {
	AsyncClose()
	Close() error
	Input() chan<- *ProducerMessage
	Successes() <-chan *ProducerMessage
	Errors() <-chan *ProducerError
	IsTransactional() bool
	TxnStatus() ProducerTxnStatusFlag
	BeginTxn() error
	CommitTxn() error
	AbortTxn() error
	AddOffsetsToTxn(offsets map[string][]*PartitionOffsetMetadata, groupId string) error
	AddOffsetsToTxnWithGroupMetadata(offsets map[string][]*PartitionOffsetMetadata, groupMetadata *ConsumerGroupMetadata) error
	AddMessageToTxn(msg *ConsumerMessage, groupId string, metadata *string) error
	AddMessageToTxnWithGroupMetadata(msg *ConsumerMessage, groupMetadata *ConsumerGroupMetadata, metadata *string) error
}

func NewAsyncProducer(addrs []string, conf *Config) (AsyncProducer, error) { return nil, nil }

type ProducerMessage struct {
	Topic string
	Key   Encoder
	Value Encoder

	Headers []RecordHeader

	Metadata any

	Offset    int64
	Partition int32
	Timestamp time.Time

	retries        int
	sequenceNumber int32
	producerEpoch  int16
	hasSequence    bool
}

type ProducerError struct {
	Msg *ProducerMessage
	Err error
}

func (pe ProducerError) Error() string { return "" }

func (pe ProducerError) Unwrap() error { return pe.Err }

// ---- sync_producer.go ----

type SyncProducer interface {
	SendMessage(msg *ProducerMessage) (partition int32, offset int64, err error)
	SendMessages(msgs []*ProducerMessage) error
	Close() error
	TxnStatus() ProducerTxnStatusFlag
	IsTransactional() bool
	BeginTxn() error
	CommitTxn() error
	AbortTxn() error
	AddOffsetsToTxn(offsets map[string][]*PartitionOffsetMetadata, groupId string) error
	AddOffsetsToTxnWithGroupMetadata(offsets map[string][]*PartitionOffsetMetadata, groupMetadata *ConsumerGroupMetadata) error
	AddMessageToTxn(msg *ConsumerMessage, groupId string, metadata *string) error
	AddMessageToTxnWithGroupMetadata(msg *ConsumerMessage, groupMetadata *ConsumerGroupMetadata, metadata *string) error
}

func NewSyncProducer(addrs []string, config *Config) (SyncProducer, error) { return nil, nil }

// ---- consumer.go ----

type ConsumerMessage struct {
	Headers        []*RecordHeader
	Timestamp      time.Time
	BlockTimestamp time.Time

	Key, Value []byte
	Topic      string
	Partition  int32
	Offset     int64
}

type ConsumerError struct {
	Topic     string
	Partition int32
	Err       error
}

func (ce ConsumerError) Error() string { return "" }

// ---- consumer_group.go / consumer_group_session.go ----

type ConsumerGroup interface {
	Consume(ctx context.Context, topics []string, handler ConsumerGroupHandler) error
	Errors() <-chan error
	Close() error
	Pause(partitions map[string][]int32)
	Resume(partitions map[string][]int32)
	PauseAll()
	ResumeAll()
}

func NewConsumerGroup(addrs []string, groupID string, config *Config) (ConsumerGroup, error) {
	return nil, nil
}

type ConsumerGroupSession interface {
	Claims() map[string][]int32
	MemberID() string
	GenerationID() int32
	MarkOffset(topic string, partition int32, offset int64, metadata string)
	Commit()
	ResetOffset(topic string, partition int32, offset int64, metadata string)
	MarkMessage(msg *ConsumerMessage, metadata string)
	Context() context.Context
}

type ConsumerGroupHandler interface {
	Setup(ConsumerGroupSession) error
	Cleanup(ConsumerGroupSession) error
	ConsumeClaim(ConsumerGroupSession, ConsumerGroupClaim) error
}

type ConsumerGroupClaim interface {
	Topic() string
	Partition() int32
	InitialOffset() int64
	HighWaterMarkOffset() int64
	Messages() <-chan *ConsumerMessage
}
