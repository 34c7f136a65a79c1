// Package app wires the order flow: one make(chan …) handed to the Kafka
// consumer and to the service (their fields are the same channel), and two
// different makes for the audit consumer and the archiver (not linked).
package app

import (
	"context"
	"database/sql"

	"github.com/IBM/sarama"

	"example.com/consumers/orderflow/broker"
	"example.com/consumers/orderflow/model"
	"example.com/consumers/orderflow/service"
)

// Run consumes the orders and audit topics until the context ends.
func Run(ctx context.Context, orders, audit sarama.ConsumerGroup, db *sql.DB) error {
	ch := make(chan model.Order, 16)
	s := service.New(db, ch)
	go s.Run(ctx)
	ar := service.NewArchiver(db, make(chan model.Order))
	go ar.Run(ctx)
	go func() {
		for ctx.Err() == nil {
			if err := audit.Consume(ctx, []string{"order-audit"}, broker.NewAudit(make(chan model.Order))); err != nil {
				return
			}
		}
	}()
	c := broker.New(ch)
	for ctx.Err() == nil {
		if err := orders.Consume(ctx, []string{"orders"}, c); err != nil {
			return err
		}
	}
	return ctx.Err()
}
