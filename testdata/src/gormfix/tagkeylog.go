package gormfix

import (
	"context"
	"encoding/json"
	"log"
	"time"

	"github.com/hibiken/asynq"
	"gorm.io/gorm"

	"declared/gormmodels"
)

// OutboxRepo is a repository handed the row its callers build.
type OutboxRepo struct{ DB *gorm.DB }

// Create inserts the row it is passed: the key is the callers'.
func (r *OutboxRepo) Create(row *gormmodels.OutboxEntry) error { // want Create:`^effects: db_write/insert outbox_entries$`
	return r.DB.Create(row).Error
}

type outboxMsg struct {
	UserID    uint64 `json:"user_id"`
	WorkoutID uint64 `json:"workout_id"`
}

// Publisher publishes a workout once: the entry, then an enqueue made
// only when the entry was created.
type Publisher struct {
	Repo *OutboxRepo
	Q    *asynq.Client
}

func (p *Publisher) publish(userID, workoutID uint64) error { // want publish:`^effects: db_write/insert outbox_entries; publish/enqueue asynq guarded=processed_jobs$`
	if err := p.Repo.Create(&gormmodels.OutboxEntry{UserID: userID, WorkoutID: workoutID, Body: "hello"}); err != nil {
		return err
	}
	_, err := p.Q.Enqueue(asynq.NewTask("deliver", nil))
	return err
}

// PublishLogged: the row's unique (user_id, workout_id) is the job's; a
// redelivery's create fails on it, and the handler only logs that
// failure: the entry is not written twice, the enqueue after it does not
// run again (guarded).
func (p *Publisher) PublishLogged(ctx context.Context, t *asynq.Task) error { // want PublishLogged:`^effects: db_write/insert outbox_entries guarded=processed_jobs; publish/enqueue asynq guarded=processed_jobs$`
	var m outboxMsg
	if err := json.Unmarshal(t.Payload(), &m); err != nil {
		return nil
	}
	if err := p.publish(m.UserID, m.WorkoutID); err != nil {
		log.Printf("publish: %v", err)
	}
	return nil
}

// PublishStamped, the near miss: the workout column is given the clock,
// new on every delivery, so nothing fails and both repeat.
func (p *Publisher) PublishStamped(ctx context.Context, t *asynq.Task) error { // want PublishStamped:`^effects: db_write/insert outbox_entries; publish/enqueue asynq guarded=processed_jobs$` `unguarded: handler \(\*gormfix.Publisher\).PublishStamped`
	var m outboxMsg
	if err := json.Unmarshal(t.Payload(), &m); err != nil {
		return nil
	}
	if err := p.publish(m.UserID, uint64(time.Now().UnixNano())); err != nil {
		log.Printf("publish: %v", err)
	}
	return nil
}

func RegisterOutbox(mux *asynq.ServeMux, p *Publisher) { // want RegisterOutbox:`^no effects$`
	mux.HandleFunc("publish", p.PublishLogged)
	mux.HandleFunc("publish-stamped", p.PublishStamped)
}
