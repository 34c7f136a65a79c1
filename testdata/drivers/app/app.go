// Package app builds one pool per processor (queue.New).
package app

import (
	"context"
	"database/sql"

	"example.com/drivers/alerts"
	"example.com/drivers/queue"
)

// Start runs the pools until ctx ends.
func Start(ctx context.Context, db *sql.DB, brokers []string) {
	go queue.New(brokers, "alerts.close", &alerts.Closer{DB: db}).Run(ctx)
	go queue.New(brokers, "alerts.escalate", &alerts.Escalator{DB: db}).Run(ctx)
	go queue.New(brokers, "alerts.count", &alerts.Counter{DB: db}).Run(ctx)
}
