// Stub of github.com/twmb/franz-go/pkg/kgo@v1.22.2 for analysistest:
// declarations mirror the real API; bodies are empty.
package kgo

import (
	"context"

	"github.com/twmb/franz-go/pkg/kmsg"
)

// Client issues requests and handles responses to a Kafka cluster.
type Client struct{}

// Opt is an option to configure a client.
type Opt interface{ apply() }

// NewClient returns a new Kafka client with the given options.
func NewClient(opts ...Opt) (*Client, error) { return &Client{}, nil }

// ConsumeTopics sets topics to consume.
func ConsumeTopics(topics ...string) Opt { return nil }

// ConsumerGroup sets the consumer group for the client to join and consume in.
func ConsumerGroup(group string) Opt { return nil }

// Record is a record to write to Kafka, or a record read from Kafka.
type Record struct {
	Key       []byte
	Value     []byte
	Topic     string
	Partition int32
	Offset    int64
}

// Fetches is a group of fetches from brokers.
type Fetches []Fetch

// Fetch is an individual response from a broker.
type Fetch struct{}

// FetchError is an error in a fetch along with the topic and partition.
type FetchError struct {
	Topic     string
	Partition int32
	Err       error
}

// Errors returns all errors in a fetch with the topic and partition.
func (fs Fetches) Errors() []FetchError { return nil }

// IsClientClosed returns whether the fetches include an error indicating
// that the client is closed.
func (fs Fetches) IsClientClosed() bool { return false }

// EachRecord calls fn for each record in Fetches.
func (fs Fetches) EachRecord(fn func(*Record)) {}

// FetchTopicPartition is similar to FetchTopic, but for an individual partition.
type FetchTopicPartition struct {
	Topic     string
	Partition int32
}

// EachRecord calls fn for each record in the topic's partition.
func (r *FetchTopicPartition) EachRecord(fn func(*Record)) {}

// EachPartition calls fn for each partition in Fetches.
func (fs Fetches) EachPartition(fn func(FetchTopicPartition)) {}

// Records returns all records in all fetches.
func (fs Fetches) Records() []*Record { return nil }

// PollFetches waits for fetches to be available, returning as soon as any
// broker returns a fetch.
func (cl *Client) PollFetches(ctx context.Context) Fetches { return nil }

// PollRecords waits for records to be available, returning as soon as any
// broker returns records in a fetch.
func (cl *Client) PollRecords(ctx context.Context, maxPollRecords int) Fetches { return nil }

// CommitRecords issues a synchronous offset commit for the offsets
// contained within rs.
func (cl *Client) CommitRecords(ctx context.Context, rs ...*Record) error { return nil }

// MarkCommitRecords marks records to be available for autocommitting.
func (cl *Client) MarkCommitRecords(rs ...*Record) {}

// CommitUncommittedOffsets issues a synchronous offset commit for any
// partition that has been consumed from that has uncommitted offsets.
func (cl *Client) CommitUncommittedOffsets(ctx context.Context) error { return nil }

// ProduceResults is a collection of produce results.
type ProduceResults []ProduceResult

// ProduceResult is the result of producing a record in a synchronous manner.
type ProduceResult struct {
	Record *Record
	Err    error
}

// FirstErr returns the first erroring result, if any.
func (rs ProduceResults) FirstErr() error { return nil }

// Produce sends a Kafka record to the topic in the record's Topic field.
func (cl *Client) Produce(ctx context.Context, r *Record, promise func(*Record, error)) {}

// ProduceSync is a synchronous produce.
func (cl *Client) ProduceSync(ctx context.Context, rs ...*Record) ProduceResults { return nil }

// Close leaves any group and closes all connections and goroutines.
func (cl *Client) Close() {}

// Request issues a request to Kafka, waiting for and returning the response.
func (cl *Client) Request(ctx context.Context, req kmsg.Request) (kmsg.Response, error) {
	return nil, nil
}
