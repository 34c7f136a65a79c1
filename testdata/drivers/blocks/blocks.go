// Package blocks consumes NSQ (github.com/nsqio/go-nsq): an indexer whose
// upsert converges but whose publish of the parsed block repeats on a
// redelivery, and an auditor that finishes the message before its insert
// (at most once: ack-before-effect).
package blocks

import (
	"database/sql"

	"github.com/nsqio/go-nsq"
)

// Indexer handles the "blocks" topic.
type Indexer struct {
	DB       *sql.DB
	Producer *nsq.Producer
}

// HandleMessage stores the block and publishes it to "parsed".
func (ix *Indexer) HandleMessage(m *nsq.Message) error {
	if _, err := ix.DB.Exec("insert into blocks (id, body) values ($1, $2) on conflict (id) do update set body = excluded.body", string(m.ID[:]), m.Body); err != nil {
		return err
	}
	return ix.Producer.Publish("parsed", m.Body)
}

// Start adds the indexer to a consumer of "blocks" and an auditor of
// "audit" (a function, through nsq.HandlerFunc).
func Start(db *sql.DB, p *nsq.Producer) error {
	c, err := nsq.NewConsumer("blocks", "indexer", nsq.NewConfig())
	if err != nil {
		return err
	}
	c.AddHandler(&Indexer{DB: db, Producer: p})
	audit, err := nsq.NewConsumer("audit", "writer", nsq.NewConfig())
	if err != nil {
		return err
	}
	audit.AddConcurrentHandlers(nsq.HandlerFunc(func(m *nsq.Message) error {
		m.Finish()
		_, err := db.Exec("insert into audit_log (payload) values ($1)", m.Body)
		return err
	}), 4)
	if err := c.ConnectToNSQLookupd("lookupd:4161"); err != nil {
		return err
	}
	return audit.ConnectToNSQLookupd("lookupd:4161")
}
