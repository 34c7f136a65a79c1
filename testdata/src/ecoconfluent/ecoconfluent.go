// Package ecoconfluent covers confluent-kafka-go v2: Producer.Produce is a
// publish (medium); enable.idempotence only dedupes the producer's own
// retries.
package ecoconfluent

import (
	"context"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
	"github.com/hibiken/asynq"
)

type Deps struct{ P *kafka.Producer }

func (d *Deps) Produce(ctx context.Context, t *asynq.Task) error { // want Produce:`^effects: publish/publish kafka$` `unguarded: handler \(\*ecoconfluent.Deps\).Produce .*publish \(kafka\) \(medium\)`
	topic := "orders"
	return d.P.Produce(&kafka.Message{TopicPartition: kafka.TopicPartition{Topic: &topic}, Value: t.Payload()}, nil)
}
