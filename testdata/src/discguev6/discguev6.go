// Package discguev6 covers gue v6, v5's API on database/sql: a WorkMap
// literal given to NewWorkerPool, its values method values and the
// closures a function of the application returns (aepyornis's
// make…Handler(deps) gue.WorkFunc: the closure is the handler), the
// unknown-job-type fallback (task "*"), and writes through j.Tx(), a
// *sql.Tx that commits with the job's deletion.
package discguev6

import (
	"context"
	"database/sql"

	"github.com/vgarvardt/gue/v6"
)

type Deps struct{ DB *sql.DB }

func (d *Deps) Rebuild(ctx context.Context, j *gue.Job) error { // want Rebuild:`^effects: db_write/insert index_runs$` `unguarded: handler \(\*discguev6.Deps\).Rebuild \(gue task "rebuild_index"\) .*insert into index_runs`
	_, err := d.DB.ExecContext(ctx, "insert into index_runs(args) values ($1)", j.Args)
	return err
}

// TxWrite writes through j.Tx(): gue commits that transaction together
// with the job's deletion when the handler returns nil.
func (d *Deps) TxWrite(ctx context.Context, j *gue.Job) error { // want TxWrite:`^effects: db_write/insert ledger guarded=job_complete_tx$`
	_, err := j.Tx().ExecContext(ctx, "insert into ledger(args) values ($1)", j.Args)
	return err
}

func (d *Deps) Unknown(ctx context.Context, j *gue.Job) error { // want Unknown:`^effects: db_write/insert dead_letters$` `unguarded: handler \(\*discguev6.Deps\).Unknown \(gue task "\*"\) .*insert into dead_letters`
	_, err := d.DB.ExecContext(ctx, "insert into dead_letters(type) values ($1)", j.Type)
	return err
}

// makeFollowUp builds the follow_up handler over the client it enqueues
// with: v6's Enqueue is a publish, a new job on every call.
func makeFollowUp(c *gue.Client) gue.WorkFunc { // want makeFollowUp:"no effects" makeFollowUp:"returns discguev6.makeFollowUp.func1"
	return func(ctx context.Context, j *gue.Job) error { // want `unguarded: handler discguev6.makeFollowUp.func1 \(gue task "follow_up"\) .*gue`
		return c.Enqueue(ctx, &gue.Job{Type: "notify", Args: j.Args})
	}
}

// makeWelcome builds the send_welcome handler over the database.
func makeWelcome(db *sql.DB) gue.WorkFunc { // want makeWelcome:"no effects" makeWelcome:"returns discguev6.makeWelcome.func1"
	return func(ctx context.Context, j *gue.Job) error { // want `unguarded: handler discguev6.makeWelcome.func1 \(gue task "send_welcome"\) .*insert into welcomes`
		_, err := db.ExecContext(ctx, "insert into welcomes(args) values ($1)", j.Args)
		return err
	}
}

// Unregistered has a job parameter but nothing registers it: found by
// its shape alone, with low confidence.
func Unregistered(ctx context.Context, j *gue.Job) error { // want Unregistered:`^no effects$`
	return nil
}

func Start(c *gue.Client, db *sql.DB) error { // want Start:`^no effects$`
	d := &Deps{DB: db}
	wm := gue.WorkMap{
		"rebuild_index": d.Rebuild,
		"credit":        d.TxWrite,
		"follow_up":     makeFollowUp(c),
		"send_welcome":  makeWelcome(db),
	}
	_, err := gue.NewWorkerPool(c, wm, 2, gue.WithPoolUnknownJobWorkFunc(d.Unknown))
	return err
}
