// Package econats covers nats.go: core publishes and requests (medium),
// legacy JetStream and the jetstream package with and without a message
// id (a message id dedupes publishing within the stream's Duplicates
// window: guarded by an idempotency key, with that caveat in the detail).
package econats

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

type Deps struct {
	NC  *nats.Conn
	JS  nats.JetStreamContext
	JS2 jetstream.JetStream
	Con jetstream.Consumer
}

func (d *Deps) Core(ctx context.Context, t *asynq.Task) error { // want Core:`^effects: publish/publish orders\.created$` `unguarded: handler \(\*econats.Deps\).Core .*publish \(orders.created\) \(medium\)`
	return d.NC.Publish("orders.created", t.Payload())
}

func (d *Deps) Ask(ctx context.Context, t *asynq.Task) error { // want Ask:`^effects: publish/publish billing\.charge$` `unguarded: handler \(\*econats.Deps\).Ask .*publish \(billing.charge\) \(medium\)`
	_, err := d.NC.Request("billing.charge", t.Payload(), time.Second)
	return err
}

func (d *Deps) CoreMsg(ctx context.Context, t *asynq.Task) error { // want CoreMsg:`^effects: publish/publish nats$` `unguarded: handler \(\*econats.Deps\).CoreMsg .*publish \(nats\) \(medium\)`
	return d.NC.PublishMsg(&nats.Msg{Subject: "orders.created", Data: t.Payload()})
}

func (d *Deps) Legacy(ctx context.Context, t *asynq.Task) error { // want Legacy:`^effects: publish/publish orders\.created @p0$` `unguarded: handler \(\*econats.Deps\).Legacy .*publish \(orders.created\) \(medium\)`
	_, err := d.JS.Publish("orders.created", t.Payload())
	return err
}

func (d *Deps) LegacyKeyed(ctx context.Context, t *asynq.Task) error { // want LegacyKeyed:`^effects: publish/publish orders\.created @p0 guarded=idempotency_key$`
	_, err := d.JS.Publish("orders.created", t.Payload(), nats.MsgId("order:"+t.Type()))
	return err
}

func (d *Deps) Stream(ctx context.Context, t *asynq.Task) error { // want Stream:`^effects: publish/publish orders\.created @p0$` `unguarded: handler \(\*econats.Deps\).Stream .*publish \(orders.created\) \(medium\)`
	_, err := d.JS2.Publish(ctx, "orders.created", t.Payload())
	return err
}

func (d *Deps) StreamKeyed(ctx context.Context, t *asynq.Task) error { // want StreamKeyed:`^effects: publish/publish orders\.created @p0 guarded=idempotency_key$`
	_, err := d.JS2.Publish(ctx, "orders.created", t.Payload(), jetstream.WithMsgID("order:"+t.Type()))
	return err
}

func (d *Deps) StreamRandomKey(ctx context.Context, t *asynq.Task) error { // want StreamRandomKey:`^effects: publish/publish orders\.created @p0 issue=random-key$`
	_, err := d.JS2.PublishAsync("orders.created", t.Payload(), jetstream.WithMsgID(uuid.NewString())) // want `random-key: idempotency key uuid.NewString\(\) derives from uuid.NewString`
	return err
}

// StreamHeaderKey sets the Nats-Msg-Id header instead of the option.
// Correct: guarded=idempotency_key (within the Duplicates window).
// TODO(engine): key_option reads option functions only; the header on the
// nats.Msg is not read, so the publish is unguarded.
func (d *Deps) StreamHeaderKey(ctx context.Context, t *asynq.Task) error { // want StreamHeaderKey:`^effects: publish/publish jetstream @p0$` `unguarded: handler \(\*econats.Deps\).StreamHeaderKey .*publish \(jetstream\) \(medium\)`
	m := nats.NewMsg("orders.created")
	m.Header.Set(jetstream.MsgIDHeader, "order:"+t.Type())
	_, err := d.JS2.PublishMsg(ctx, m)
	return err
}

// Pull is a pull-consumer loop (a handler): it acks each message before
// republishing it, so a crash in between loses it.
func (d *Deps) Pull(ctx context.Context) error { // want Pull:`^effects: publish/publish orders\.audit @p0$` `unguarded: handler \(\*econats.Deps\).Pull .*publish \(orders.audit\) \(medium\)`
	for {
		m, err := d.Con.Next()
		if err != nil {
			return err
		}
		if err := m.Ack(); err != nil { // want `ack-before-effect`
			return err
		}
		if _, err := d.JS2.Publish(ctx, "orders.audit", m.Data()); err != nil {
			return err
		}
	}
}
