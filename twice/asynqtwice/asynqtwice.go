// Package asynqtwice delivers asynq tasks to their handlers for package
// twice: Handler for an asynq.Handler (a ServeMux included), Func for a
// func(context.Context, *asynq.Task) error such as a method value.
//
// Each delivery gets a new *asynq.Task with the task's type and payload,
// as a worker builds one from the message it dequeues. asynq acknowledges
// a task after the handler returns; that happens outside the handler, so
// a lost ack is simply a redelivery here. Two things the asynq server
// provides are missing: the task's ID, retry count and queue in the
// context (asynq.GetTaskID and friends report ok == false; asynq sets them
// through an internal package), and the task's ResultWriter (nil). A
// handler keyed on asynq.GetTaskID needs a payload field in tests.
//
// It is a module of its own so that only tests using asynq compile asynq.
package asynqtwice

import (
	"context"

	"github.com/hibiken/asynq"

	"github.com/jobeffects/jobeffects/twice"
)

// Handler returns the Job that delivers task to h.
func Handler(h asynq.Handler, task *asynq.Task) twice.Job {
	return job{h, task.Type(), task.Payload()}
}

// Func returns the Job that delivers task to fn.
func Func(fn func(context.Context, *asynq.Task) error, task *asynq.Task) twice.Job {
	return Handler(asynq.HandlerFunc(fn), task)
}

type job struct {
	h       asynq.Handler
	typ     string
	payload []byte
}

func (j job) Deliver(ctx context.Context, d twice.Delivery) error {
	d.Fetched()
	return j.h.ProcessTask(ctx, asynq.NewTask(j.typ, append([]byte(nil), j.payload...)))
}
