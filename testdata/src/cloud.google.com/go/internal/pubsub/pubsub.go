// Stub of cloud.google.com/go@v0.123.0 (internal/pubsub) for analysistest: declarations mirror the real API; bodies are empty.

package pubsub

import (
	"context"
	"time"
)

type AckHandler interface {
	OnAck()
	OnNack()
	OnAckWithResult() *AckResult
	OnNackWithResult() *AckResult
}

type Message struct {
	ID              string
	Data            []byte
	Attributes      map[string]string
	PublishTime     time.Time
	DeliveryAttempt *int
	OrderingKey     string
	ackh            AckHandler
}

func (m *Message) Ack() {
}

func (m *Message) Nack() {
}

type AcknowledgeStatus int

const (
	AcknowledgeStatusSuccess AcknowledgeStatus = iota
	AcknowledgeStatusPermissionDenied
	AcknowledgeStatusFailedPrecondition
	AcknowledgeStatusInvalidAckID
	AcknowledgeStatusOther
)

type AckResult struct {
	ready chan struct{}
	res   AcknowledgeStatus
	err   error
}

func (r *AckResult) Ready() <-chan struct{} {
	return nil
}

func (r *AckResult) Get(ctx context.Context) (res AcknowledgeStatus, err error) {
	return
}

func NewAckResult() *AckResult {
	return nil
}

func SetAckResult(r *AckResult, res AcknowledgeStatus, err error) {
}

func (m *Message) AckWithResult() *AckResult {
	return nil
}

func (m *Message) NackWithResult() *AckResult {
	return nil
}

func NewMessage(ackh AckHandler) *Message {
	return nil
}

func MessageAckHandler(m *Message) AckHandler {
	var r0 AckHandler
	return r0
}

type PublishResult struct {
	ready    chan struct{}
	serverID string
	err      error
}

func (r *PublishResult) Ready() <-chan struct{} {
	return nil
}

func (r *PublishResult) Get(ctx context.Context) (serverID string, err error) {
	return
}

func NewPublishResult() *PublishResult {
	return nil
}

func SetPublishResult(r *PublishResult, sid string, err error) {
}
