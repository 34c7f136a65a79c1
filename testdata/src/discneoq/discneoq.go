// Package discneoq covers neoq: handler.New(queue, fn) builds a handler
// for a queue (the task), Start registers it; StartCron registers a
// periodic handler under its cron spec.
package discneoq

import (
	"context"
	"database/sql"
	"time"

	"github.com/acaloiaro/neoq"
	"github.com/acaloiaro/neoq/handler"
	"github.com/acaloiaro/neoq/jobs"
)

type Deps struct{ DB *sql.DB }

func (d *Deps) SendEmail(ctx context.Context) error { // want SendEmail:`^effects: db_write/insert emails$` `unguarded: handler \(\*discneoq.Deps\).SendEmail \(neoq task "emails"\) .*insert into emails`
	j, err := jobs.FromContext(ctx)
	if err != nil {
		return err
	}
	_, err = d.DB.ExecContext(ctx, "insert into emails(job_id) values ($1)", j.ID)
	return err
}

func (d *Deps) Nightly(ctx context.Context) error { // want Nightly:`^effects: db_write/insert reports$` `unguarded: handler \(\*discneoq.Deps\).Nightly \(neoq task "@every 24h"\) .*insert into reports`
	_, err := d.DB.ExecContext(ctx, "insert into reports(at) values (now())")
	return err
}

func Start(ctx context.Context, nq neoq.Neoq, db *sql.DB) error { // want Start:`^no effects$`
	d := &Deps{DB: db}
	h := handler.New("emails", d.SendEmail, handler.JobTimeout(10*time.Second))
	if err := nq.Start(ctx, h); err != nil {
		return err
	}
	return nq.StartCron(ctx, "@every 24h", handler.NewPeriodic(d.Nightly))
}
