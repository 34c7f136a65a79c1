// Package msgloop wires a message handler into a consumer through a worker
// that keeps it in a field (a second forward): the handler is the
// concrete type orders.NewHandler returns. ReadBack, which receives
// through the same Subscription and only looks at the message, is no
// handler.
package msgloop

import (
	"context"
	"database/sql"

	"msgloop/consumer"
	"msgloop/mq"
	"msgloop/orders"
)

type Worker struct {
	url     string
	handler consumer.MessageHandler
	logger  consumer.Logger
}

func NewWorker(url string, handler consumer.MessageHandler, logger consumer.Logger) *Worker { // want NewWorker:`^stores ` NewWorker:"forwards \\[{1 gocloud-pubsub  -1 Handle  0 true  true    false false  0 }\\]" NewWorker:"no effects"
	return &Worker{url: url, handler: handler, logger: logger}
}

func (w *Worker) Run(ctx context.Context) error { // want Run:`^effects: dynamic_call/call \(mq.Subscription\).Receive; .*\(consumer.MessageHandler\).Handle`
	sub, err := mq.Subscribe(ctx, w.url)
	if err != nil {
		return err
	}
	return consumer.New(sub, w.handler, w.logger).Run(ctx)
}

func Start(ctx context.Context, db *sql.DB, logger consumer.Logger) error { // want Start:`^effects: dynamic_call/call \(mq.Subscription\).Receive; .*\(consumer.MessageHandler\).Handle`
	w := NewWorker("mem://orders", orders.NewHandler(db), logger) // wholewant `^unguarded: .*twice: insert into orders \(medium\) at` // want `unguarded: handler \(\*orders.handler\).Handle repeats .*insert into orders \(medium\) at msgloop/orders/orders.go:19`
	return w.Run(ctx)
}

// ReadBack receives one message and returns its body.
func ReadBack(ctx context.Context, sub mq.Subscription) ([]byte, error) { // want ReadBack:"receives gocloud-pubsub" ReadBack:`^effects: dynamic_call/call \(mq.Subscription\).Receive; dynamic_call/call \(mq.QueueMessage\).Ack$`
	msg, err := sub.Receive(ctx)
	if err != nil {
		return nil, err
	}
	msg.Ack()
	return msg.Body, nil
}

// stdLogger is passed where the loop's Logger comes from: its Debug is
// handed every message, but it is no handler.
type stdLogger struct{ db *sql.DB }

func (l stdLogger) Errorf(format string, args ...any) {} // want Errorf:"no effects"

func (l stdLogger) Debug(msg *mq.Message) { // want Debug:"effects: db_write/insert debug_log"
	_, _ = l.db.Exec("insert into debug_log(body) values ($1)", msg.Body)
}

func StartLogged(ctx context.Context, db *sql.DB) error { // want StartLogged:`^effects: dynamic_call/call \(mq.Subscription\).Receive; .*\(consumer.MessageHandler\).Handle`
	return Start(ctx, db, stdLogger{db: db})
}
