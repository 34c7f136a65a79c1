// Package consumer is one generic kafka-go pull loop built once per
// processor: NewConsumer keeps its processor in a field, fetchLoop hands
// each message over a channel to worker goroutines that call
// processor.Process and commit after it. The loop is no handler; each
// processor its callers build it with is (pullpool.go).
package consumer

import (
	"context"
	"encoding/json"

	kafkago "github.com/segmentio/kafka-go"
)

type Event struct {
	ID   string
	Body string
}

type Processor interface {
	Process(ctx context.Context, e Event) error
	Name() string
}

type item struct {
	event Event
	msg   kafkago.Message
}

type consumer struct {
	reader    *kafkago.Reader
	processor Processor
	ch        chan item // want ch:`^received by \[\(\*consumer.consumer\).worker\]$`
}

func NewConsumer(topic string, processor Processor) *consumer { // want NewConsumer:`^forwards \[{1 kafka-go  -1 Process  0 true \S*consumer/consumer.go:55:31 true    false false manual 0 }\]$` NewConsumer:`^stores ` NewConsumer:"no effects"
	return &consumer{reader: kafkago.NewReader(kafkago.ReaderConfig{Topic: topic}), processor: processor, ch: make(chan item, 10)}
}

func (c *consumer) Start(ctx context.Context) { // want Start:`^effects: dynamic_call/call \(consumer.Processor\).Process`
	for i := 0; i < 4; i++ {
		go c.worker()
	}
	c.fetchLoop(ctx)
}

func (c *consumer) fetchLoop(ctx context.Context) { // want fetchLoop:`^effects: dynamic_call/call \(consumer.Processor\).Process$`
	for {
		msg, err := c.reader.FetchMessage(ctx)
		if err != nil {
			return
		}
		var e Event
		if err := json.Unmarshal(msg.Value, &e); err != nil {
			_ = c.reader.CommitMessages(ctx, msg)
			continue
		}
		select {
		case c.ch <- item{event: e, msg: msg}:
		case <-ctx.Done():
			return
		}
	}
}

func (c *consumer) worker() { // want worker:`^effects: dynamic_call/call \(consumer.Processor\).Process$`
	for it := range c.ch {
		if err := c.processor.Process(context.Background(), it.event); err != nil {
			continue
		}
		_ = c.reader.CommitMessages(context.Background(), it.msg)
	}
}
