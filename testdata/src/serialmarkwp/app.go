// Package serialmarkwp is serialmark (a status mark written before the
// act, on a transport whose deliveries never overlap) with the ledger and
// the chat provider behind interfaces, as orako's bridge projector has
// them: the check (the rows' state tested in the loop) is on rows an
// interface call returned, and the mark and the post are interface calls
// in a static helper. Only the whole program sees the check, the mark and
// the act; on the sequential GoChannel the mark guards the post (Serial),
// on one that does not wait for acks it is the check-then-act it always
// was (Overlapping).
package serialmarkwp

import (
	"context"
	"database/sql"
	"net/http"

	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/pubsub/gochannel"

	"serialmarkwp/store"
)

type ledger interface {
	ByConversation(ctx context.Context, conv string) ([]store.Row, error)
	SetState(ctx context.Context, id int64, state string) error
}

type provider interface {
	Deliver(ctx context.Context, text string) error
}

type chat struct{}

func (chat) Deliver(ctx context.Context, text string) error {
	resp, err := http.Post("https://chat.example.com/post", "text/plain", nil)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

type Deps struct {
	Ledger   ledger
	Provider provider
}

func project(ctx context.Context, l ledger, p provider, conv string) error {
	rows, err := l.ByConversation(ctx, conv)
	if err != nil {
		return err
	}
	for _, r := range rows {
		if r.State == "resolved" || r.State == "reserving" {
			continue
		}
		if err := projectRow(ctx, l, p, r); err != nil {
			return err
		}
	}
	return nil
}

func projectRow(ctx context.Context, l ledger, p provider, r store.Row) error {
	if err := l.SetState(ctx, r.ID, "reserving"); err != nil {
		return err
	}
	if err := p.Deliver(ctx, "closed"); err != nil {
		_ = l.SetState(ctx, r.ID, r.State) // given back for the retry
		return err
	}
	return l.SetState(ctx, r.ID, "resolved")
}

func (d *Deps) Serial(msg *message.Message) error {
	return project(msg.Context(), d.Ledger, d.Provider, string(msg.Payload))
}

func (d *Deps) Overlapping(msg *message.Message) error { // want `^unguarded: handler \(\*serialmarkwp.Deps\).Overlapping .*http post \(chat.example.com/post\)`
	return project(msg.Context(), d.Ledger, d.Provider, string(msg.Payload))
}

func Wire(r *message.Router, db *sql.DB) {
	d := &Deps{Ledger: &store.Ledger{DB: db}, Provider: chat{}}
	serial := gochannel.NewGoChannel(gochannel.Config{BlockPublishUntilSubscriberAck: true}, watermill.NopLogger{})
	r.AddConsumerHandler("serial", "events", serial, d.Serial)
	loose := gochannel.NewGoChannel(gochannel.Config{OutputChannelBuffer: 16}, watermill.NopLogger{})
	r.AddConsumerHandler("overlapping", "events", loose, d.Overlapping)
	l := &store.Ledger{DB: db}
	r.AddConsumerHandler("closure", "events", serial, Projector(l, &registry{p: chat{}}))
	r.AddConsumerHandler("closure-overlapping", "events", loose, LooseProjector(l, &registry{p: chat{}}))
}
