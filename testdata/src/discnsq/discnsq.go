// Package discnsq covers go-nsq: AddHandler with a Handler (its
// HandleMessage method), AddConcurrentHandlers with an nsq.HandlerFunc of
// a closure. The task is the topic NewConsumer was given (the receiver of
// the registration). A handler's publish repeats on a redelivery; a
// message finished before its effects has them at most once.
package discnsq

import (
	"database/sql"

	"github.com/nsqio/go-nsq"
)

var db *sql.DB

// Indexer consumes the "blocks" topic.
type Indexer struct {
	producer *nsq.Producer
}

func (ix *Indexer) HandleMessage(m *nsq.Message) error { // want HandleMessage:`^effects: publish/publish parsed; db_write/upsert-set blocks$` `unguarded: handler \(\*discnsq.Indexer\).HandleMessage \(nsq task "blocks"\) repeats .*publish \(parsed\)`
	if _, err := db.Exec("insert into blocks(id, body) values ($1, $2) on conflict (id) do update set body = excluded.body", string(m.ID[:]), m.Body); err != nil {
		return err
	}
	return ix.producer.Publish("parsed", m.Body)
}

func Start(p *nsq.Producer) error { // want Start:`^no effects$`
	c, err := nsq.NewConsumer("blocks", "indexer", nsq.NewConfig())
	if err != nil {
		return err
	}
	c.AddHandler(&Indexer{producer: p})
	audit, err := nsq.NewConsumer("audit", "writer", nsq.NewConfig())
	if err != nil {
		return err
	}
	audit.AddConcurrentHandlers(nsq.HandlerFunc(func(m *nsq.Message) error { // want `unguarded: handler discnsq.Start.func1 \(nsq task "audit"\) repeats .*insert into audit_log`
		m.Finish() // want `ack-before-effect: the message is acknowledged here, before its effects \(insert into audit_log`
		_, err := db.Exec("insert into audit_log(payload) values ($1)", m.Body)
		return err
	}), 4)
	return audit.ConnectToNSQLookupd("lookupd:4161")
}
