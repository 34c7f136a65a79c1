// Package orders defines message handlers behind the consumer's
// interface: constructors return the interface, so the registering
// package knows the concrete type from this package's fact.
package orders

import (
	"context"
	"database/sql"

	"msgloop/consumer"
	"msgloop/mq"
)

type handler struct{ db *sql.DB }

func NewHandler(db *sql.DB) consumer.MessageHandler { return &handler{db: db} } // want NewHandler:"returns \\*orders.handler" NewHandler:"no effects"

func (h *handler) Handle(ctx context.Context, msg *mq.Message) error { // want Handle:"effects: db_write/insert orders"
	if _, err := h.db.ExecContext(ctx, "insert into orders(body) values ($1)", msg.Body); err != nil {
		msg.Nack()
		return err
	}
	msg.Ack()
	return nil
}

// audit has the handler's method, but nothing registers it: no handler.
type audit struct{ db *sql.DB }

func NewAudit(db *sql.DB) consumer.MessageHandler { return &audit{db: db} } // want NewAudit:"returns \\*orders.audit" NewAudit:"no effects"

func (a *audit) Handle(ctx context.Context, msg *mq.Message) error { // want Handle:"effects: db_write/insert audit"
	_, err := a.db.ExecContext(ctx, "insert into audit(body) values ($1)", msg.Body)
	return err
}
