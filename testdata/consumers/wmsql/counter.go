// Package wmsql consumes clicks from a watermill-sql subscriber (v4) on
// PostgreSQL: the subscriber gives each message its transaction
// (sql.TxFromContext) and commits it with the consumer group's offset
// when the handler acks.
package wmsql

import (
	"context"
	stdsql "database/sql"
	"errors"

	"github.com/ThreeDotsLabs/watermill"
	wsql "github.com/ThreeDotsLabs/watermill-sql/v4/pkg/sql"
	"github.com/ThreeDotsLabs/watermill/message"
)

// Counter counts clicks.
type Counter struct{ DB *stdsql.DB }

// Count increments on the subscriber's transaction and returns only the
// statement's error: the increment commits once, with the offset.
func (c *Counter) Count(msg *message.Message) error {
	tx, ok := wsql.TxFromContext(msg.Context())
	if !ok {
		return errors.New("not consumed from watermill-sql")
	}
	_, err := tx.ExecContext(msg.Context(), "update click_counts set n = n + 1 where page = $1", string(msg.Payload))
	return err
}

// Tally records the click, then fails on the daily total: the nacked
// message runs again in the same transaction, which keeps the first
// insert, so the insert repeats.
func (c *Counter) Tally(msg *message.Message) error {
	tx, ok := wsql.TxFromContext(msg.Context())
	if !ok {
		return errors.New("not consumed from watermill-sql")
	}
	if _, err := tx.ExecContext(msg.Context(), "insert into clicks(id, page) values ($1, $2)", msg.UUID, string(msg.Payload)); err != nil {
		return err
	}
	return addToTotal(msg.Context(), tx, string(msg.Payload))
}

func addToTotal(ctx context.Context, ex wsql.ContextExecutor, page string) error {
	_, err := ex.ExecContext(ctx, "update daily_totals set n = n + 1 where page = $1", page)
	return err
}

// Wire subscribes to clicks with watermill-sql and registers the handlers.
func Wire(r *message.Router, db *stdsql.DB, logger watermill.LoggerAdapter) error {
	sub, err := wsql.NewSubscriber(wsql.BeginnerFromStdSQL(db), wsql.SubscriberConfig{
		ConsumerGroup:  "counters",
		SchemaAdapter:  wsql.DefaultPostgreSQLSchema{},
		OffsetsAdapter: wsql.DefaultPostgreSQLOffsetsAdapter{},
	}, logger)
	if err != nil {
		return err
	}
	c := &Counter{DB: db}
	r.AddConsumerHandler("count_click", "clicks", sub, c.Count)
	r.AddConsumerHandler("tally_click", "clicks", sub, c.Tally)
	return nil
}
