// Package discsarama covers Sarama consumer groups: group.Consume(ctx,
// topics, handler) registers the handler's ConsumeClaim, which ranges over
// claim.Messages() (a receive) and marks each message (the ack). Marking
// before the effects makes them at most once.
//
// The task is the topic list, a []string literal of constants
// ("payments"; several are joined by commas).
package discsarama

import (
	"context"
	"database/sql"

	"github.com/IBM/sarama"
)

type Projector struct{ DB *sql.DB }

func (Projector) Setup(sarama.ConsumerGroupSession) error { return nil } // want Setup:`^no effects$`

func (Projector) Cleanup(sarama.ConsumerGroupSession) error { return nil } // want Cleanup:`^no effects$`

func (p Projector) ConsumeClaim(s sarama.ConsumerGroupSession, c sarama.ConsumerGroupClaim) error { // want ConsumeClaim:`^effects: db_write/insert payments$` `unguarded: handler discsarama.Projector.ConsumeClaim \(sarama task "payments"\) repeats .*insert into payments`
	for msg := range c.Messages() {
		if _, err := p.DB.ExecContext(s.Context(), "insert into payments(topic, part, off) values ($1, $2, $3)", msg.Topic, msg.Partition, msg.Offset); err != nil {
			return err
		}
		s.MarkMessage(msg, "") // after the write
	}
	return nil
}

// Eager marks each message before applying it.
type Eager struct{ DB *sql.DB }

func (*Eager) Setup(sarama.ConsumerGroupSession) error { return nil } // want Setup:`^no effects$`

func (*Eager) Cleanup(sarama.ConsumerGroupSession) error { return nil } // want Cleanup:`^no effects$`

func (e *Eager) ConsumeClaim(s sarama.ConsumerGroupSession, c sarama.ConsumerGroupClaim) error { // want ConsumeClaim:`^effects: db_write/insert refunds$` `unguarded: handler \(\*discsarama.Eager\).ConsumeClaim \(sarama task "refunds"\) repeats .*insert into refunds`
	for msg := range c.Messages() {
		s.MarkMessage(msg, "") // want `ack-before-effect: the message is acknowledged here, before its effects \(insert into refunds`
		if _, err := e.DB.ExecContext(s.Context(), "insert into refunds(off) values ($1)", msg.Offset); err != nil {
			return err
		}
	}
	return nil
}

func Run(ctx context.Context, group sarama.ConsumerGroup, db *sql.DB) error { // want Run:`^no effects$`
	for ctx.Err() == nil {
		if err := group.Consume(ctx, []string{"payments"}, Projector{DB: db}); err != nil {
			return err
		}
		if err := group.Consume(ctx, []string{"refunds"}, &Eager{DB: db}); err != nil {
			return err
		}
	}
	return ctx.Err()
}
