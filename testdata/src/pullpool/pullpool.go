// Package pullpool builds the generic consumer (consumer.NewConsumer) with
// two processors: each processor's Process is a handler of its own, with
// its own effects, not the loop with both. Single's loop hands each
// message to one concrete function: it stays the handler.
package pullpool

import (
	"context"
	"database/sql"

	kafkago "github.com/segmentio/kafka-go"

	"pullpool/consumer"
)

type mailer struct{ db *sql.DB }

func (m *mailer) Name() string { return "mail" } // want Name:"no effects" Name:`^const "mail"$`

func (m *mailer) Process(ctx context.Context, e consumer.Event) error { // want Process:`^effects: db_write/insert mails$` `unguarded: handler \(\*pullpool.mailer\).Process \(kafka-go task "pullpool.mailer"\) repeats .*insert into mails \(medium\) at pullpool/pullpool.go:21`
	_, err := m.db.ExecContext(ctx, "insert into mails(id, body) values ($1, $2)", e.ID, e.Body)
	return err
}

type ranker struct{ db *sql.DB }

func (r *ranker) Name() string { return "rank" } // want Name:"no effects" Name:`^const "rank"$`

func (r *ranker) Process(ctx context.Context, e consumer.Event) error { // want Process:`^effects: db_write/update-increment ranks$` `unguarded: handler \(\*pullpool.ranker\).Process \(kafka-go task "pullpool.ranker"\) repeats .*update-increment of ranks \(medium\) at pullpool/pullpool.go:30`
	_, err := r.db.ExecContext(ctx, "update ranks set score = score + 1 where id = $1", e.ID)
	return err
}

func Start(ctx context.Context, db *sql.DB) { // want Start:`^effects: dynamic_call/call \(consumer.Processor\).Process$`
	go consumer.NewConsumer("mails", &mailer{db: db}).Start(ctx)
	go consumer.NewConsumer("ranks", &ranker{db: db}).Start(ctx)
}

// Single is a loop whose per-message work is a static call: the handler.
type Single struct {
	R  *kafkago.Reader
	DB *sql.DB
}

func (s *Single) Run(ctx context.Context) error { // want Run:`^effects: db_write/insert singles$` `unguarded: handler \(\*pullpool.Single\).Run repeats .*insert into singles \(medium\) at pullpool/pullpool.go:61`
	for {
		m, err := s.R.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := s.save(ctx, m); err != nil {
			return err
		}
		if err := s.R.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

func (s *Single) save(ctx context.Context, m kafkago.Message) error { // want save:`^effects: db_write/insert singles$`
	_, err := s.DB.ExecContext(ctx, "insert into singles(v) values ($1)", m.Value)
	return err
}
