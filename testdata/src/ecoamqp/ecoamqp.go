// Package ecoamqp covers rabbitmq/amqp091-go: every publish variant is a
// publish (medium); MessageId is metadata, not broker dedup.
package ecoamqp

import (
	"context"

	"github.com/hibiken/asynq"
	amqp "github.com/rabbitmq/amqp091-go"
)

type Deps struct{ Ch *amqp.Channel }

func (d *Deps) Publish(ctx context.Context, t *asynq.Task) error { // want Publish:`^effects: publish/publish orders$` `unguarded: handler \(\*ecoamqp.Deps\).Publish .*publish \(orders\) \(medium\)`
	return d.Ch.PublishWithContext(ctx, "", "orders", false, false, amqp.Publishing{MessageId: t.Type(), Body: t.Payload()})
}

func (d *Deps) PublishLegacy(ctx context.Context, t *asynq.Task) error { // want PublishLegacy:`^effects: publish/publish orders\.created$` `unguarded: handler \(\*ecoamqp.Deps\).PublishLegacy .*publish \(orders.created\) \(medium\)`
	return d.Ch.Publish("events", "orders.created", false, false, amqp.Publishing{Body: t.Payload()})
}

func (d *Deps) PublishConfirmed(ctx context.Context, t *asynq.Task) error { // want PublishConfirmed:`^effects: publish/publish orders$` `unguarded: handler \(\*ecoamqp.Deps\).PublishConfirmed .*publish \(orders\) \(medium\)`
	c, err := d.Ch.PublishWithDeferredConfirmWithContext(ctx, "", "orders", false, false, amqp.Publishing{Body: t.Payload()})
	if err != nil {
		return err
	}
	c.Wait()
	return nil
}
