// Package tworker wraps a Temporal worker behind the application's own
// interface: its implementation registers what it is given.
package tworker

import "go.temporal.io/sdk/worker"

// TemporalWorker is the application's worker.
type TemporalWorker interface {
	RegisterActivity(a interface{}) error // want RegisterActivity:`forwards \[\{0 temporal `
	RegisterWorkflow(w interface{}) error // want RegisterWorkflow:`forwards \[\{0 temporal-workflow `
}

type temporalWorker struct{ w worker.Worker }

// New wraps w.
func New(w worker.Worker) TemporalWorker { return &temporalWorker{w: w} } // want New:"no effects" New:`returns`

func (t *temporalWorker) RegisterActivity(a interface{}) error { // want RegisterActivity:"no effects" RegisterActivity:`forwards`
	t.w.RegisterActivity(a)
	return nil
}

func (t *temporalWorker) RegisterWorkflow(w interface{}) error { // want RegisterWorkflow:"no effects" RegisterWorkflow:`forwards`
	t.w.RegisterWorkflow(w)
	return nil
}

// RegisterActivities registers each of acts: its callers' elements are
// the activities.
func RegisterActivities(w worker.Worker, acts ...interface{}) { // want RegisterActivities:"no effects" RegisterActivities:`forwards \[\{1 temporal .* true  0 \}\]`
	for _, a := range acts {
		w.RegisterActivity(a)
	}
}

// Registrar implements tapi.Registrar.
type Registrar struct{ W worker.Worker }

func (r Registrar) Register(a interface{}) { // want Register:"no effects" Register:`forwards`
	r.W.RegisterActivity(a)
}
