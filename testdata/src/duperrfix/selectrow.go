package duperrfix

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
)

// An INSERT … SELECT of one row of parameters (a select list where a
// VALUES row would be, so that a column can take a scalar subquery)
// gives each column the parameter at its position, as a VALUES row does:
// a unique key filled with a message id made from a new uuid on every
// delivery is a fresh surrogate, and a redelivery inserts a second row
// (unguarded), not the duplicate it would fail on. Near miss: the same
// insert keyed by the id the message carries fails on a redelivery
// (duplicate-as-error).

// MailFresh records a mail under a message id new on every delivery.
func (d *Deps) MailFresh(ctx context.Context, t *asynq.Task) error { // want MailFresh:`^effects: db_write/insert de_mails$` `unguarded: handler \(\*duperrfix.Deps\).MailFresh`
	messageID := fmt.Sprintf("<%s@example.org>", uuid.New().String())
	_, err := d.Pool.Exec(ctx, "insert into de_mails (message_id, body) select $1, $2", messageID, string(t.Payload()))
	if err != nil {
		return fmt.Errorf("record mail: %w", err)
	}
	return nil
}

// MailKeyed records a mail under the message id the job carries.
func (d *Deps) MailKeyed(ctx context.Context, t *asynq.Task) error { // want MailKeyed:`^effects: db_write/insert de_mails$` `duplicate-as-error: a second delivery's insert into de_mails \(medium\) at duperrfix/selectrow.go:\d+ fails on the duplicate \(a second insert of the row violates the unique \(message_id\) at declared/migrations/002_duperrfix.sql:\d+`
	_, err := d.Pool.Exec(ctx, "insert into de_mails (message_id, body) select $1, $2", t.ResultWriter().TaskID(), string(t.Payload()))
	if err != nil {
		return fmt.Errorf("record mail: %w", err)
	}
	return nil
}

// MailMux registers the handlers.
func MailMux(d *Deps) *asynq.ServeMux { // want MailMux:`^no effects$`
	mux := asynq.NewServeMux()
	mux.HandleFunc("mailfresh", d.MailFresh)
	mux.HandleFunc("mailkeyed", d.MailKeyed)
	return mux
}
