// Package discgoqueue covers go-zero's go-queue: kq.MustNewQueue runs the
// handler's Consume for every Kafka message; the task is KqConf.Topic.
package discgoqueue

import (
	"context"
	"database/sql"

	"github.com/zeromicro/go-queue/kq"
)

var db *sql.DB

type PaymentUpdated struct{}

func (PaymentUpdated) Consume(ctx context.Context, key, value string) error { // want Consume:`^effects: db_write/insert payments$` `unguarded: handler discgoqueue.PaymentUpdated.Consume \(go-queue task "payment-updated"\) repeats .*insert into payments`
	_, err := db.ExecContext(ctx, "insert into payments(body) values ($1)", value)
	return err
}

func Start() kq.MessageQueue { // want Start:`^no effects$`
	return kq.MustNewQueue(kq.KqConf{Topic: "payment-updated"}, PaymentUpdated{})
}
