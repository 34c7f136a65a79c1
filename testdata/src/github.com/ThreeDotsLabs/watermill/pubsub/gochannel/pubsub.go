// Stub of github.com/ThreeDotsLabs/watermill@v1.5.2 pubsub/gochannel for analysistest: declarations mirror the real API (subset); bodies are empty.

package gochannel

import (
	"context"

	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill/message"
)

type Config struct {
	OutputChannelBuffer            int64
	Persistent                     bool
	BlockPublishUntilSubscriberAck bool
	PreserveContext                bool
}

type GoChannel struct {
	config Config
}

func NewGoChannel(config Config, logger watermill.LoggerAdapter) *GoChannel {
	return &GoChannel{config: config}
}

func (g *GoChannel) Publish(topic string, messages ...*message.Message) error {
	return nil
}

func (g *GoChannel) Subscribe(ctx context.Context, topic string) (<-chan *message.Message, error) {
	return nil, nil
}

func (g *GoChannel) Close() error {
	return nil
}
