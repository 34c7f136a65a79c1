package completions

import (
	"context"
	stdsql "database/sql"
	"errors"

	wsql "github.com/ThreeDotsLabs/watermill-sql/v4/pkg/sql"
	"github.com/ThreeDotsLabs/watermill/message"
)

// watermill-sql's subscriber gives the handler its transaction in the
// message's context and commits it with the consumer group's offset on
// an ack; on a nack it sends the message again in the same transaction.
type WMDeps struct{ DB *stdsql.DB }

// Count increments on the subscriber's transaction and returns only the
// statement's error: exactly once.
func (d *WMDeps) Count(msg *message.Message) error { // want Count:`^effects: db_write/update-increment counters guarded=job_complete_tx$`
	tx, ok := wsql.TxFromContext(msg.Context())
	if !ok {
		return errors.New("not consumed from watermill-sql")
	}
	_, err := tx.ExecContext(msg.Context(), "update counters set n = n + 1 where id = $1", msg.UUID)
	return err
}

// Tally inserts, then fails on a second statement: the nacked message
// runs again in the same, not rolled back, transaction (on MySQL the
// failed statement does not abort it), so the insert repeats.
func (d *WMDeps) Tally(msg *message.Message) error { // wholewant `^unguarded: .*twice: insert into tallies \(medium\) at` // want Tally:`^effects: db_write/insert tallies; db_write/update-increment totals guarded=job_complete_tx$` `unguarded: handler \(\*completions.WMDeps\).Tally \(watermill task "tally"\) .*insert into tallies`
	tx, ok := wsql.TxFromContext(msg.Context())
	if !ok {
		return errors.New("not consumed from watermill-sql")
	}
	if _, err := tx.ExecContext(msg.Context(), "insert into tallies(id) values ($1)", msg.UUID); err != nil {
		return err
	}
	return record(msg.Context(), tx, msg.UUID)
}

func record(ctx context.Context, ex wsql.ContextExecutor, id string) error { // want record:`^effects: db_write/update-increment totals @p1$`
	_, err := ex.ExecContext(ctx, "update totals set n = n + 1 where id = $1", id)
	return err
}

// Mirror writes on its own database handle, not the subscriber's
// transaction: the offset commit does not cover it.
func (d *WMDeps) Mirror(msg *message.Message) error { // wholewant `^unguarded: .*twice: insert into mirror \(medium\) at` // want Mirror:`^effects: db_write/insert mirror$` `unguarded: handler \(\*completions.WMDeps\).Mirror \(watermill task "mirror"\) .*insert into mirror`
	_, err := d.DB.ExecContext(msg.Context(), "insert into mirror(id) values ($1)", msg.UUID)
	return err
}

// WireSQL registers the watermill-sql handlers.
func WireSQL(r *message.Router, sub message.Subscriber, db *stdsql.DB) { // want WireSQL:`^no effects$`
	d := &WMDeps{DB: db}
	r.AddConsumerHandler("count", "clicks", sub, d.Count)
	r.AddConsumerHandler("tally", "clicks", sub, d.Tally)
	r.AddConsumerHandler("mirror", "clicks", sub, d.Mirror)
}
