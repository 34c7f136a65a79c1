// Package discgocraft covers gocraft/work: Job(name, fn) and
// JobWithOptions(name, opts, fn), where fn is a function of *work.Job or,
// usually, a method expression of the pool's context type, (*Ctx).Send.
package discgocraft

import (
	"database/sql"

	"github.com/gocraft/work"
)

var db *sql.DB

type Ctx struct{ Tenant string }

func (c *Ctx) SendInvoice(job *work.Job) error { // want SendInvoice:`^effects: db_write/insert invoices$` `unguarded: handler \(\*discgocraft.Ctx\).SendInvoice \(gocraft task "send_invoice"\) .*insert into invoices`
	_, err := db.Exec("insert into invoices(tenant, id) values ($1, $2)", c.Tenant, job.ArgInt64("invoice_id"))
	return err
}

func (c *Ctx) Export(job *work.Job) error { // want Export:`^effects: db_write/insert exports$` `unguarded: handler \(\*discgocraft.Ctx\).Export \(gocraft task "export"\) .*insert into exports`
	_, err := db.Exec("insert into exports(tenant) values ($1)", c.Tenant)
	return err
}

func Cleanup(job *work.Job) error { // want Cleanup:`^effects: db_write/insert cleanups$` `unguarded: handler discgocraft.Cleanup \(gocraft task "cleanup"\) .*insert into cleanups`
	_, err := db.Exec("insert into cleanups(job_id) values ($1)", job.ID)
	return err
}

// Log is a middleware (it takes the next handler): not a handler, though
// it takes a *work.Job.
func (c *Ctx) Log(job *work.Job, next work.NextMiddlewareFunc) error { // want Log:`^effects: db_write/insert job_log; calls p2$`
	_, _ = db.Exec("insert into job_log(name) values ($1)", job.Name)
	return next()
}

// Unregistered has a job's signature but nothing registers it: found by
// its shape alone, with low confidence.
func Unregistered(job *work.Job) error { // want Unregistered:`^no effects$`
	return nil
}

func Register(pool *work.WorkerPool) { // want Register:`^no effects$`
	pool.Middleware((*Ctx).Log)
	pool.JobWithOptions("send_invoice", work.JobOptions{MaxFails: 3}, (*Ctx).SendInvoice)
	pool.Job("export", (*Ctx).Export)
	pool.Job("cleanup", Cleanup)
}
