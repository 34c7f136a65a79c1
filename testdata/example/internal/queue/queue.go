// Package queue is the shop's enqueue layer: the producer names the task
// and passes its retry options down, so the policy is set at its calls.
package queue

import (
	"context"
	"time"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
)

// Enqueue enqueues a task of type typ with the caller's options.
func Enqueue(ctx context.Context, c *asynq.Client, typ string, payload []byte, opts ...asynq.Option) error {
	_, err := c.EnqueueContext(ctx, asynq.NewTask(typ, payload), opts...)
	return err
}

// Once are the options of tasks that must not be retried: one run by
// retry (a crash or a shutdown can still repeat it).
func Once() []asynq.Option {
	return []asynq.Option{asynq.MaxRetry(0), asynq.Timeout(time.Minute)}
}

// InsertOnce inserts a River job with a single attempt.
func InsertOnce(ctx context.Context, c *river.Client[pgx.Tx], args river.JobArgs) error {
	_, err := c.Insert(ctx, args, &river.InsertOpts{MaxAttempts: 1})
	return err
}
