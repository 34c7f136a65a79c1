// Package disckafka covers Kafka pull loops: segmentio/kafka-go
// FetchMessage + CommitMessages (at least once when the commit follows the
// effects) and ReadMessage, which commits before it returns (at most
// once); confluent-kafka-go Poll and ReadMessage with CommitMessage.
//
// TODO(engine): the task is the topic, set in kafka.ReaderConfig{Topic}
// at NewReader or in Consumer.SubscribeTopics, not at the receive call:
// expected (kafka-go task "signups"), (confluent-kafka-go task
// "payments"); these findings have no task.
package disckafka

import (
	"context"
	"database/sql"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
	kafkago "github.com/segmentio/kafka-go"
)

type Deps struct {
	R  *kafkago.Reader
	C  *kafka.Consumer
	DB *sql.DB
}

// Fetch writes, then commits.
func (d *Deps) Fetch(ctx context.Context) error { // want Fetch:`^effects: db_write/insert signups$` `unguarded: handler \(\*disckafka.Deps\).Fetch repeats .*insert into signups`
	for {
		m, err := d.R.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if _, err := d.DB.ExecContext(ctx, "insert into signups(k, v) values ($1, $2)", m.Key, m.Value); err != nil {
			return err
		}
		if err := d.R.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// Read uses ReadMessage, which commits (with a group) before returning.
func (d *Deps) Read(ctx context.Context) error { // want Read:`^effects: db_write/insert welcomes$` `unguarded: handler \(\*disckafka.Deps\).Read repeats .*insert into welcomes`
	for {
		m, err := d.R.ReadMessage(ctx) // want `ack-before-effect: this receive commits the message before it returns, so its effects \(insert into welcomes at disckafka/disckafka.go:50\) are lost`
		if err != nil {
			return err
		}
		if _, err := d.DB.ExecContext(ctx, "insert into welcomes(v) values ($1)", m.Value); err != nil {
			return err
		}
	}
}

// Poll handles *kafka.Message events, then commits each message.
func (d *Deps) Poll(ctx context.Context) error { // want Poll:`^effects: db_write/insert payments$` `unguarded: handler \(\*disckafka.Deps\).Poll repeats .*insert into payments`
	for {
		switch e := d.C.Poll(100).(type) {
		case *kafka.Message:
			if _, err := d.DB.ExecContext(ctx, "insert into payments(v) values ($1)", e.Value); err != nil {
				return err
			}
			if _, err := d.C.CommitMessage(e); err != nil {
				return err
			}
		case kafka.Error:
			return e
		}
	}
}

// ReadCommitFirst commits before writing.
func (d *Deps) ReadCommitFirst(ctx context.Context) error { // want ReadCommitFirst:`^effects: db_write/insert refunds$` `unguarded: handler \(\*disckafka.Deps\).ReadCommitFirst repeats .*insert into refunds`
	for {
		m, err := d.C.ReadMessage(time.Second)
		if err != nil {
			return err
		}
		if _, err := d.C.CommitMessage(m); err != nil { // want `ack-before-effect: the message is acknowledged here, before its effects \(insert into refunds`
			return err
		}
		if _, err := d.DB.ExecContext(ctx, "insert into refunds(v) values ($1)", m.Value); err != nil {
			return err
		}
	}
}

// CommitThenUpsert commits before an idempotent upsert: nothing repeats,
// but a crash after the commit loses the upsert, and committing first
// bought nothing.
func (d *Deps) CommitThenUpsert(ctx context.Context) error { // want CommitThenUpsert:`^effects: db_write/upsert-set profiles$`
	for {
		msg, err := d.C.ReadMessage(5 * time.Second)
		if err != nil {
			return err
		}
		if _, err := d.C.CommitMessage(msg); err != nil { // want `ack-before-effect: the message is acknowledged here, before its effects \(upsert-set of profiles`
			return err
		}
		if _, err := d.DB.ExecContext(ctx, "insert into profiles(k, v) values ($1, $2) on conflict (k) do update set v = excluded.v", msg.Key, msg.Value); err != nil {
			return err
		}
	}
}
