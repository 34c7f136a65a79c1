// Package ecopubsub covers Google Cloud Pub/Sub v1 (Topic.Publish) and v2
// (Publisher.Publish): publishes (medium) without publish-side dedup.
package ecopubsub

import (
	"context"

	"cloud.google.com/go/pubsub"
	pubsubv2 "cloud.google.com/go/pubsub/v2"
	"github.com/hibiken/asynq"
)

type Deps struct {
	V1 *pubsub.Client
	V2 *pubsubv2.Client
}

func (d *Deps) PublishV1(ctx context.Context, t *asynq.Task) error { // want PublishV1:`^effects: publish/publish pubsub$` `unguarded: handler \(\*ecopubsub.Deps\).PublishV1 .*publish \(pubsub\) \(medium\)`
	res := d.V1.Topic("orders").Publish(ctx, &pubsub.Message{Data: t.Payload()})
	_, err := res.Get(ctx)
	return err
}

func (d *Deps) PublishV2(ctx context.Context, t *asynq.Task) error { // want PublishV2:`^effects: publish/publish pubsub$` `unguarded: handler \(\*ecopubsub.Deps\).PublishV2 .*publish \(pubsub\) \(medium\)`
	res := d.V2.Publisher("orders").Publish(ctx, &pubsubv2.Message{Data: t.Payload()})
	_, err := res.Get(ctx)
	return err
}
