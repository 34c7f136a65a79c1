// Package registry is an application's own job API: jobs are registered
// as values of its Job interface, and underneath the framework receives
// an adapter that calls the job's method. Each concrete job passed at the
// callers is a handler, not the adapter.
package registry

import (
	"context"

	"github.com/hibiken/asynq"
)

// Job is the application's job interface.
type Job interface {
	Name() string
	Run(ctx context.Context, payload []byte) error
}

// TaskHandler is a job that takes the task itself.
type TaskHandler interface {
	Process(ctx context.Context, t *asynq.Task) error
}

type Registry struct{ mux *asynq.ServeMux }

// RegisterJob hands asynq a closure that runs the job; the task is the
// job's Name().
func (r *Registry) RegisterJob(ctx context.Context, j Job) { // want RegisterJob:`^effects: dynamic_call/call \(registry.Job\).Name` RegisterJob:`forwards`
	r.mux.HandleFunc(j.Name(), func(ctx context.Context, t *asynq.Task) error {
		return j.Run(ctx, t.Payload())
	})
}

// Handle registers the method value h.Process under the caller's name.
func (r *Registry) Handle(name string, h TaskHandler) { // want Handle:"no effects" Handle:`forwards`
	r.mux.HandleFunc(name, h.Process)
}

// MapRegistry keeps the jobs in a map; one dispatcher, registered with
// asynq, runs the job the task names. Each job added is a handler too.
type MapRegistry struct{ jobs map[string]Job }

func (r *MapRegistry) Add(j Job) { // want Add:`^effects: dynamic_call/call \(registry.Job\).Name.*; memory_write/set ifacejobs/registry.MapRegistry.jobs holder=p0$` Add:`forwards` Add:`stores map\[1:\[field ifacejobs/registry.MapRegistry.jobs\[\]\]\]`
	r.jobs[j.Name()] = j
}

func (r *MapRegistry) Dispatch(ctx context.Context, t *asynq.Task) error { // wholewant `^unguarded: .*twice: insert into audit \(medium\) at` // want Dispatch:`^effects: dynamic_call/call \(registry.Job\).Run` Dispatch:`handler asynq \(\*registry.MapRegistry\).Dispatch` `unguarded: handler \(\*registry.MapRegistry\).Dispatch \(asynq task "jobs"\) repeats .*insert into audit`
	j, ok := r.jobs[t.Type()]
	if !ok {
		return nil
	}
	return j.Run(ctx, t.Payload())
}

func (r *MapRegistry) Mount(mux *asynq.ServeMux) { // want Mount:"no effects"
	mux.HandleFunc("jobs", r.Dispatch)
}
