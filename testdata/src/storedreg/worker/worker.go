// Package worker is an application's own job abstraction: a Server that
// takes handlers before it starts, as func values of its own types.
package worker

import "context"

// CronHandler runs a scheduled job.
type CronHandler func(ctx context.Context) error

// TaskHandler runs a queued task with its payload.
type TaskHandler func(ctx context.Context, payload []byte) error

// Cronjob is a handler kept until the server starts.
type Cronjob struct {
	ID      string
	Spec    string
	Handler CronHandler
}

// Task is a queued task's handler kept until the server starts.
type Task struct {
	Pattern string
	Handler TaskHandler
}

// Server is implemented by wasynq.
type Server interface {
	HandleCron(spec string, h CronHandler)
	HandleTask(pattern string, h TaskHandler)
	Start() error
}
