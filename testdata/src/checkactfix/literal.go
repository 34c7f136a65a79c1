package checkactfix

import (
	"context"

	"github.com/hibiken/asynq"
)

// SendUnlessCancelled reads the email's status and skips only a cancelled
// one, a value nothing here writes: it marks the email 'sending', inserts
// the event and marks it 'sent', and a later delivery reads 'sent', which
// is not 'cancelled', and sends again. No record of the check: plainly
// unguarded.
func (d *Deps) SendUnlessCancelled(ctx context.Context, t *asynq.Task) error { // want SendUnlessCancelled:`^effects: db_write/insert email_events; db_read/select emails; db_write/update-set emails; db_write/update-set emails$` `unguarded: handler \(\*checkactfix.Deps\).SendUnlessCancelled repeats its side effects when a job is delivered twice: insert into email_events`
	var status string
	if err := d.Pool.QueryRow(ctx, "select status from emails where id = $1", 31).Scan(&status); err != nil {
		return err
	}
	if status == "cancelled" {
		return nil
	}
	if _, err := d.Pool.Exec(ctx, "update emails set status = 'sending', updated_at = now() where id = $1", 31); err != nil {
		return err
	}
	if _, err := d.Pool.Exec(ctx, "insert into email_events (email_id) values ($1)", 31); err != nil {
		return err
	}
	_, err := d.Pool.Exec(ctx, "update emails set status = 'sent' where id = $1", 31)
	return err
}

// SendUnlessSent skips an email already sent, the value its last update
// writes: two deliveries at once both read 'queued' and both send.
// Check-then-act as ever.
func (d *Deps) SendUnlessSent(ctx context.Context, t *asynq.Task) error { // want SendUnlessSent:`^effects: db_write/insert email_events issue=check-then-act; db_read/select emails; db_write/update-set emails$`
	var status string
	if err := d.Pool.QueryRow(ctx, "select status from emails where id = $1", 32).Scan(&status); err != nil { // want `check-then-act: this check of emails and the write into it at checkactfix/literal.go:\d+ sit on either side of the insert into email_events`
		return err
	}
	if status == "sent" {
		return nil
	}
	if _, err := d.Pool.Exec(ctx, "insert into email_events (email_id) values ($1)", 32); err != nil {
		return err
	}
	_, err := d.Pool.Exec(ctx, "update emails set status = 'sent' where id = $1", 32)
	return err
}

// SendUnlessNotQueued skips every status but 'queued': the 'sent' its
// update writes is one of them, so the update records the check.
// Check-then-act as ever.
func (d *Deps) SendUnlessNotQueued(ctx context.Context, t *asynq.Task) error { // want SendUnlessNotQueued:`^effects: db_write/insert email_events issue=check-then-act; db_read/select emails; db_write/update-set emails$`
	var status string
	if err := d.Pool.QueryRow(ctx, "select status from emails where id = $1", 33).Scan(&status); err != nil { // want `check-then-act: this check of emails and the write into it at checkactfix/literal.go:\d+ sit on either side of the insert into email_events`
		return err
	}
	if status != "queued" {
		return nil
	}
	if _, err := d.Pool.Exec(ctx, "insert into email_events (email_id) values ($1)", 33); err != nil {
		return err
	}
	_, err := d.Pool.Exec(ctx, "update emails set status = 'sent' where id = $1", 33)
	return err
}
