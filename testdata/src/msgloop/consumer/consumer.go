// Package consumer runs a message loop over the application's Subscription
// and hands every message to a MessageHandler on a goroutine: New's
// handler parameter, kept in a field, is what its callers register.
package consumer

import (
	"context"
	"time"

	"msgloop/mq"
)

type MessageHandler interface {
	Handle(ctx context.Context, msg *mq.Message) error
}

type Consumer struct {
	sub     mq.Subscription
	handler MessageHandler
	logger  Logger
}

// Logger is another of the application's interfaces the loop calls: Debug
// is handed the message but returns no error (a handler reports its
// failure), so it registers nothing.
type Logger interface {
	Errorf(format string, args ...any)
	Debug(msg *mq.Message)
}

func New(sub mq.Subscription, handler MessageHandler, logger Logger) *Consumer { // want New:"forwards \\[{1 gocloud-pubsub  -1 Handle  0 true  true    false false  0 }\\]" New:`^stores ` New:"no effects"
	return &Consumer{sub: sub, handler: handler, logger: logger}
}

// receive retries the wrapper's receive: it returns what it received.
func (c *Consumer) receive(ctx context.Context) (*mq.Message, error) { // want receive:`^effects: dynamic_call/call \(mq.Subscription\).Receive$` receive:"receives gocloud-pubsub"
	for {
		msg, err := c.sub.Receive(ctx)
		if err == nil {
			return msg, nil
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

func (c *Consumer) Run(ctx context.Context) error { // want Run:`^effects: dynamic_call/call \(mq.Subscription\).Receive; .*\(consumer.MessageHandler\).Handle`
	defer c.sub.Shutdown(ctx)
	for {
		msg, err := c.receive(ctx)
		if err != nil {
			return err
		}
		c.logger.Debug(msg)
		go func() {
			if err := c.handler.Handle(context.Background(), msg); err != nil {
				c.logger.Errorf("handle: %v", err)
			}
		}()
	}
}
