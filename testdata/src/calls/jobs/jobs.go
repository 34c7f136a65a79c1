// Package jobs holds handlers whose effects are behind other packages,
// function values and interfaces.
package jobs

import (
	"context"
	"database/sql"
	"reflect"

	"github.com/hibiken/asynq"

	"calls/lib"
)

type Notifier interface {
	Notify(ctx context.Context, msg string) error
}

type Deps struct {
	DB       *sql.DB
	Notifier Notifier
	Hook     func(context.Context) error
}

// Deep reaches package deep through lib: the path names every hop.
func (d *Deps) Deep(ctx context.Context, t *asynq.Task) error { // want Deep:"db_write/insert audit_log" `unguarded: handler \(\*jobs.Deps\).Deep .*insert into audit_log \(medium\) at calls/deep/deep.go:13 is not guarded; path: calls/jobs/jobs.go:\d+ \(\*jobs.Deps\).Deep → calls/lib/lib.go:\d+ lib.Audit → calls/deep/deep.go:13 deep.Record`
	return lib.Audit(ctx, d.DB, string(t.Payload()))
}

// Dynamic calls an interface method nobody here implements: unknown, not safe.
func (d *Deps) Dynamic(ctx context.Context, t *asynq.Task) error { // want Dynamic:"^handler asynq" Dynamic:"dynamic_call/call \\(jobs.Notifier\\).Notify"
	return d.Notifier.Notify(ctx, t.Type())
}

// FuncField calls a func-typed field: unknown.
func (d *Deps) FuncField(ctx context.Context, t *asynq.Task) error { // want FuncField:"^handler asynq" FuncField:"dynamic_call/call jobs.Deps.Hook"
	return d.Hook(ctx)
}

// Retried passes a closure to lib.WithRetry, which calls it.
func (d *Deps) Retried(ctx context.Context, t *asynq.Task) error { // want Retried:"db_write/update-increment counters" `unguarded: handler \(\*jobs.Deps\).Retried .*path: calls/jobs/jobs.go:\d+ \(\*jobs.Deps\).Retried → calls/jobs/jobs.go:\d+ \(\*jobs.Deps\).Retried.func1`
	return lib.WithRetry(func() error {
		_, err := d.DB.ExecContext(ctx, "update counters set n = n + 1")
		return err
	})
}

// Stored hands a closure to a registry that does not call it.
func (d *Deps) Stored(ctx context.Context, t *asynq.Task) error { // want Stored:"no effects"
	var s lib.Store
	s.Add(func() { d.DB.ExecContext(ctx, "insert into never(x) values (1)") })
	return nil
}

// Background runs its effect in a goroutine and a deferred call: both count.
func (d *Deps) Background(ctx context.Context, t *asynq.Task) error { // want Background:"db_write/insert deferred; db_write/insert async" `unguarded: handler \(\*jobs.Deps\).Background .*, nor are 1 other effects`
	defer d.DB.ExecContext(ctx, "insert into deferred(x) values (1)")
	go d.DB.ExecContext(ctx, "insert into async(x) values (1)")
	return nil
}

// Boot and Recursive use lib's sync.Once and recursion.
func (d *Deps) Boot(ctx context.Context, t *asynq.Task) error { // want Boot:"db_write/insert boot; db_write/update-increment ticks" `unguarded: handler \(\*jobs.Deps\).Boot`
	lib.Init(ctx, d.DB)
	lib.Countdown(ctx, d.DB, 3)
	return nil
}

// Reflective calls its hook through reflection: unknown.
func (d *Deps) Reflective(ctx context.Context, t *asynq.Task) error { // want Reflective:"dynamic_call/call"
	reflect.ValueOf(d.Hook).Call([]reflect.Value{reflect.ValueOf(ctx)})
	return nil
}
