// Package ackloopfix wires functions into the application's own queue
// loops: only the Scheduler's is a handler.
package ackloopfix

import (
	"context"
	"database/sql"

	"ackloopfix/queue"
)

func Start(ctx context.Context, db *sql.DB, c queue.Client) { // want Start:`^effects: dynamic_call/call \(queue.Client\).Receive; dynamic_call/call queue.Scheduler.exec; `
	s := queue.New("emails", c, func(ctx context.Context, body string) error { // want `unguarded: handler ackloopfix.Start.func1 \(app-queue task "emails"\) repeats .*insert into sent \(medium\) at ackloopfix/ackloopfix.go:14 is not guarded`
		_, err := db.ExecContext(ctx, "insert into sent(body) values ($1)", body)
		return err
	})
	go s.Monitor(ctx)
	d := queue.NewDrainer("drained", c, func(ctx context.Context, body string) error {
		_, err := db.ExecContext(ctx, "insert into drained(body) values ($1)", body)
		return err
	})
	go d.Run(ctx)
	p := queue.NewPeeker("peeked", c, func(ctx context.Context, body string) error {
		_, err := db.ExecContext(ctx, "insert into peeked(body) values ($1)", body)
		return err
	})
	p.Run(ctx)
}
