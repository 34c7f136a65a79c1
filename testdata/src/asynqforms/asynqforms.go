// Package asynqforms registers asynq handlers in every form the discovery
// supports and checks each is found and diagnosed at its definition.
package asynqforms

import (
	"context"
	"database/sql"
	"log"
	"time"

	"github.com/hibiken/asynq"
)

type Deps struct{ DB *sql.DB }

func (d *Deps) MethodValue(ctx context.Context, t *asynq.Task) error { // want MethodValue:"db_write/insert audit" `unguarded: handler \(\*asynqforms.Deps\).MethodValue \(asynq task "audit:write"\) .*insert into audit \(medium\).*; asynq.Unique at asynqforms/asynqforms.go:\d+ dedupes enqueueing only, not a redelivery`
	_, err := d.DB.ExecContext(ctx, "insert into audit(msg) values ($1)", string(t.Payload()))
	return err
}

func plainFunc(ctx context.Context, t *asynq.Task) error { // want plainFunc:"no effects"
	log.Printf("task %s", t.Type())
	return nil
}

type Processor struct{ DB *sql.DB }

func (p *Processor) ProcessTask(ctx context.Context, t *asynq.Task) error { // want ProcessTask:"db_write/update-increment counters" `unguarded: handler \(\*asynqforms.Processor\).ProcessTask \(asynq task "counter:bump"\) .*update-increment of counters`
	_, err := p.DB.ExecContext(ctx, "update counters set n = n + 1 where k = $1", t.Type())
	return err
}

func converted(ctx context.Context, t *asynq.Task) error { // want converted:"db_write/insert sessions" `unguarded: handler asynqforms.converted \(asynq task "session:add"\)`
	_, err := (*sql.DB)(nil).ExecContext(ctx, "insert into sessions(id) values ($1)", t.Type())
	return err
}

func wrapped(ctx context.Context, t *asynq.Task) error { // want wrapped:"db_write/insert events" `unguarded: handler asynqforms.wrapped \(asynq task "event:add"\)`
	_, err := (*sql.DB)(nil).ExecContext(ctx, "insert into events(k) values ($1)", t.Type())
	return err
}

func withLogging(h asynq.HandlerFunc) asynq.HandlerFunc { // want withLogging:"no effects" withLogging:"returns asynqforms.withLogging.func1"
	return func(ctx context.Context, t *asynq.Task) error {
		log.Printf("start %s", t.Type())
		return h(ctx, t)
	}
}

func Register(d *Deps, db *sql.DB) *asynq.ServeMux { // want Register:"no effects"
	mux := asynq.NewServeMux()
	mux.HandleFunc("audit:write", d.MethodValue)
	mux.HandleFunc("noop", plainFunc)
	mux.Handle("counter:bump", &Processor{DB: db})
	mux.Handle("session:add", asynq.HandlerFunc(converted))
	mux.HandleFunc("event:add", withLogging(wrapped))
	mux.HandleFunc("closure:insert", func(ctx context.Context, t *asynq.Task) error { // want `unguarded: handler asynqforms.Register.func1 \(asynq task "closure:insert"\)`
		_, err := db.ExecContext(ctx, "insert into closures(k) values ($1)", t.Type())
		return err
	})
	return mux
}

// EnqueueAudit enqueues with asynq.Unique: that dedupes enqueueing, it is
// not a guard, and the audit:write finding says so.
func EnqueueAudit(c *asynq.Client) error { // want EnqueueAudit:"publish/enqueue asynq"
	_, err := c.Enqueue(asynq.NewTask("audit:write", nil, asynq.Unique(time.Hour)))
	return err
}

// Periodic registers a periodic entry on the worker's scheduler: each
// delivery adds one more entry (a new ID), and every entry enqueues the
// task each period.
type Periodic struct{ Sched *asynq.Scheduler }

func (p *Periodic) ProcessTask(ctx context.Context, t *asynq.Task) error { // want ProcessTask:"publish/enqueue asynq" `unguarded: handler \(\*asynqforms.Periodic\).ProcessTask \(asynq task "periodic:setup"\) .*enqueue \(asynq\) \(medium\)`
	_, err := p.Sched.Register("@every 1h", asynq.NewTask("report:send", nil))
	return err
}

// Unschedule removes an entry by its ID: a second delivery finds none
// (near miss of Periodic).
func (p *Periodic) Unschedule(ctx context.Context, t *asynq.Task) error { // want Unschedule:"no effects"
	return p.Sched.Unregister(string(t.Payload()))
}

func RegisterPeriodic(p *Periodic) *asynq.ServeMux { // want RegisterPeriodic:"no effects"
	mux := asynq.NewServeMux()
	mux.Handle("periodic:setup", p)
	mux.HandleFunc("periodic:remove", p.Unschedule)
	return mux
}
