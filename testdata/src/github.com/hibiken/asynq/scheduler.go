// Stub of github.com/hibiken/asynq@v0.26.0 for analysistest: declarations mirror the real API; bodies are empty.

package asynq

import "time"

// ---- scheduler.go ----

// A Scheduler kicks off tasks at regular intervals based on the user defined schedule.
type Scheduler struct {
	location *time.Location
}

// SchedulerOpts specifies scheduler options.
type SchedulerOpts struct {
	Location *time.Location
}

// NewScheduler returns a new Scheduler instance given the redis connection option.
func NewScheduler(r RedisConnOpt, opts *SchedulerOpts) *Scheduler { return &Scheduler{} }

// Register registers a task to be enqueued on the given schedule specified by the cronspec.
// It returns an ID of the newly registered entry.
func (s *Scheduler) Register(cronspec string, task *Task, opts ...Option) (entryID string, err error) {
	return "", nil
}

// Unregister removes a registered entry by entry ID.
func (s *Scheduler) Unregister(entryID string) error { return nil }

// Run starts the scheduler until an os signal to exit the program is received.
func (s *Scheduler) Run() error { return nil }

// Start starts the scheduler.
func (s *Scheduler) Start() error { return nil }

// Shutdown stops and shuts down the scheduler.
func (s *Scheduler) Shutdown() {}
