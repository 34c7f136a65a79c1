// Package wasynq implements worker.Server on asynq: HandleCron and
// HandleTask keep their handler in a struct appended to a slice field of
// the server, and Start registers each kept handler with asynq through an
// adapter. Neither method registers anything itself: each forwards its
// handler parameter through the field it stores it in.
package wasynq

import (
	"context"

	"github.com/hibiken/asynq"

	"storedreg/worker"
)

type server struct {
	mux      *asynq.ServeMux
	cronjobs []worker.Cronjob
	tasks    []worker.Task
}

// NewServer returns the asynq implementation of worker.Server.
func NewServer() worker.Server { // want NewServer:"no effects" NewServer:`returns \*wasynq.server`
	return &server{cronjobs: []worker.Cronjob{}}
}

func (s *server) HandleCron(spec string, h worker.CronHandler) { // want HandleCron:`forwards \[\{1 asynq  -1 ` HandleCron:`effects: memory_write/insert storedreg/wasynq.server.cronjobs`
	c := worker.Cronjob{ID: newID(), Spec: spec, Handler: h}
	s.cronjobs = append(s.cronjobs, c)
}

func (s *server) HandleTask(pattern string, h worker.TaskHandler) { // want HandleTask:`forwards \[\{1 asynq  0 ` HandleTask:`effects: memory_write/insert storedreg/wasynq.server.tasks`
	t := worker.Task{Pattern: pattern}
	t.Handler = h
	s.tasks = append(s.tasks, t)
}

func (s *server) Start() error { // want Start:`effects: memory_write/set storedreg/wasynq.server.mux`
	s.mux = asynq.NewServeMux()
	for _, c := range s.cronjobs {
		s.mux.HandleFunc(c.ID, cronToAsynq(c.Handler))
		schedule(&c)
	}
	for _, t := range s.tasks {
		s.mux.HandleFunc(t.Pattern, taskToAsynq(t.Handler))
	}
	return nil
}

func cronToAsynq(h worker.CronHandler) func(context.Context, *asynq.Task) error { // want cronToAsynq:"no effects" cronToAsynq:`returns wasynq.cronToAsynq.func1`
	return func(ctx context.Context, _ *asynq.Task) error { return h(ctx) }
}

func taskToAsynq(h worker.TaskHandler) func(context.Context, *asynq.Task) error { // want taskToAsynq:"no effects" taskToAsynq:`returns wasynq.taskToAsynq.func1`
	return func(ctx context.Context, t *asynq.Task) error { return h(ctx, t.Payload()) }
}

func schedule(*worker.Cronjob) {} // want schedule:"no effects"

func newID() string { return "cron" } // want newID:"no effects" newID:`const "cron"`
