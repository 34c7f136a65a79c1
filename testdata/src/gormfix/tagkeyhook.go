package gormfix

import (
	"context"
	"encoding/json"
	"log"

	"github.com/hibiken/asynq"
	"gorm.io/gorm"

	"declared/gormmodels"
)

// A model hook of another package (gormmodels' BeforeCreate), read from
// that package's fact (summary.HookFields): a hook that sets no column of
// the unique key leaves the key the job's; one that sets a key column
// from the clock makes the row new on every delivery.

// HookPublisher inserts entries whose models have BeforeCreate hooks.
type HookPublisher struct {
	DB *gorm.DB
	Q  *asynq.Client
}

// publishHooked: the hook fills the checksum only; the key (user_id,
// workout_id) is the caller's.
func (p *HookPublisher) publishHooked(userID, workoutID uint64) error { // want publishHooked:`^effects: db_write/insert hooked_entries; publish/enqueue asynq guarded=processed_jobs$`
	if err := p.DB.Create(&gormmodels.HookedEntry{UserID: userID, WorkoutID: workoutID, Body: "hello"}).Error; err != nil {
		return err
	}
	_, err := p.Q.Enqueue(asynq.NewTask("deliver", nil))
	return err
}

// publishSlotted, the near miss: the hook sets the key's slot from the
// clock when the row leaves it empty.
func (p *HookPublisher) publishSlotted(userID uint64) error { // want publishSlotted:`^effects: db_write/insert slotted_entries; publish/enqueue asynq$`
	if err := p.DB.Create(&gormmodels.SlottedEntry{UserID: userID, Body: "hello"}).Error; err != nil {
		return err
	}
	_, err := p.Q.Enqueue(asynq.NewTask("deliver", nil))
	return err
}

// PublishHooked: a redelivery's create fails on the job's key and the
// handler only logs it: nothing repeats (guarded).
func (p *HookPublisher) PublishHooked(ctx context.Context, t *asynq.Task) error { // want PublishHooked:`^effects: db_write/insert hooked_entries guarded=processed_jobs; publish/enqueue asynq guarded=processed_jobs$`
	var m outboxMsg
	if err := json.Unmarshal(t.Payload(), &m); err != nil {
		return nil
	}
	if err := p.publishHooked(m.UserID, m.WorkoutID); err != nil {
		log.Printf("publish: %v", err)
	}
	return nil
}

// PublishSlotted: the hook's clock makes every delivery's row new, so
// both the insert and the enqueue repeat.
func (p *HookPublisher) PublishSlotted(ctx context.Context, t *asynq.Task) error { // want PublishSlotted:`^effects: db_write/insert slotted_entries; publish/enqueue asynq$` `unguarded: handler \(\*gormfix.HookPublisher\).PublishSlotted`
	var m outboxMsg
	if err := json.Unmarshal(t.Payload(), &m); err != nil {
		return nil
	}
	if err := p.publishSlotted(m.UserID); err != nil {
		log.Printf("publish: %v", err)
	}
	return nil
}

func RegisterHooked(mux *asynq.ServeMux, p *HookPublisher) { // want RegisterHooked:`^no effects$`
	mux.HandleFunc("publish-hooked", p.PublishHooked)
	mux.HandleFunc("publish-slotted", p.PublishSlotted)
}
