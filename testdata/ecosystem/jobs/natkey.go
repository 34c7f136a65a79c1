package jobs

import (
	"context"
	"encoding/json"
	"log"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"gorm.io/gorm"

	"example.com/ecosystem/internal/nkrepo"
)

// NatKeyDeps are the clients of the handlers that insert an order whose
// only key, the id, is the order's own UID from the job (a business key)
// or a new uuid (a surrogate).
type NatKeyDeps struct {
	DB   *gorm.DB
	Repo OrderRepo // *nkrepo.Orders, wired in cmd/worker
}

// OrderRepo is the application's repository interface.
type OrderRepo interface {
	Add(m nkrepo.Msg) error
	AddFresh(m nkrepo.Msg) error
}

// toOrder converts the message into the model (its TableName() is
// nkrepo's).
func toOrder(m nkrepo.Msg) nkrepo.Order { return nkrepo.Order{ID: m.OrderUID, Track: m.Track} }

func (d *NatKeyDeps) add(m nkrepo.Msg) error {
	o := toOrder(m)
	tx := d.DB.Begin()
	if err := tx.Create(&o).Error; err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit().Error
}

func (d *NatKeyDeps) addFresh(m nkrepo.Msg) error {
	o := nkrepo.Order{ID: uuid.New().String(), Track: m.Track}
	return d.DB.Create(&o).Error
}

// NatKeyLogged inserts under the order's UID and only logs a failure: a
// redelivery's insert fails on the key and the job succeeds (guarded).
func (d *NatKeyDeps) NatKeyLogged(ctx context.Context, t *asynq.Task) error {
	var m nkrepo.Msg
	if err := json.Unmarshal(t.Payload(), &m); err != nil {
		return nil
	}
	if err := d.add(m); err != nil {
		log.Println("add order:", err)
	}
	return nil
}

// NatKeyReturned returns the failure: a redelivery fails the job on the
// duplicate (duplicate-as-error).
func (d *NatKeyDeps) NatKeyReturned(ctx context.Context, t *asynq.Task) error {
	var m nkrepo.Msg
	if err := json.Unmarshal(t.Payload(), &m); err != nil {
		return nil
	}
	return d.add(m)
}

// NatKeyFresh inserts under a new uuid per delivery: the insert repeats
// (unguarded).
func (d *NatKeyDeps) NatKeyFresh(ctx context.Context, t *asynq.Task) error {
	var m nkrepo.Msg
	if err := json.Unmarshal(t.Payload(), &m); err != nil {
		return nil
	}
	if err := d.addFresh(m); err != nil {
		log.Println("add order:", err)
	}
	return nil
}

// NatKeyRepoLogged is NatKeyLogged through the repository interface.
func (d *NatKeyDeps) NatKeyRepoLogged(ctx context.Context, t *asynq.Task) error {
	var m nkrepo.Msg
	if err := json.Unmarshal(t.Payload(), &m); err != nil {
		return nil
	}
	if err := d.Repo.Add(m); err != nil {
		log.Println("add order:", err)
	}
	return nil
}

// NatKeyRepoFresh is NatKeyFresh through the repository interface.
func (d *NatKeyDeps) NatKeyRepoFresh(ctx context.Context, t *asynq.Task) error {
	var m nkrepo.Msg
	if err := json.Unmarshal(t.Payload(), &m); err != nil {
		return nil
	}
	if err := d.Repo.AddFresh(m); err != nil {
		log.Println("add order:", err)
	}
	return nil
}

// RegisterNatKey registers the handlers.
func RegisterNatKey(mux *asynq.ServeMux, d *NatKeyDeps) {
	mux.HandleFunc("natkey:logged", d.NatKeyLogged)
	mux.HandleFunc("natkey:returned", d.NatKeyReturned)
	mux.HandleFunc("natkey:fresh", d.NatKeyFresh)
	mux.HandleFunc("natkey:repo-logged", d.NatKeyRepoLogged)
	mux.HandleFunc("natkey:repo-fresh", d.NatKeyRepoFresh)
	mux.HandleFunc("natkey:batch", d.NatKeyBatch)
	mux.HandleFunc("natkey:batch-fresh", d.NatKeyBatchFresh)
}
