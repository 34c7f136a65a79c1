// Package bus is the application's event bus, in a package of its own:
// one Watermill GoChannel built with BlockPublishUntilSubscriberAck, whose
// publish of a topic waits until every subscriber acked, and which resends
// a nacked message only after the Nack: no two deliveries overlap.
package bus

import (
	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/pubsub/gochannel"
)

// Bus owns the GoChannel.
type Bus struct{ ch *gochannel.GoChannel }

// New builds the bus.
func New() *Bus {
	return &Bus{ch: gochannel.NewGoChannel(gochannel.Config{OutputChannelBuffer: 64, BlockPublishUntilSubscriberAck: true}, watermill.NopLogger{})}
}

// Subscriber is the GoChannel the router's handlers subscribe to.
func (b *Bus) Subscriber() message.Subscriber { return b.ch }
