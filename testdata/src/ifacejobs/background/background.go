// Package background mirrors an application that picks its job processor
// at run time (an interface) and registers a list of jobs in a loop: each
// job of the list is a handler, through the processor implementations
// the package defines.
package background

import (
	"context"
	"database/sql"

	"github.com/hibiken/asynq"
)

type JobHandler interface {
	QueueName() string
	HandleConsumeJob(ctx context.Context, data []byte) error
}

// ScheduledJobHandler is a job that a scheduler task enqueues.
type ScheduledJobHandler interface {
	JobHandler
	EnqueueTriggeredJob(ctx context.Context, q *asynq.Client) error
}

type JobProcessor interface {
	RegisterJob(ctx context.Context, h JobHandler) error // want RegisterJob:`forwards`
}

type asynqProcessor struct {
	mux    *asynq.ServeMux
	client *asynq.Client
}

func (p *asynqProcessor) RegisterJob(ctx context.Context, handler JobHandler) error { // want RegisterJob:`^effects: dynamic_call/call \(background.JobHandler\).QueueName` RegisterJob:`forwards`
	p.mux.HandleFunc(handler.QueueName(), func(ctx context.Context, t *asynq.Task) error {
		if len(t.Payload()) == 0 {
			return nil
		}
		return handler.HandleConsumeJob(ctx, t.Payload())
	})
	// A scheduled job's enqueuer runs under a task of its own.
	if scheduled, ok := handler.(ScheduledJobHandler); ok {
		name := scheduled.QueueName() + "Scheduler"
		p.mux.HandleFunc(name, func(ctx context.Context, _ *asynq.Task) error {
			return scheduled.EnqueueTriggeredJob(ctx, p.client)
		})
	}
	return nil
}

type CleanupHandler struct{ db *sql.DB }

func NewCleanupHandler(db *sql.DB) *CleanupHandler { return &CleanupHandler{db: db} } // want NewCleanupHandler:"no effects"

func (*CleanupHandler) QueueName() string { return "CleanupJobs" } // want QueueName:"no effects" QueueName:`const "CleanupJobs"`

// EnqueueTriggeredJob has a value receiver.
func (CleanupHandler) EnqueueTriggeredJob(ctx context.Context, q *asynq.Client) error { // wholewant `^unguarded: .*twice: publish enqueue \(asynq\) \(medium\) at` // want EnqueueTriggeredJob:"effects: publish/enqueue asynq @p2" `unguarded: handler background.CleanupHandler.EnqueueTriggeredJob \(asynq task "CleanupJobsScheduler"\) repeats`
	_, err := q.EnqueueContext(ctx, asynq.NewTask("CleanupJobs", nil))
	return err
}

func (h *CleanupHandler) HandleConsumeJob(ctx context.Context, data []byte) error { // want HandleConsumeJob:"effects: db_write/delete jobs"
	_, err := h.db.ExecContext(ctx, "delete from jobs where done")
	return err
}

type SyncHandler struct{ db *sql.DB }

func NewSyncHandler(db *sql.DB) *SyncHandler { return &SyncHandler{db: db} } // want NewSyncHandler:"no effects"

func (*SyncHandler) QueueName() string { return "SyncPlaid" } // want QueueName:"no effects" QueueName:`const "SyncPlaid"`

func (h *SyncHandler) HandleConsumeJob(ctx context.Context, data []byte) error { // wholewant `^unguarded: .*twice: insert into transactions \(medium\) at` // want HandleConsumeJob:"effects: db_write/insert transactions" `unguarded: handler \(\*background.SyncHandler\).HandleConsumeJob \(asynq task "SyncPlaid"\) repeats .*insert into transactions`
	_, err := h.db.ExecContext(ctx, "insert into transactions(body) values ($1)", data)
	return err
}

func Start(ctx context.Context, mux *asynq.ServeMux, db *sql.DB) error { // want Start:`^effects: dynamic_call/call \(background.JobProcessor\).RegisterJob`
	var processor JobProcessor = &asynqProcessor{mux: mux}
	jobs := []JobHandler{
		NewCleanupHandler(db),
		NewSyncHandler(db),
	}
	for _, job := range jobs {
		if err := processor.RegisterJob(ctx, job); err != nil {
			return err
		}
	}
	return nil
}

// Probe has no EnqueueTriggeredJob: the scheduler registration skips it
// (no unresolved registration), the job registration lists it.
type Probe struct{}

func (Probe) QueueName() string { return "Probe" } // want QueueName:"no effects" QueueName:`const "Probe"`

func (Probe) HandleConsumeJob(ctx context.Context, data []byte) error { return nil } // want HandleConsumeJob:"no effects"

func RegisterProbe(ctx context.Context, p JobProcessor) error { // want RegisterProbe:`^effects: dynamic_call/call \(background.JobProcessor\).RegisterJob`
	return p.RegisterJob(ctx, Probe{})
}
