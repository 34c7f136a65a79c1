// Package storedreg registers its jobs through the application's own
// worker.Server (storedreg/worker), whose asynq implementation
// (storedreg/wasynq) keeps each handler in a struct field until it starts:
// the closures the service's methods return are the handlers.
package storedreg

import (
	"context"
	"database/sql"

	"storedreg/wasynq"
	"storedreg/worker"
)

type service struct{ db *sql.DB }

func (s *service) Cleanup() worker.CronHandler { // want Cleanup:"no effects" Cleanup:`returns \(\*storedreg.service\).Cleanup.func1`
	return func(ctx context.Context) error {
		_, err := s.db.ExecContext(ctx, "delete from sessions where expires_at < now()")
		return err
	}
}

func (s *service) Bill() worker.TaskHandler { // want Bill:"no effects" Bill:`returns \(\*storedreg.service\).Bill.func1`
	return func(ctx context.Context, payload []byte) error { // want `unguarded: handler \(\*storedreg.service\).Bill.func1 \(asynq task "invoice:bill"\) .*insert into invoices`
		_, err := s.db.ExecContext(ctx, "insert into invoices(body) values ($1)", payload)
		return err
	}
}

// Run wires the jobs.
func Run(db *sql.DB) error { // want Run:`effects: dynamic_call/call \(worker.Server\).HandleCron`
	svc := &service{db: db}
	var w worker.Server = wasynq.NewServer()
	w.HandleCron("0 1 * * *", svc.Cleanup())
	w.HandleTask("invoice:bill", svc.Bill())
	return w.Start()
}
