// Package tservice is the application's Temporal service: it registers
// through the worker interface of another package (a second layer).
package tservice

import "reglists/tworker"

// Service registers activities and workflows per task queue.
type Service interface {
	RegisterActivity(queue string, a interface{}) error // want RegisterActivity:`forwards \[\{1 temporal `
	RegisterWorkflow(queue string, w interface{}) error // want RegisterWorkflow:`forwards \[\{1 temporal-workflow `
}

type service struct {
	workers map[string]tworker.TemporalWorker
}

// New returns the service.
func New(workers map[string]tworker.TemporalWorker) Service { return &service{workers: workers} } // want New:"no effects" New:`returns`

func (s *service) RegisterActivity(queue string, a interface{}) error { // want RegisterActivity:`^effects: dynamic_call/call \(tworker.TemporalWorker\).RegisterActivity$` RegisterActivity:`forwards`
	return s.workers[queue].RegisterActivity(a)
}

func (s *service) RegisterWorkflow(queue string, w interface{}) error { // want RegisterWorkflow:`^effects: dynamic_call/call \(tworker.TemporalWorker\).RegisterWorkflow$` RegisterWorkflow:`forwards`
	return s.workers[queue].RegisterWorkflow(w)
}
