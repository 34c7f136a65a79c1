// Package ifacejobs registers its jobs through the application's own
// registry (package registry), as values of its Job interface: each
// concrete job is a handler, with the constant its Name() returns as the
// task and the call site as its registration.
package ifacejobs

import (
	"context"
	"database/sql"

	"github.com/hibiken/asynq"

	"ifacejobs/jobs"
	"ifacejobs/registry"
)

// ledger is defined here: its findings are reported at its definition.
type ledger struct{ db *sql.DB }

// newLedger returns the interface: the constructor's concrete type is read.
func newLedger(db *sql.DB) registry.Job { return ledger{db: db} } // want newLedger:"no effects" newLedger:"returns ifacejobs.ledger"

func (ledger) Name() string { return "ledger:credit" } // want Name:"no effects" Name:`const "ledger:credit"`

func (l ledger) Run(ctx context.Context, payload []byte) error { // wholewant `^unguarded: .*twice: insert into ledger \(medium\) at` // want Run:"effects: db_write/insert ledger" `unguarded: handler ifacejobs.ledger.Run \(asynq task "ledger:credit"\) repeats .*insert into ledger`
	_, err := l.db.ExecContext(ctx, "insert into ledger(body) values ($1)", payload)
	return err
}

// reporter is registered by its method value under a name the call gives.
type reporter struct{ db *sql.DB }

func (r *reporter) Process(ctx context.Context, t *asynq.Task) error { // wholewant `^unguarded: .*twice: insert into reports \(medium\) at` // want Process:"effects: db_write/insert reports" `unguarded: handler \(\*ifacejobs.reporter\).Process \(asynq task "report:build"\) repeats .*insert into reports`
	_, err := r.db.ExecContext(ctx, "insert into reports(body) values ($1)", t.Payload())
	return err
}

// audit is added to the map registry.
type audit struct{ db *sql.DB }

func (audit) Name() string { return "audit:write" } // want Name:"no effects" Name:`const "audit:write"`

func (a audit) Run(ctx context.Context, payload []byte) error { // wholewant `^unguarded: .*twice: insert into audit \(medium\) at` // want Run:"effects: db_write/insert audit" `unguarded: handler ifacejobs.audit.Run \(asynq task "audit:write"\) repeats .*insert into audit`
	_, err := a.db.ExecContext(ctx, "insert into audit(body) values ($1)", payload)
	return err
}

func AddJobs(mreg *registry.MapRegistry, db *sql.DB) { // want AddJobs:`^effects: dynamic_call/call \(registry.Job\).Name.*; memory_write/set ifacejobs/registry.MapRegistry.jobs holder=p0$`
	mreg.Add(audit{db: db})
}

func Start(ctx context.Context, reg *registry.Registry, db *sql.DB) { // want Start:`^effects: dynamic_call/call \(registry.Job\).Name`
	reg.RegisterJob(ctx, jobs.NewSendEmailJob(db)) // wholewant `^unguarded: .*twice: insert into outbox \(medium\) at` // want `unguarded: handler \(\*jobs.SendEmail\).Run \(asynq task "email:send"\) repeats .*insert into outbox`
	reg.RegisterJob(ctx, &jobs.Cleanup{DB: db})
	reg.RegisterJob(ctx, newLedger(db))
	reg.Handle("report:build", &reporter{db: db})
}

// Store is a dependency, not a job: the closure registered under a
// constant name is the handler itself (its call resolved over the program).
type Store interface {
	DeleteExpired(ctx context.Context) error
}

func RegisterCleanup(mux *asynq.ServeMux, store Store) { // want RegisterCleanup:"no effects"
	mux.HandleFunc("store:cleanup", func(ctx context.Context, t *asynq.Task) error { // wholewant `^unresolved: go vet cannot tell what ifacejobs.RegisterCleanup.func1 does` // want `unresolved: go vet cannot tell what ifacejobs.RegisterCleanup.func1 does`
		return store.DeleteExpired(ctx)
	})
}
