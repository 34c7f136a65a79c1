// Stub of github.com/adjust/rmq/v5 (repository source, v5 tree; module proxy refused the module) for analysistest: declarations mirror the real API (subset); bodies are empty.

package rmq

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/redis/go-redis/v9"
)

// ---- errors.go (subset) ----

var (
	ErrorNotFound         = errors.New("entity not found")
	ErrorAlreadyConsuming = errors.New("must not call StartConsuming() multiple times")
	ErrorNotConsuming     = errors.New("must call StartConsuming() before adding consumers")
	ErrorConsumingStopped = errors.New("consuming stopped")
)

// ---- connection.go (reduced) ----

// Connection is reduced to the methods needed to open and stop queues.
type Connection interface {
	OpenQueue(name string) (Queue, error)
	StopAllConsuming() <-chan struct{}
}

func OpenConnection(tag string, network string, address string, db int, errChan chan<- error) (Connection, error) {
	return nil, nil
}

func OpenConnectionWithRedisClient(tag string, redisClient redis.Cmdable, errChan chan<- error) (Connection, error) {
	return nil, nil
}

// ---- queue.go ----

type Queue interface {
	Publish(payload ...string) error
	PublishBytes(payload ...[]byte) error
	SetPushQueue(pushQueue Queue)
	StartConsuming(prefetchLimit int64, pollDuration time.Duration) error
	StopConsuming() <-chan struct{}
	AddConsumer(tag string, consumer Consumer) (string, error)
	AddConsumerFunc(tag string, consumerFunc ConsumerFunc) (string, error)
	AddBatchConsumer(tag string, batchSize int64, timeout time.Duration, consumer BatchConsumer) (string, error)
	AddBatchConsumerFunc(tag string, batchSize int64, timeout time.Duration, batchConsumerFunc BatchConsumerFunc) (string, error)
	PurgeReady() (int64, error)
	PurgeRejected() (int64, error)
	ReturnUnacked(max int64) (int64, error)
	ReturnRejected(max int64) (int64, error)
	Destroy() (readyCount, rejectedCount int64, err error)
	Drain(count int64) ([]string, error)

	closeInStaleConnection() error
	readyCount() (int64, error)
	unackedCount() (int64, error)
	rejectedCount() (int64, error)
	getConsumers() ([]string, error)
}

type redisQueue struct {
	name           string
	connectionName string
	readyKey       string
	rejectedKey    string
	unackedKey     string
	pushKey        string
	prefetchLimit  int64
	pollDuration   time.Duration
	ackCtx         context.Context
	deliveryChan   chan Delivery
}

var _ Queue = &redisQueue{}

func (queue *redisQueue) Publish(payload ...string) error      { return nil }
func (queue *redisQueue) PublishBytes(payload ...[]byte) error { return nil }
func (queue *redisQueue) SetPushQueue(pushQueue Queue)         {}
func (queue *redisQueue) StartConsuming(prefetchLimit int64, pollDuration time.Duration) error {
	return nil
}
func (queue *redisQueue) StopConsuming() <-chan struct{} { return nil }
func (queue *redisQueue) AddConsumer(tag string, consumer Consumer) (name string, err error) {
	return "", nil
}
func (queue *redisQueue) AddConsumerFunc(tag string, consumerFunc ConsumerFunc) (string, error) {
	return "", nil
}
func (queue *redisQueue) AddBatchConsumer(tag string, batchSize int64, timeout time.Duration, consumer BatchConsumer) (string, error) {
	return "", nil
}
func (queue *redisQueue) AddBatchConsumerFunc(tag string, batchSize int64, timeout time.Duration, batchConsumerFunc BatchConsumerFunc) (string, error) {
	return "", nil
}
func (queue *redisQueue) PurgeReady() (int64, error)                         { return 0, nil }
func (queue *redisQueue) PurgeRejected() (int64, error)                      { return 0, nil }
func (queue *redisQueue) ReturnUnacked(max int64) (count int64, error error) { return 0, nil }
func (queue *redisQueue) ReturnRejected(max int64) (count int64, err error)  { return 0, nil }
func (queue *redisQueue) Drain(count int64) ([]string, error)                { return nil, nil }
func (queue *redisQueue) Destroy() (readyCount, rejectedCount int64, err error) {
	return 0, 0, nil
}
func (queue *redisQueue) closeInStaleConnection() error   { return nil }
func (queue *redisQueue) readyCount() (int64, error)      { return 0, nil }
func (queue *redisQueue) unackedCount() (int64, error)    { return 0, nil }
func (queue *redisQueue) rejectedCount() (int64, error)   { return 0, nil }
func (queue *redisQueue) getConsumers() ([]string, error) { return nil, nil }

// ---- consumer.go / batch_consumer.go ----

type Consumer interface {
	Consume(delivery Delivery)
}

type ConsumerFunc func(Delivery)

func (consumerFunc ConsumerFunc) Consume(delivery Delivery) {
	consumerFunc(delivery)
}

type BatchConsumer interface {
	Consume(batch Deliveries)
}

type BatchConsumerFunc func(Deliveries)

func (batchConsumerFunc BatchConsumerFunc) Consume(batch Deliveries) {
	batchConsumerFunc(batch)
}

// ---- delivery.go / deliveries.go / header.go ----

type Delivery interface {
	Payload() string

	Ack() error
	Reject() error
	Push() error
}

type WithHeader interface {
	Header() http.Header
}

var (
	_ Delivery   = &redisDelivery{}
	_ WithHeader = &redisDelivery{}
)

type redisDelivery struct {
	ctx          context.Context
	payload      string
	clearPayload string
	header       http.Header
	unackedKey   string
	rejectedKey  string
	pushKey      string
	errChan      chan<- error
}

func (delivery *redisDelivery) Header() http.Header { return delivery.header }
func (delivery *redisDelivery) String() string      { return "" }
func (delivery *redisDelivery) Payload() string     { return delivery.clearPayload }
func (delivery *redisDelivery) Ack() error          { return nil }
func (delivery *redisDelivery) Reject() error       { return nil }
func (delivery *redisDelivery) Push() error         { return nil }

type Deliveries []Delivery

func (deliveries Deliveries) Payloads() []string             { return nil }
func (deliveries Deliveries) Ack() (errMap map[int]error)    { return nil }
func (deliveries Deliveries) Reject() (errMap map[int]error) { return nil }
func (deliveries Deliveries) Push() (errMap map[int]error)   { return nil }
