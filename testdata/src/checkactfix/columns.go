package checkactfix

import (
	"context"

	"github.com/hibiken/asynq"
)

// MailBatch reads the campaign's status and returns unless it is still
// sending, mails the batch and then adds to the campaign's sent_count: the
// write records nothing the check read (it assigns sent_count and
// updated_at; the check read id and status), so a later delivery still
// reads "sending" and mails the batch again. No race on a check: plainly
// unguarded.
func (d *Deps) MailBatch(ctx context.Context, t *asynq.Task) error { // want MailBatch:`^effects: db_write/insert campaign_sends; db_write/update-increment campaigns; db_read/select campaigns$` `unguarded: handler \(\*checkactfix.Deps\).MailBatch repeats its side effects when a job is delivered twice: insert into campaign_sends`
	var c struct {
		ID     int64
		Status string
	}
	if err := d.Pool.QueryRow(ctx, "select id, status from campaigns where id = $1", 21).Scan(&c.ID, &c.Status); err != nil {
		return err
	}
	if c.Status != "sending" {
		return nil
	}
	if _, err := d.Pool.Exec(ctx, "insert into campaign_sends (campaign_id) values ($1)", c.ID); err != nil {
		return err
	}
	_, err := d.Pool.Exec(ctx, "update campaigns set sent_count = sent_count + $1, updated_at = now() where id = $2", 1, c.ID)
	return err
}

// MailBatchDone is MailBatch whose write also sets the status the check
// read: a later delivery reads "sent" and skips, two at once both read
// "sending". Check-then-act as ever.
func (d *Deps) MailBatchDone(ctx context.Context, t *asynq.Task) error { // want MailBatchDone:`^effects: db_write/insert campaign_sends issue=check-then-act; db_write/update-increment campaigns issue=check-then-act; db_read/select campaigns$`
	var c struct {
		ID     int64
		Status string
	}
	if err := d.Pool.QueryRow(ctx, "select id, status from campaigns where id = $1", 22).Scan(&c.ID, &c.Status); err != nil { // want `check-then-act: this check of campaigns and the write into it at checkactfix/columns.go:\d+ sit on either side of the insert into campaign_sends`
		return err
	}
	if c.Status != "sending" {
		return nil
	}
	if _, err := d.Pool.Exec(ctx, "insert into campaign_sends (campaign_id) values ($1)", c.ID); err != nil {
		return err
	}
	_, err := d.Pool.Exec(ctx, "update campaigns set status = 'sent', sent_count = sent_count + $1 where id = $2", 1, c.ID)
	return err
}

// MailBatchStar reads the whole row (select *): which columns the check
// tests is not told by the text, so the write into the table is taken as
// its record, as before columns were compared.
func (d *Deps) MailBatchStar(ctx context.Context, t *asynq.Task) error { // want MailBatchStar:`^effects: db_write/insert campaign_sends issue=check-then-act; db_write/update-increment campaigns issue=check-then-act; db_read/select campaigns$`
	var status string
	if err := d.Pool.QueryRow(ctx, "select * from campaigns where id = $1", 23).Scan(&status); err != nil { // want `check-then-act: this check of campaigns and the write into it at checkactfix/columns.go:\d+ sit on either side of the insert into campaign_sends`
		return err
	}
	if status != "sending" {
		return nil
	}
	if _, err := d.Pool.Exec(ctx, "insert into campaign_sends (campaign_id) values ($1)", 23); err != nil {
		return err
	}
	_, err := d.Pool.Exec(ctx, "update campaigns set sent_count = sent_count + $1 where id = $2", 1, 23)
	return err
}
