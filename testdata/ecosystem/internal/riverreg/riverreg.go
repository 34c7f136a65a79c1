// Package riverreg is the application's River registrar (River v0.51.2):
// its services hand it functions of their jobs' args, which it wraps in
// workers that call them with the job's args. Each function passed is a
// handler, its task the Kind() of the args type its caller instantiates
// RegisterWorkerFunc with; the wrapping closure, a handler of unknown
// task per package, is none in the whole program (package jobs calls it).
package riverreg

import (
	"context"

	"github.com/riverqueue/river"
)

var workers = river.NewWorkers()

// Workers is the bundle the client is built with.
func Workers() *river.Workers { return workers }

// RegisterWorkerFunc registers work for the jobs of args type A.
func RegisterWorkerFunc[A river.JobArgs](work func(context.Context, A) error) {
	river.AddWorker[A](workers, river.WorkFunc(func(ctx context.Context, j *river.Job[A]) error {
		return work(ctx, j.Args)
	}))
}
