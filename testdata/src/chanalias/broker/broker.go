// Package broker: consumers that only hand each message to a channel they
// were given; what runs it is in another package.
package broker

import (
	"context"

	"github.com/hibiken/asynq"

	"chanalias/model"
)

// Consumer keeps the channel app.Main made and also gave the service.
type Consumer struct {
	out chan<- model.Order
}

func New(out chan<- model.Order) *Consumer { return &Consumer{out: out} } // want New:"no effects"

// Handle sends the order to the service's worker: its insert repeats on
// every delivery. One package at a time (go vet) the send is a dead end:
// the channel's receiver is known only where app wires both
// (wholeprogram's TestChannelAliasedAcrossPackages).
func (c *Consumer) Handle(ctx context.Context, t *asynq.Task) error { // wholewant `^unguarded: .*twice: insert into orders \(medium\) at` // want Handle:"no effects"
	c.push(model.Order{ID: string(t.Payload())})
	return nil
}

func (c *Consumer) push(o model.Order) { // want push:"no effects"
	select {
	case c.out <- o:
	default:
	}
}

// Audit keeps a channel of its own make, which the archiver's field never
// holds (near miss).
type Audit struct {
	events chan model.Order
}

func NewAudit(events chan model.Order) *Audit { return &Audit{events: events} } // want NewAudit:"no effects"

func (a *Audit) Handle(ctx context.Context, t *asynq.Task) error { // want Handle:"no effects"
	a.events <- model.Order{ID: string(t.Payload())}
	return nil
}
