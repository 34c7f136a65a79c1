// Package ecosarama covers IBM/sarama: SyncProducer sends and the
// AsyncProducer's Input channel are publishes (medium).
package ecosarama

import (
	"context"

	"github.com/IBM/sarama"
	"github.com/hibiken/asynq"
)

type Deps struct {
	Sync  sarama.SyncProducer
	Async sarama.AsyncProducer
	input chan<- *sarama.ProducerMessage
}

func (d *Deps) Send(ctx context.Context, t *asynq.Task) error { // want Send:`^effects: publish/publish kafka @p0$` `unguarded: handler \(\*ecosarama.Deps\).Send .*publish \(kafka\) \(medium\)`
	_, _, err := d.Sync.SendMessage(&sarama.ProducerMessage{Topic: "orders", Value: sarama.ByteEncoder(t.Payload())})
	return err
}

func (d *Deps) SendBatch(ctx context.Context, t *asynq.Task) error { // want SendBatch:`^effects: publish/publish kafka @p0$` `unguarded: handler \(\*ecosarama.Deps\).SendBatch .*publish \(kafka\) \(medium\)`
	return d.Sync.SendMessages([]*sarama.ProducerMessage{{Topic: "orders"}})
}

// SendAsync sends on the Input channel: the channel send is not a call, so
// the catalog places the publish at Input().
func (d *Deps) SendAsync(ctx context.Context, t *asynq.Task) error { // want SendAsync:`^effects: publish/publish kafka @p0$` `unguarded: handler \(\*ecosarama.Deps\).SendAsync .*publish \(kafka\) \(medium\)`
	d.Async.Input() <- &sarama.ProducerMessage{Topic: "orders", Value: sarama.StringEncoder(t.Type())}
	return nil
}

// SendAsyncCached sends on a channel obtained earlier.
// Correct: publish/publish kafka (medium), reported unguarded.
// TODO(engine): an SSA Send on a channel is not an effect; only the
// Input() call is modeled, so a send on a channel kept in a variable or
// field is missed ("no effects").
func (d *Deps) SendAsyncCached(ctx context.Context, t *asynq.Task) error { // want SendAsyncCached:`^no effects$`
	in := d.input
	in <- &sarama.ProducerMessage{Topic: "orders"}
	return nil
}
