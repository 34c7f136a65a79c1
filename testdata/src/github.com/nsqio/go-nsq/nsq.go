// Package nsq is a stub of github.com/nsqio/go-nsq v1.1.0's consumer and
// producer API (the signatures the catalog models).
package nsq

import "time"

type Config struct{ MaxAttempts uint16 }

func NewConfig() *Config { return &Config{MaxAttempts: 5} }

type MessageID [16]byte

type Message struct {
	ID       MessageID
	Body     []byte
	Attempts uint16
}

func (m *Message) Finish()                                   {}
func (m *Message) Touch()                                    {}
func (m *Message) Requeue(delay time.Duration)               {}
func (m *Message) RequeueWithoutBackoff(delay time.Duration) {}
func (m *Message) DisableAutoResponse()                      {}

type Handler interface {
	HandleMessage(message *Message) error
}

type HandlerFunc func(message *Message) error

func (h HandlerFunc) HandleMessage(m *Message) error { return h(m) }

type Consumer struct{}

func NewConsumer(topic string, channel string, config *Config) (*Consumer, error) {
	return &Consumer{}, nil
}

func (r *Consumer) AddHandler(handler Handler)                             {}
func (r *Consumer) AddConcurrentHandlers(handler Handler, concurrency int) {}
func (r *Consumer) ConnectToNSQLookupd(addr string) error                  { return nil }
func (r *Consumer) Stop()                                                  {}

type Producer struct{}

func NewProducer(addr string, config *Config) (*Producer, error) { return &Producer{}, nil }

func (w *Producer) Publish(topic string, body []byte) error                              { return nil }
func (w *Producer) MultiPublish(topic string, body [][]byte) error                       { return nil }
func (w *Producer) DeferredPublish(topic string, delay time.Duration, body []byte) error { return nil }
func (w *Producer) Stop()                                                                {}
