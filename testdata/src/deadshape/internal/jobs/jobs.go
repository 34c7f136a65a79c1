// Package jobs holds the River workers of the deadshape program (an
// internal package: no other module can import it). SendWorker is added
// to the workers; PurgeWorker has the worker shape but nothing builds or
// adds it (its constructor is never called): no binary runs it, so it is
// no handler. AuditWorker is not added with a registration discovery
// knows, but main puts it in a list of values (a near miss: it may be
// registered from there, and stays a handler by its shape).
package jobs

import (
	"context"
	"database/sql"

	"github.com/riverqueue/river"
)

type SendArgs struct{ ID string }

func (SendArgs) Kind() string { return "send" }

type SendWorker struct {
	river.WorkerDefaults[SendArgs]
	DB *sql.DB
}

func (w *SendWorker) Work(ctx context.Context, job *river.Job[SendArgs]) error { // want `^unguarded: .*insert into sends`
	_, err := w.DB.ExecContext(ctx, "insert into sends (ref) values ($1)", job.Args.ID)
	return err
}

type PurgeArgs struct{}

func (PurgeArgs) Kind() string { return "purge" }

type PurgeWorker struct {
	river.WorkerDefaults[PurgeArgs]
	DB *sql.DB
}

func NewPurgeWorker(db *sql.DB) *PurgeWorker { return &PurgeWorker{DB: db} }

func (w *PurgeWorker) Work(ctx context.Context, job *river.Job[PurgeArgs]) error {
	_, err := w.DB.ExecContext(ctx, "insert into purges (at) values (now())")
	return err
}

type AuditArgs struct{}

func (AuditArgs) Kind() string { return "audit" }

type AuditWorker struct {
	river.WorkerDefaults[AuditArgs]
	DB *sql.DB
}

func NewAuditWorker(db *sql.DB) *AuditWorker { return &AuditWorker{DB: db} }

func (w *AuditWorker) Work(ctx context.Context, job *river.Job[AuditArgs]) error { // want `^unguarded: .*insert into audits`
	_, err := w.DB.ExecContext(ctx, "insert into audits (at) values (now())")
	return err
}

// Register adds the workers the program runs.
func Register(workers *river.Workers, db *sql.DB) {
	river.AddWorker(workers, &SendWorker{DB: db})
}
