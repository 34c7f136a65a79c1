// Package tservice is the application's Temporal service: it registers
// through the worker interface of another package (a second layer).
package tservice

import "example.com/consumers/temporalw/tworker"

// Service registers activities per task queue.
type Service interface {
	RegisterActivity(queue string, a interface{}) error
}

type service struct {
	workers map[string]tworker.TemporalWorker
}

// New returns the service.
func New(workers map[string]tworker.TemporalWorker) Service { return &service{workers: workers} }

func (s *service) RegisterActivity(queue string, a interface{}) error {
	return s.workers[queue].RegisterActivity(a)
}
