// Package bus is an application's event bus in a package of its own: the
// registrations in serialmark reach its GoChannel through the accessor's
// fact (sequential subscription).
package bus

import (
	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/pubsub/gochannel"
)

// Bus owns one GoChannel that publishes and subscribes, as an
// application's event bus does.
type Bus struct{ ch *gochannel.GoChannel }

func New() *Bus { // want New:`^no effects$`
	return &Bus{ch: gochannel.NewGoChannel(gochannel.Config{OutputChannelBuffer: 256, BlockPublishUntilSubscriberAck: true}, watermill.NopLogger{})}
}

func (b *Bus) Subscriber() message.Subscriber { return b.ch } // want Subscriber:`^no effects$` Subscriber:`^sequential subscription$`
