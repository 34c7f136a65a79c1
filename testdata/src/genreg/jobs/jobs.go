// Package jobs is an application's River registrar: its services hand it
// functions of their jobs' arguments, which it wraps in workers.
package jobs

import (
	"context"

	"github.com/riverqueue/river"
)

var workers = river.NewWorkers()

// Workers is the bundle the client is built with.
func Workers() *river.Workers { return workers } // want Workers:"no effects"

// RegisterWorkerFunc registers work for the jobs of args type A, through a
// closure that calls it with the job's args: the closure is plumbing,
// each caller's function is a handler, its task A's Kind().
func RegisterWorkerFunc[A river.JobArgs](work func(context.Context, A) error) { // want RegisterWorkerFunc:"no effects" RegisterWorkerFunc:`^forwards \[\{0 river  -1 .* 1 genreg/jobs.RegisterWorkerFunc\}\]$`
	river.AddWorker[A](workers, river.WorkFunc(func(ctx context.Context, j *river.Job[A]) error {
		return work(ctx, j.Args)
	}))
}

// RegisterJobFunc hands its parameter to the framework itself.
func RegisterJobFunc[A river.JobArgs](work func(context.Context, *river.Job[A]) error) { // want RegisterJobFunc:"no effects" RegisterJobFunc:`^forwards \[\{0 river  -1 .* 1 \}\]$`
	river.AddWorker(workers, river.WorkFunc(work))
}

type ExportArgs struct{ ID string }

func (ExportArgs) Kind() string { return "export-report" } // want Kind:"no effects" Kind:`const "export-report"`

// RegisterExport is not generic: the task is known here.
func RegisterExport(work func(context.Context, ExportArgs) error) { // want RegisterExport:"no effects" RegisterExport:`^forwards \[\{0 river export-report -1 .* 0 genreg/jobs.RegisterExport\}\]$`
	river.AddWorker(workers, river.WorkFunc(func(ctx context.Context, j *river.Job[ExportArgs]) error {
		return work(ctx, j.Args)
	}))
}

type PingArgs struct{}

func (PingArgs) Kind() string { return "ping" } // want Kind:"no effects" Kind:`const "ping"`

// RegisterPing calls its parameter with nothing of the job: a callback,
// not the handler; the closure is the handler.
func RegisterPing(done func(context.Context)) { // want RegisterPing:"no effects"
	river.AddWorker(workers, river.WorkFunc(func(ctx context.Context, j *river.Job[PingArgs]) error {
		done(ctx)
		return nil
	}))
}

// RegisterTimed is an adapter registrar the program calls only through
// another registrar (genreg's registerTraced): the handlers registered
// there name it too (Forward.Adapter passed on).
func RegisterTimed[A river.JobArgs](work func(context.Context, A) error) { // want RegisterTimed:"no effects" RegisterTimed:`^forwards \[\{0 river  -1 .* 1 genreg/jobs.RegisterTimed\}\]$`
	river.AddWorker[A](workers, river.WorkFunc(func(ctx context.Context, j *river.Job[A]) error {
		return work(ctx, j.Args)
	}))
}

// RegisterUnused is an adapter registrar nothing in the program calls:
// its closure, registered all the same, is the only trace of it and
// stays a handler in the whole program too.
func RegisterUnused[A river.JobArgs](work func(context.Context, A) error) { // want RegisterUnused:"no effects" RegisterUnused:`^forwards \[\{0 river  -1 .* 1 genreg/jobs.RegisterUnused\}\]$`
	river.AddWorker[A](workers, river.WorkFunc(func(ctx context.Context, j *river.Job[A]) error {
		return work(ctx, j.Args)
	}))
}

type SyncUserArgs struct{ UserID string }

func (SyncUserArgs) Kind() string { return "sync-user" } // want Kind:"no effects" Kind:`const "sync-user"`

type CleanupArgs struct{ Days int }

func (CleanupArgs) Kind() string { return "cleanup" } // want Kind:"no effects" Kind:`const "cleanup"`

type TouchArgs struct{ ID string }

func (TouchArgs) Kind() string { return "touch" } // want Kind:"no effects" Kind:`const "touch"`

type AuditArgs struct{ ID string }

func (AuditArgs) Kind() string { return "audit" } // want Kind:"no effects" Kind:`const "audit"`
