package serialmarkwp

import (
	"database/sql"

	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/pubsub/gochannel"

	"serialmarkwp/store"
)

// One function registered on two subscriptions. A handler's deliveries
// never overlap only when every subscription it is registered on says so:
// Twice is also on a GoChannel that does not wait for acks, where two
// deliveries of one message run at once and the mark before the post is
// no guard. SerialTwice, registered twice and both times on sequential
// subscriptions (near miss), keeps the mark as its guard. A closure is
// one handler per registration: SharedProjector's, registered first on
// the sequential channel (guarded there) and then on the loose one, is
// unguarded on the second only.

type Twice struct{ Deps }

func (t *Twice) Twice(msg *message.Message) error { // want `^unguarded: handler \(\*serialmarkwp.Twice\).Twice .*http post \(chat.example.com/post\)`
	return project(msg.Context(), t.Ledger, t.Provider, string(msg.Payload))
}

func (t *Twice) SerialTwice(msg *message.Message) error {
	return project(msg.Context(), t.Ledger, t.Provider, string(msg.Payload))
}

func SharedProjector(l rowLedger, res resolver) message.NoPublishHandlerFunc {
	return func(msg *message.Message) error {
		return projectClosed(msg.Context(), l, res, string(msg.Payload))
	}
}

func WireTwice(r *message.Router, db *sql.DB) {
	t := &Twice{Deps{Ledger: &store.Ledger{DB: db}, Provider: chat{}}}
	serial := gochannel.NewGoChannel(gochannel.Config{BlockPublishUntilSubscriberAck: true}, watermill.NopLogger{})
	loose := gochannel.NewGoChannel(gochannel.Config{OutputChannelBuffer: 16}, watermill.NopLogger{})
	r.AddConsumerHandler("twice-loose", "other", loose, t.Twice)
	r.AddConsumerHandler("twice-serial", "events", serial, t.Twice)
	other := gochannel.NewGoChannel(gochannel.Config{BlockPublishUntilSubscriberAck: true}, watermill.NopLogger{})
	r.AddConsumerHandler("serial-a", "events", serial, t.SerialTwice)
	r.AddConsumerHandler("serial-b", "other", other, t.SerialTwice)
	shared := SharedProjector(&store.Ledger{DB: db}, &registry{p: chat{}})
	r.AddConsumerHandler("shared-serial", "events", serial, shared)
	r.AddConsumerHandler("shared-loose", "other", loose, shared) // want `^unguarded: handler serialmarkwp.SharedProjector.func1 \(watermill task "shared-loose"\) .*http post \(chat.example.com/post\)`
}
