package gormfix

import (
	"context"
	"errors"
	"strconv"

	"github.com/hibiken/asynq"
	"gorm.io/gorm"

	"declared/gormmodels"
)

// outbox collects tasks in memory while a transaction runs and enqueues
// them after it commits. add builds the task it collects (a method that
// appends its own argument is a queue's hand-off, queues.go).
type outbox struct {
	tasks []*asynq.Task
}

func newOutbox() *outbox { return &outbox{} } // want newOutbox:`^no effects$`

func (o *outbox) add(kind string, p []byte) { o.tasks = append(o.tasks, asynq.NewTask(kind, p)) } // want add:`^effects: memory_write/insert gormfix.outbox.tasks holder=p0$`

// flush enqueues what was collected, only when there is something.
func (o *outbox) flush(q *asynq.Client) error { // want flush:`^effects: publish/enqueue asynq @p1$`
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

// announce enqueues one task whatever was collected.
func (o *outbox) announce(q *asynq.Client) error { // want announce:`^effects: publish/enqueue asynq @p1$`
	_, err := q.Enqueue(asynq.NewTask("announced", nil))
	return err
}

func (s *Assoc) summaryFor(ctx context.Context, t *asynq.Task) gormmodels.AssocSummary { // want summaryFor:`^no effects$`
	id, _ := strconv.ParseUint(string(t.Payload()), 10, 64)
	return gormmodels.AssocSummary{AssocArticleID: uint(id), Text: "x"}
}

// Outbox: the task is collected only after the create (unique on the
// article) succeeded; a duplicate is taken as success and collects
// nothing, so a second delivery's flush runs over an empty outbox.
func (s *Assoc) Outbox(ctx context.Context, t *asynq.Task) error { // want Outbox:`^effects: publish/enqueue asynq guarded=processed_jobs; db_write/insert assoc_summaries guarded=processed_jobs$`
	row := s.summaryFor(ctx, t)
	ob := newOutbox()
	err := s.DB.Transaction(func(tx *gorm.DB) error {
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
	return ob.flush(s.Q)
}

// OutboxBefore, near miss: the task is collected before the create, so
// a second delivery flushes it again.
func (s *Assoc) OutboxBefore(ctx context.Context, t *asynq.Task) error { // want OutboxBefore:`^effects: publish/enqueue asynq; db_write/insert assoc_summaries guarded=processed_jobs$` `unguarded: handler \(\*gormfix.Assoc\).OutboxBefore`
	row := s.summaryFor(ctx, t)
	ob := newOutbox()
	ob.add("summarised", t.Payload())
	err := s.DB.Transaction(func(tx *gorm.DB) error {
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
	return ob.flush(s.Q)
}

// OutboxBoth, near miss: the duplicate's branch collects a task too.
func (s *Assoc) OutboxBoth(ctx context.Context, t *asynq.Task) error { // want OutboxBoth:`^effects: publish/enqueue asynq; db_write/insert assoc_summaries guarded=processed_jobs$` `unguarded: handler \(\*gormfix.Assoc\).OutboxBoth`
	row := s.summaryFor(ctx, t)
	ob := newOutbox()
	err := s.DB.Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(&row).Error; err != nil {
			if errors.Is(err, gorm.ErrDuplicatedKey) {
				ob.add("summarised", t.Payload())
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
	return ob.flush(s.Q)
}

// OutboxAnnounce, near miss: the enqueue is not over the collection.
func (s *Assoc) OutboxAnnounce(ctx context.Context, t *asynq.Task) error { // want OutboxAnnounce:`^effects: publish/enqueue asynq; db_write/insert assoc_summaries guarded=processed_jobs$` `unguarded: handler \(\*gormfix.Assoc\).OutboxAnnounce`
	row := s.summaryFor(ctx, t)
	ob := newOutbox()
	err := s.DB.Transaction(func(tx *gorm.DB) error {
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
	return ob.announce(s.Q)
}

// record creates one summary and collects its task only when the create
// succeeded: the outbox it is handed is filled after its claim.
func (s *Assoc) record(tx *gorm.DB, row *gormmodels.AssocSummary, ob *outbox) error { // want record:`^effects: memory_write/insert gormfix.outbox.tasks holder=p3 guarded=processed_jobs; db_write/insert assoc_summaries @p1 guarded=processed_jobs$`
	if err := tx.Create(row).Error; err != nil {
		if errors.Is(err, gorm.ErrDuplicatedKey) {
			return nil
		}
		return err
	}
	ob.add("summarised", nil)
	return nil
}

// OutboxEach: each row is created by a helper handed the outbox, which
// fills it only after its own claim.
func (s *Assoc) OutboxEach(ctx context.Context, t *asynq.Task) error { // want OutboxEach:`^effects: publish/enqueue asynq guarded=processed_jobs; db_write/insert assoc_summaries guarded=processed_jobs$`
	rows := []gormmodels.AssocSummary{s.summaryFor(ctx, t)}
	ob := newOutbox()
	err := s.DB.Transaction(func(tx *gorm.DB) error {
		for i := range rows {
			if err := s.record(tx, &rows[i], ob); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	return ob.flush(s.Q)
}

// newGreetingOutbox starts with a task of its own.
func newGreetingOutbox() *outbox { // want newGreetingOutbox:`^no effects$`
	return &outbox{tasks: []*asynq.Task{asynq.NewTask("hello", nil)}}
}

// OutboxPrefilled, near miss: the constructor fills the outbox before
// any claim, so a second delivery flushes its task again.
func (s *Assoc) OutboxPrefilled(ctx context.Context, t *asynq.Task) error { // want OutboxPrefilled:`^effects: publish/enqueue asynq; db_write/insert assoc_summaries guarded=processed_jobs$` `unguarded: handler \(\*gormfix.Assoc\).OutboxPrefilled`
	row := s.summaryFor(ctx, t)
	ob := newGreetingOutbox()
	err := s.DB.Transaction(func(tx *gorm.DB) error {
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
	return ob.flush(s.Q)
}
