// Package discgue covers gue v5: a WorkMap literal (job type → WorkFunc:
// method values, closures) given to NewWorkerPool or NewWorker, and the
// unknown-job-type fallback (task "*"). Writes through j.Tx() commit with
// the job's deletion when the handler succeeds.
package discgue

import (
	"context"
	"database/sql"

	"github.com/vgarvardt/gue/v5"
)

type Deps struct{ DB *sql.DB }

func (d *Deps) Rebuild(ctx context.Context, j *gue.Job) error { // want Rebuild:`^effects: db_write/insert index_runs$` `unguarded: handler \(\*discgue.Deps\).Rebuild \(gue task "rebuild_index"\) .*insert into index_runs`
	_, err := d.DB.ExecContext(ctx, "insert into index_runs(args) values ($1)", j.Args)
	return err
}

// TxWrite writes through j.Tx(): gue commits that transaction together
// with the job's deletion when the handler returns nil, so a redelivery
// cannot repeat the insert. Returning the insert's own error commits
// nothing (PostgreSQL aborts the transaction).
func (d *Deps) TxWrite(ctx context.Context, j *gue.Job) error { // want TxWrite:`^effects: db_write/insert ledger guarded=job_complete_tx$`
	_, err := j.Tx().Exec(ctx, "insert into ledger(args) values ($1)", j.Args)
	return err
}

func (d *Deps) Unknown(ctx context.Context, j *gue.Job) error { // want Unknown:`^effects: db_write/insert dead_letters$` `unguarded: handler \(\*discgue.Deps\).Unknown \(gue task "\*"\) .*insert into dead_letters`
	_, err := d.DB.ExecContext(ctx, "insert into dead_letters(type) values ($1)", j.Type)
	return err
}

// Unregistered has a job parameter but nothing registers it: found by
// its shape alone, with low confidence.
func Unregistered(ctx context.Context, j *gue.Job) error { // want Unregistered:`^no effects$`
	return nil
}

// failurePolicy is a wrapper's failure policy (roxy's handler.Create
// calls one with the handler's error): told of a failure by its error
// parameter, it runs after a handler, not as one — even with the job
// parameter the weak shape matches and an effect of its own.
func (d *Deps) failurePolicy(ctx context.Context, err error, j *gue.Job) (bool, error) { // want failurePolicy:`^effects: db_write/insert job_failures$`
	if j.ErrorCount > 3 {
		return false, nil
	}
	_, e := d.DB.ExecContext(ctx, "insert into job_failures(args, error) values ($1, $2)", j.Args, err.Error())
	return true, e
}

func Start(c *gue.Client, db *sql.DB) error { // want Start:`^no effects$`
	d := &Deps{DB: db}
	wm := gue.WorkMap{
		"rebuild_index": d.Rebuild,
		"credit":        d.TxWrite,
		"send_welcome": func(ctx context.Context, j *gue.Job) error { // want `unguarded: handler discgue.Start.func1 \(gue task "send_welcome"\) .*insert into welcomes`
			_, err := db.ExecContext(ctx, "insert into welcomes(args) values ($1)", j.Args)
			return err
		},
	}
	if _, err := gue.NewWorkerPool(c, wm, 4); err != nil {
		return err
	}
	_, err := gue.NewWorker(c, gue.WorkMap{}, gue.WithWorkerUnknownJobWorkFunc(d.Unknown))
	return err
}
