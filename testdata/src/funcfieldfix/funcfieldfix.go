// Package funcfieldfix covers a call through a function value a variable
// merges from a struct field and a closure (work := w.work; if work == nil
// { work = func(…){…} }), handed to a helper that calls it: the field is
// one of the package's own unexported fields, so the package's production
// code is every place it is set. Nothing but a test sets w.work, so the
// call runs the closure (RefreshWorker); a field its constructor sets to
// a method runs that method or the closure (MailWorker). Near misses: an
// exported field another package may set, and a field set from a
// constructor's parameter, stay unknown.
package funcfieldfix

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
)

type refreshWork func(context.Context, string) error

// run calls the work it is given, as ghsync's runRefresh does.
func run(ctx context.Context, work refreshWork, key string) error { // want run:"effects: calls p1"
	if work == nil {
		return errors.New("not configured")
	}
	return work(ctx, key)
}

type RefreshArgs struct{ Key string }

func (RefreshArgs) Kind() string { return "refresh" } // want Kind:"no effects" Kind:`const "refresh"`

// RefreshWorker's work field is set only by its tests: the call runs the
// closure.
type RefreshWorker struct {
	river.WorkerDefaults[RefreshArgs]
	Pool *pgxpool.Pool
	work refreshWork
}

func (w *RefreshWorker) Work(ctx context.Context, job *river.Job[RefreshArgs]) error { // want Work:`^effects: db_write/insert audit$` `unguarded: handler \(\*funcfieldfix.RefreshWorker\).Work \(river task "refresh"\) repeats its side effects`
	work := w.work
	if work == nil {
		work = func(ctx context.Context, key string) error {
			_, err := w.Pool.Exec(ctx, "insert into audit(key) values ($1)", key)
			return err
		}
	}
	return run(ctx, work, job.Args.Key)
}

type MailArgs struct{ To string }

func (MailArgs) Kind() string { return "mail" } // want Kind:"no effects" Kind:`const "mail"`

// MailWorker's send field is set by its constructor to a method of the
// worker: the call runs that method, or the closure when unset.
type MailWorker struct {
	river.WorkerDefaults[MailArgs]
	Pool *pgxpool.Pool
	send refreshWork
}

func NewMailWorker(pool *pgxpool.Pool) *MailWorker { // want NewMailWorker:"no effects"
	w := &MailWorker{Pool: pool}
	w.send = w.record
	return w
}

func (w *MailWorker) record(ctx context.Context, to string) error { // want record:"effects: db_write/insert outbox"
	_, err := w.Pool.Exec(ctx, "insert into outbox(addr) values ($1)", to)
	return err
}

func (w *MailWorker) Work(ctx context.Context, job *river.Job[MailArgs]) error { // want Work:`^effects: db_write/insert outbox; db_write/delete outbox$` `unguarded: handler \(\*funcfieldfix.MailWorker\).Work \(river task "mail"\) repeats its side effects`
	send := w.send
	if send == nil {
		send = func(ctx context.Context, to string) error {
			_, err := w.Pool.Exec(ctx, "delete from outbox where addr = $1", to)
			return err
		}
	}
	return run(ctx, send, job.Args.To)
}

type HookArgs struct{ Key string }

func (HookArgs) Kind() string { return "hook" } // want Kind:"no effects" Kind:`const "hook"`

// HookWorker's Work field is exported: another package may set it, so
// the merged value stays unknown (near miss).
type HookWorker struct {
	river.WorkerDefaults[HookArgs]
	Pool  *pgxpool.Pool
	Work2 refreshWork
}

func (w *HookWorker) Work(ctx context.Context, job *river.Job[HookArgs]) error { // want Work:`^effects: dynamic_call/call value of type funcfieldfix.refreshWork$` `unresolved: go vet cannot tell`
	work := w.Work2
	if work == nil {
		work = func(ctx context.Context, key string) error {
			_, err := w.Pool.Exec(ctx, "insert into audit(key) values ($1)", key)
			return err
		}
	}
	return run(ctx, work, job.Args.Key)
}

type InjectArgs struct{ Key string }

func (InjectArgs) Kind() string { return "inject" } // want Kind:"no effects" Kind:`const "inject"`

// InjectWorker's work field is set from its constructor's parameter: what
// the caller passes is not known here (near miss).
type InjectWorker struct {
	river.WorkerDefaults[InjectArgs]
	Pool *pgxpool.Pool
	work refreshWork
}

func NewInjectWorker(pool *pgxpool.Pool, work refreshWork) *InjectWorker { // want NewInjectWorker:`stores map\[1:\[field funcfieldfix.InjectWorker.work\]\]` NewInjectWorker:"no effects"
	return &InjectWorker{Pool: pool, work: work}
}

func (w *InjectWorker) Work(ctx context.Context, job *river.Job[InjectArgs]) error { // want Work:`^effects: dynamic_call/call value of type funcfieldfix.refreshWork$` `unresolved: go vet cannot tell`
	work := w.work
	if work == nil {
		work = func(ctx context.Context, key string) error {
			_, err := w.Pool.Exec(ctx, "insert into audit(key) values ($1)", key)
			return err
		}
	}
	return run(ctx, work, job.Args.Key)
}
