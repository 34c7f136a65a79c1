// Stub of github.com/ThreeDotsLabs/watermill@v1.5.1 for analysistest: declarations mirror the real API (subset); bodies are empty.

package middleware

import (
	"context"
	"errors"
	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill/message"
	"time"
)

const CorrelationIDMetadataKey = "correlation_id"

func SetCorrelationID(id string, msg *message.Message) {
}

func MessageCorrelationID(message *message.Message) string {
	return ""
}

func CorrelationID(h message.HandlerFunc) message.HandlerFunc {
	return h
}

const MessageHasherReadLimitMinimum = 64

type ExpiringKeyRepository interface {
	IsDuplicate(ctx context.Context, key string) (ok bool, err error)
}

type MessageHasher func(*message.Message) (string, error)

type Deduplicator struct {
	KeyFactory MessageHasher
	Repository ExpiringKeyRepository
	Timeout    time.Duration
}

func (d *Deduplicator) IsDuplicate(m *message.Message) (bool, error) {
	return false, nil
}

func (d *Deduplicator) Middleware(h message.HandlerFunc) message.HandlerFunc {
	return h
}

func NewMapExpiringKeyRepository(window time.Duration) (ExpiringKeyRepository, error) {
	var r0 ExpiringKeyRepository
	return r0, nil
}

func NewMessageHasherAdler32(readLimit int64) MessageHasher {
	var r0 MessageHasher
	return r0
}

func NewMessageHasherSHA256(readLimit int64) MessageHasher {
	var r0 MessageHasher
	return r0
}

func NewMessageHasherFromMetadataField(field string) MessageHasher {
	var r0 MessageHasher
	return r0
}

func (d *Deduplicator) PublisherDecorator() message.PublisherDecorator {
	var r0 message.PublisherDecorator
	return r0
}

func Duplicator(h message.HandlerFunc) message.HandlerFunc {
	return h
}

type IgnoreErrors struct{ ignoredErrors map[string]struct{} }

func NewIgnoreErrors(errs []error) IgnoreErrors {
	var r0 IgnoreErrors
	return r0
}

func (i IgnoreErrors) Middleware(h message.HandlerFunc) message.HandlerFunc {
	return h
}

func InstantAck(h message.HandlerFunc) message.HandlerFunc {
	return h
}

var ErrInvalidPoisonQueueTopic = errors.New("invalid poison queue topic")

const (
	ReasonForPoisonedKey  = "reason_poisoned"
	PoisonedTopicKey      = "topic_poisoned"
	PoisonedHandlerKey    = "handler_poisoned"
	PoisonedSubscriberKey = "subscriber_poisoned"
)

type poisonQueue struct {
	topic                 string
	pub                   message.Publisher
	shouldGoToPoisonQueue func(err error) bool
}

func PoisonQueue(pub message.Publisher, topic string) (message.HandlerMiddleware, error) {
	var r0 message.HandlerMiddleware
	return r0, nil
}

func PoisonQueueWithFilter(pub message.Publisher, topic string, shouldGoToPoisonQueue func(err error) bool) (message.HandlerMiddleware, error) {
	var r0 message.HandlerMiddleware
	return r0, nil
}

func (pq poisonQueue) Middleware(h message.HandlerFunc) message.HandlerFunc {
	return h
}

type RecoveredPanicError struct {
	V          interface{}
	Stacktrace string
}

func (p RecoveredPanicError) Error() string {
	return ""
}

func Recoverer(h message.HandlerFunc) message.HandlerFunc {
	return h
}

type RetryParams struct {
	Err      error
	RetryNum int
	Delay    time.Duration
}

type Retry struct {
	MaxRetries          int
	InitialInterval     time.Duration
	MaxInterval         time.Duration
	Multiplier          float64
	MaxElapsedTime      time.Duration
	RandomizationFactor float64
	OnRetryHook         func(retryNum int, delay time.Duration)
	ShouldRetry         func(params RetryParams) bool
	ResetContextOnRetry bool
	Logger              watermill.LoggerAdapter
}

func (r Retry) Middleware(h message.HandlerFunc) message.HandlerFunc {
	return h
}

func Timeout(timeout time.Duration) func(message.HandlerFunc) message.HandlerFunc {
	return nil
}
