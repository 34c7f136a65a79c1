// Package natkeywhole is natkeyfix through an interface the whole program
// resolves (an order-service shape): the handler passes the decoded order
// to a repository interface whose implementation creates the gorm row with
// the order's UID as its only-id primary key. A handler that only logs the
// failure takes a redelivery's duplicate as success (guarded); one that
// returns it fails the job (duplicate-as-error); an id from uuid.New
// repeats (unguarded).
package natkeywhole

import (
	"context"
	"encoding/json"
	"log"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"gorm.io/gorm"
)

type Order struct {
	ID    string `gorm:"primaryKey"`
	Track string
}

func (Order) TableName() string { return "nk_orders" }

type Msg struct {
	OrderUID string `json:"order_uid"`
	Track    string `json:"track"`
}

// Repo is the application's repository.
type Repo interface {
	Add(m Msg) error
	AddFresh(m Msg) error
}

type gormRepo struct{ db *gorm.DB }

func toModel(m Msg) Order { return Order{ID: m.OrderUID, Track: m.Track} }

func (r *gormRepo) Add(m Msg) error {
	o := toModel(m)
	return r.db.Create(&o).Error
}

func (r *gormRepo) AddFresh(m Msg) error {
	o := Order{ID: uuid.NewString(), Track: m.Track}
	return r.db.Create(&o).Error
}

type Worker struct{ Repo Repo }

func (w *Worker) Logged(ctx context.Context, t *asynq.Task) error {
	var m Msg
	if err := json.Unmarshal(t.Payload(), &m); err != nil {
		return nil
	}
	if err := w.Repo.Add(m); err != nil {
		log.Println("add:", err)
	}
	return nil
}

func (w *Worker) Returned(ctx context.Context, t *asynq.Task) error { // want `^duplicate-as-error: a second delivery's insert into nk_orders \(medium\)`
	var m Msg
	if err := json.Unmarshal(t.Payload(), &m); err != nil {
		return nil
	}
	return w.Repo.Add(m)
}

func (w *Worker) Fresh(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: insert into nk_orders \(medium\) at`
	var m Msg
	if err := json.Unmarshal(t.Payload(), &m); err != nil {
		return nil
	}
	if err := w.Repo.AddFresh(m); err != nil {
		log.Println("add:", err)
	}
	return nil
}

func Main() {
	w := &Worker{Repo: &gormRepo{}}
	mux := asynq.NewServeMux()
	mux.HandleFunc("logged", w.Logged)
	mux.HandleFunc("returned", w.Returned)
	mux.HandleFunc("fresh", w.Fresh)
}
