package jobs

import (
	"context"
	"errors"
	"strconv"

	"github.com/hibiken/asynq"
	"gorm.io/gorm"
)

// An in-memory outbox on the real gorm and asynq (issue 28, stop 51):
// tasks are collected while a transaction runs and enqueued after it
// commits. Collected only after a create that a unique key makes a claim
// (a duplicate taken as success collects nothing), a second delivery's
// flush runs over an empty outbox: guarded. Collected before the create
// (the near miss), it is flushed again.

// outbox holds the tasks to enqueue after the commit.
type outbox struct {
	tasks []*asynq.Task
}

func newOutbox() *outbox { return &outbox{} }

func (o *outbox) add(kind string, p []byte) { o.tasks = append(o.tasks, asynq.NewTask(kind, p)) }

// flush enqueues what was collected, only when there is something.
func (o *outbox) flush(q *asynq.Client) error {
	if len(o.tasks) == 0 {
		return nil
	}
	for _, t := range o.tasks {
		if _, err := q.Enqueue(t); err != nil {
			return err
		}
	}
	return nil
}

// OutboxDeps are the clients of the outbox handlers.
type OutboxDeps struct {
	DB *gorm.DB
	Q  *asynq.Client
}

func summaryOf(t *asynq.Task) ArticleSummary {
	id, _ := strconv.ParseUint(string(t.Payload()), 10, 64)
	return ArticleSummary{ArticleID: uint(id), Text: "x"}
}

// OutboxAfter collects the task only after the create succeeded.
func (d *OutboxDeps) OutboxAfter(ctx context.Context, t *asynq.Task) error {
	row := summaryOf(t)
	ob := newOutbox()
	err := d.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(&row).Error; err != nil {
			if errors.Is(err, gorm.ErrDuplicatedKey) {
				return nil
			}
			return err
		}
		ob.add("summarised", t.Payload())
		return nil
	})
	if err != nil {
		return err
	}
	return ob.flush(d.Q)
}

// OutboxBefore, the near miss: the task is collected before the create.
func (d *OutboxDeps) OutboxBefore(ctx context.Context, t *asynq.Task) error {
	row := summaryOf(t)
	ob := newOutbox()
	ob.add("summarised", t.Payload())
	err := d.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(&row).Error; err != nil {
			if errors.Is(err, gorm.ErrDuplicatedKey) {
				return nil
			}
			return err
		}
		return nil
	})
	if err != nil {
		return err
	}
	return ob.flush(d.Q)
}

// RegisterOutbox wires the outbox handlers and the association ones
// (assoc.go).
func RegisterOutbox(mux *asynq.ServeMux, d *OutboxDeps) {
	mux.HandleFunc("outbox:after", d.OutboxAfter)
	mux.HandleFunc("outbox:before", d.OutboxBefore)
	mux.HandleFunc("assoc:label", d.AssocLabel)
	mux.HandleFunc("assoc:summarize", d.AssocSummarize)
}
