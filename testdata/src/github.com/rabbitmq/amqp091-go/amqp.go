// Stub of github.com/rabbitmq/amqp091-go@v1.16.0 for analysistest: declarations mirror the real API (subset); bodies are empty.

package amqp091

import (
	"context"
	"net"
	"time"
)

func (ch *Channel) Close() error {
	return nil
}

func (ch *Channel) Qos(prefetchCount, prefetchSize int, global bool) error {
	return nil
}

func (ch *Channel) QueueDeclare(name string, durable, autoDelete, exclusive, noWait bool, args Table) (Queue, error) {
	var r0 Queue
	return r0, nil
}

func (ch *Channel) QueueBind(name, key, exchange string, noWait bool, args Table) error {
	return nil
}

func (ch *Channel) Consume(queue, consumer string, autoAck, exclusive, noLocal, noWait bool, args Table) (<-chan Delivery, error) {
	return nil, nil
}

func (ch *Channel) ConsumeWithContext(ctx context.Context, queue, consumer string, autoAck, exclusive, noLocal, noWait bool, args Table) (<-chan Delivery, error) {
	return nil, nil
}

func (ch *Channel) ExchangeDeclare(name, kind string, durable, autoDelete, internal, noWait bool, args Table) error {
	return nil
}

func (ch *Channel) Publish(exchange, key string, mandatory, immediate bool, msg Publishing) error {
	return nil
}

func (ch *Channel) PublishWithContext(ctx context.Context, exchange, key string, mandatory, immediate bool, msg Publishing) error {
	return nil
}

func (ch *Channel) PublishWithDeferredConfirm(exchange, key string, mandatory, immediate bool, msg Publishing) (*DeferredConfirmation, error) {
	return nil, nil
}

func (ch *Channel) PublishWithDeferredConfirmWithContext(ctx context.Context, exchange, key string, mandatory, immediate bool, msg Publishing) (*DeferredConfirmation, error) {
	return nil, nil
}

func (ch *Channel) Tx() error {
	return nil
}

func (ch *Channel) TxCommit() error {
	return nil
}

func (ch *Channel) TxRollback() error {
	return nil
}

func (ch *Channel) Confirm(noWait bool) error {
	return nil
}

func (ch *Channel) Ack(tag uint64, multiple bool) error {
	return nil
}

func (ch *Channel) Nack(tag uint64, multiple, requeue bool) error {
	return nil
}

func (ch *Channel) Reject(tag uint64, requeue bool) error {
	return nil
}

func Dial(url string) (*Connection, error) {
	return nil, nil
}

func DialConfig(url string, config Config) (*Connection, error) {
	return nil, nil
}

func (c *Connection) Close() error {
	return nil
}

func (c *Connection) Channel() (*Channel, error) {
	return nil, nil
}

type Acknowledger interface {
	Ack(tag uint64, multiple bool) error
	Nack(tag uint64, multiple, requeue bool) error
	Reject(tag uint64, requeue bool) error
}

type Delivery struct {
	Acknowledger    Acknowledger
	Headers         Table
	ContentType     string
	ContentEncoding string
	DeliveryMode    uint8
	Priority        uint8
	CorrelationId   string
	ReplyTo         string
	Expiration      string
	MessageId       string
	Timestamp       time.Time
	Type            string
	UserId          string
	AppId           string
	ConsumerTag     string
	MessageCount    uint32
	DeliveryTag     uint64
	Redelivered     bool
	Exchange        string
	RoutingKey      string
	Body            []byte
}

func (d Delivery) Ack(multiple bool) error {
	return nil
}

func (d Delivery) Reject(requeue bool) error {
	return nil
}

func (d Delivery) Nack(multiple, requeue bool) error {
	return nil
}

type Queue struct {
	Name      string
	Messages  int
	Consumers int
}

type Publishing struct {
	Headers         Table
	ContentType     string
	ContentEncoding string
	DeliveryMode    uint8
	Priority        uint8
	CorrelationId   string
	ReplyTo         string
	Expiration      string
	MessageId       string
	Timestamp       time.Time
	Type            string
	UserId          string
	AppId           string
	Body            []byte
}

type Table map[string]any

// ---- struct types (unexported fields reduced) ----

type Connection struct {
	Config Config
	closed int32
}

type Config struct {
	SASL       []Authentication
	Vhost      string
	ChannelMax uint16
	FrameSize  int
	Heartbeat  time.Duration
	Properties Table
	Locale     string
	Dial       func(network, addr string) (net.Conn, error)
}

type Authentication interface {
	Mechanism() string
	Response() string
}

type Channel struct {
	id     uint16
	closed int32
}

type DeferredConfirmation struct {
	DeliveryTag uint64
	done        chan struct{}
	ack         bool
}

const (
	Transient  uint8 = 1
	Persistent uint8 = 2
)

func (d *DeferredConfirmation) Done() <-chan struct{} { return d.done }

func (d *DeferredConfirmation) Acked() bool { return d.ack }

func (d *DeferredConfirmation) Wait() bool { return d.ack }

func (d *DeferredConfirmation) WaitContext(ctx context.Context) (bool, error) { return d.ack, nil }
