// Package tworker wraps a Temporal worker behind the application's own
// interface: its implementation registers what it is given.
package tworker

import "go.temporal.io/sdk/worker"

// TemporalWorker is the application's worker.
type TemporalWorker interface {
	RegisterActivity(a interface{}) error
}

type temporalWorker struct{ w worker.Worker }

// New wraps w.
func New(w worker.Worker) TemporalWorker { return &temporalWorker{w: w} }

func (t *temporalWorker) RegisterActivity(a interface{}) error {
	t.w.RegisterActivity(a)
	return nil
}
