// Package discfaktory covers faktory_worker_go: mgr.Register(jobType,
// perform) with a method value and with a closure.
package discfaktory

import (
	"context"
	"database/sql"

	worker "github.com/contribsys/faktory_worker_go"
)

type Deps struct{ DB *sql.DB }

func (d *Deps) Capture(ctx context.Context, args ...interface{}) error { // want Capture:`^effects: db_write/insert captures$` `unguarded: handler \(\*discfaktory.Deps\).Capture \(faktory task "CaptureOrder"\) .*insert into captures`
	_, err := d.DB.ExecContext(ctx, "insert into captures(order_id, jid) values ($1, $2)", args[0], worker.HelperFor(ctx).Jid())
	return err
}

func Register(mgr *worker.Manager, db *sql.DB) { // want Register:`^no effects$`
	d := &Deps{DB: db}
	mgr.Register("CaptureOrder", d.Capture)
	mgr.Register("Notify", func(ctx context.Context, args ...interface{}) error { // want `unguarded: handler discfaktory.Register.func1 \(faktory task "Notify"\) .*insert into notifications`
		_, err := db.ExecContext(ctx, "insert into notifications(order_id) values ($1)", args[0])
		return err
	})
}
