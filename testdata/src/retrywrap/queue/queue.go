// Package queue is an application's enqueue layer: its helpers take the
// task, its type, the job args and the retry options from their callers,
// or set the options themselves.
package queue

import (
	"context"

	"github.com/hibiken/asynq"
	"github.com/riverqueue/river"
)

// Enqueue passes the caller's task and options down.
func Enqueue(c *asynq.Client, t *asynq.Task, opts ...asynq.Option) error { // want Enqueue:"publish/enqueue asynq" Enqueue:`retry: enqueues asynq value=p1 \[p2\]`
	_, err := c.Enqueue(t, opts...)
	return err
}

// EnqueueType builds the task of the caller's type, with a policy of its own.
func EnqueueType(ctx context.Context, c *asynq.Client, typ string, payload []byte) error { // want EnqueueType:"publish/enqueue asynq" EnqueueType:`retry: enqueues asynq task=p2 \[max_retry=1\]`
	_, err := c.EnqueueContext(ctx, asynq.NewTask(typ, payload), asynq.MaxRetry(1))
	return err
}

// EnqueueOnce allows the caller's task a single run by retry.
func EnqueueOnce(c *asynq.Client, typ string, payload []byte) error { // want EnqueueOnce:"publish/enqueue asynq" EnqueueOnce:`retry: enqueues asynq task=p1 \[max_retry=0\]`
	_, err := c.Enqueue(asynq.NewTask(typ, payload, asynq.MaxRetry(0)))
	return err
}

// DefaultOpts are the options most tasks are enqueued with.
func DefaultOpts() []asynq.Option { // want DefaultOpts:"no effects" DefaultOpts:`retry: returns asynq \[max_retry=3\]`
	return []asynq.Option{asynq.MaxRetry(3), asynq.Queue("low")}
}

// WithDefaults puts the caller's options after the defaults: they win.
func WithDefaults(opts ...asynq.Option) []asynq.Option { // want WithDefaults:"no effects" WithDefaults:`retry: returns asynq \[max_retry=3 p0\]`
	return append([]asynq.Option{asynq.MaxRetry(3)}, opts...)
}

// Insert passes the caller's job args and insert options down.
func Insert[TTx any](ctx context.Context, c *river.Client[TTx], args river.JobArgs, opts *river.InsertOpts) error { // want Insert:"publish/enqueue river" Insert:`retry: enqueues river value=p2 \[p3\]`
	_, err := c.Insert(ctx, args, opts)
	return err
}

// InsertOnce gives the caller's job a single attempt.
func InsertOnce[TTx any](ctx context.Context, c *river.Client[TTx], args river.JobArgs) error { // want InsertOnce:"publish/enqueue river" InsertOnce:`retry: enqueues river value=p2 \[max_attempts=1\]`
	_, err := c.Insert(ctx, args, &river.InsertOpts{MaxAttempts: 1})
	return err
}
