package jobs

import (
	"context"
	"errors"
	"time"

	"github.com/hibiken/asynq"

	"example.com/ecosystem/internal/jobq"
)

// TaskIDDeps enqueue follow-up tasks through the application's queue.
type TaskIDDeps struct {
	Q jobq.Queuer
}

// TaskIDRetry turns a failure into a retry task under the order's ID,
// after a delay it makes non-zero (convoy's ProcessEventDelivery): a
// redelivery's enqueue meets the first retry task still scheduled, so
// asynq's TaskID refuses it: guarded.
func (d *TaskIDDeps) TaskIDRetry(ctx context.Context, t *asynq.Task) (err error) {
	var delay time.Duration
	p := decode(t)
	defer func() {
		if err == nil {
			return
		}
		err = nil
		if delay == 0 {
			delay = 30 * time.Second
		}
		_ = d.Q.Write("order:retry", "retry", &jobq.Job{ID: p.OrderID, Payload: t.Payload(), Delay: delay})
	}()
	delay = time.Duration(p.Amount) * time.Second
	if p.Amount > 0 {
		return errors.New("payment not settled")
	}
	return nil
}

// TaskIDNow enqueues the follow-up under the order's ID with no delay
// (convoy's match_subs task): the first task may have run and left Redis
// before a redelivery enqueues it again: unguarded.
func (d *TaskIDDeps) TaskIDNow(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	return d.Q.Write("order:match", "default", &jobq.Job{ID: "match:" + p.OrderID, Payload: t.Payload(), Delay: 0})
}

// RegisterTaskID registers the TaskID handlers.
func RegisterTaskID(mux *asynq.ServeMux, d *TaskIDDeps) {
	mux.HandleFunc("taskid:retry", d.TaskIDRetry)
	mux.HandleFunc("taskid:now", d.TaskIDNow)
}
