// Package temporalw registers Temporal (go.temporal.io/sdk v1.51.0)
// activities from []interface{} lists handed through the application's
// interface layers (tservice.Service, then tworker.TemporalWorker, then
// worker.Worker): each element of an activity's shape is a handler named
// by Temporal's rule (the method's name); a string in the list is none
// (issue 28).
package temporalw

import (
	"context"
	"database/sql"

	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"

	"example.com/consumers/temporalw/tservice"
	"example.com/consumers/temporalw/tworker"
)

// Billing holds the billing activities.
type Billing struct{ DB *sql.DB }

// Charge inserts a charge: unguarded.
func (b *Billing) Charge(ctx context.Context, id string) error {
	_, err := b.DB.ExecContext(ctx, "insert into charges (id) values ($1)", id)
	return err
}

// Lookup reads the charge: safe.
func (b *Billing) Lookup(ctx context.Context, id string) (string, error) {
	var status string
	err := b.DB.QueryRowContext(ctx, "select status from charges where id = $1", id).Scan(&status)
	return status, err
}

// RegisterService ranges over a list through the service interface.
func RegisterService(svc tservice.Service, b *Billing) error {
	for _, a := range []interface{}{b.Charge, b.Lookup, "not-an-activity"} {
		if err := svc.RegisterActivity("billing", a); err != nil {
			return err
		}
	}
	return nil
}

// Run builds the worker and registers the billing activities.
func Run(c client.Client, db *sql.DB) error {
	w := worker.New(c, "billing", worker.Options{})
	svc := tservice.New(map[string]tworker.TemporalWorker{"billing": tworker.New(w)})
	if err := RegisterService(svc, &Billing{DB: db}); err != nil {
		return err
	}
	return w.Run(worker.InterruptCh())
}
