// Package ecokafka covers segmentio/kafka-go: Writer and Conn writes are
// publishes (medium); kafka-go has no idempotent producer. Reader loops are
// pull-loop handlers: FetchMessage then CommitMessages (the ack), or
// ReadMessage, which commits before it returns (at most once).
package ecokafka

import (
	"context"

	"github.com/hibiken/asynq"
	"github.com/segmentio/kafka-go"
)

type Deps struct {
	W    *kafka.Writer
	Conn *kafka.Conn
	R    *kafka.Reader
}

func (d *Deps) Emit(ctx context.Context, t *asynq.Task) error { // want Emit:`^effects: publish/publish kafka$` `unguarded: handler \(\*ecokafka.Deps\).Emit .*publish \(kafka\) \(medium\)`
	return d.W.WriteMessages(ctx, kafka.Message{Key: []byte(t.Type()), Value: t.Payload()})
}

func (d *Deps) EmitConn(ctx context.Context, t *asynq.Task) error { // want EmitConn:`^effects: publish/publish kafka$` `unguarded: handler \(\*ecokafka.Deps\).EmitConn .*publish \(kafka\) \(medium\)`
	_, err := d.Conn.WriteMessages(kafka.Message{Value: t.Payload()})
	return err
}

// Consume is a pull loop: it fetches, forwards, then commits.
func (d *Deps) Consume(ctx context.Context) error { // want Consume:`^effects: publish/publish kafka$` `unguarded: handler \(\*ecokafka.Deps\).Consume .*publish \(kafka\) \(medium\)`
	for {
		m, err := d.R.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := d.W.WriteMessages(ctx, kafka.Message{Value: m.Value}); err != nil {
			return err
		}
		if err := d.R.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// ConsumeAutoCommit uses ReadMessage, which commits before it returns: a
// crash while forwarding loses the message.
func (d *Deps) ConsumeAutoCommit(ctx context.Context) error { // want ConsumeAutoCommit:`^effects: publish/publish kafka$` `unguarded: handler \(\*ecokafka.Deps\).ConsumeAutoCommit .*publish \(kafka\) \(medium\)`
	for {
		m, err := d.R.ReadMessage(ctx) // want `ack-before-effect: this receive commits the message before it returns`
		if err != nil {
			return err
		}
		if err := d.W.WriteMessages(ctx, kafka.Message{Value: m.Value}); err != nil {
			return err
		}
	}
}
