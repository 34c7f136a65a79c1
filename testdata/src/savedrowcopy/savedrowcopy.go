// Package savedrowcopy is savedrowwhole's saved rows through a copy made
// of an `any` (btl-ktpm's activities): the repository interface returns
// the row as an interface{} with the read's error untested
// (return order, db.First(&order, id).Error), the caller tests that error,
// converts the row with a generic ConvertToStruct (a type assertion, or a
// JSON round trip into the result), changes its status and hands the
// struct back to the repository's Update, whose gorm Save of its
// parameter the whole program decides with the row the interface call
// passes: a loaded row keeps the key the table gave it, an upsert-set
// (safe). Near misses stay inserts: the read's error not tested (a failed
// read gives a zero row), the key field assigned (rekey), a repository
// method that returns a new row (Fresh).
package savedrowcopy

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"

	"github.com/hibiken/asynq"
	"gorm.io/gorm"
)

type Base struct {
	ID uint
}

type CopyOrder struct {
	Base
	Status string
	Total  int
}

// Repo is the application's repository.
type Repo interface {
	GetByID(ctx context.Context, id uint) (interface{}, error)
	Fresh(ctx context.Context, id uint) (interface{}, error)
	Update(ctx context.Context, order CopyOrder) error
}

type gormRepo struct{ db *gorm.DB }

// GetByID returns the row with the read's error, untested here: loaded
// when that error is nil.
func (r *gormRepo) GetByID(ctx context.Context, id uint) (interface{}, error) {
	var order CopyOrder
	err := r.db.WithContext(ctx).First(&order, id).Error
	return order, err
}

// Fresh returns a row it builds, not one it read.
func (r *gormRepo) Fresh(ctx context.Context, id uint) (interface{}, error) {
	var order CopyOrder
	err := r.db.WithContext(ctx).First(&order, id).Error
	return CopyOrder{Status: order.Status}, err
}

// Update saves the row it is given: its callers decide whether it was
// loaded. Selecting its field keeps the parameter in a local.
func (r *gormRepo) Update(ctx context.Context, order CopyOrder) error {
	return r.db.WithContext(ctx).Save(order).Where("id = ?", order.ID).Error
}

// convertTo copies data into a T (btl-ktpm's utils.ConvertToStruct).
func convertTo[T any](data interface{}) (T, error) {
	var out T
	if data == nil {
		return out, fmt.Errorf("nil data")
	}
	if reflect.TypeOf(data) == reflect.TypeOf(out) {
		var ok bool
		if out, ok = data.(T); ok {
			return out, nil
		}
	}
	raw, err := json.Marshal(data)
	if err != nil {
		return out, err
	}
	if err := json.Unmarshal(raw, &out); err != nil {
		return out, err
	}
	return out, nil
}

type Worker struct{ Repo Repo }

// Pay saves back the order the repository loaded, its status changed: the
// same row on every delivery.
func (w *Worker) Pay(ctx context.Context, t *asynq.Task) error {
	v, err := w.Repo.GetByID(ctx, 7)
	if err != nil {
		return err
	}
	o, err := convertTo[CopyOrder](v)
	if err != nil {
		return err
	}
	o.Status = "paid"
	return w.Repo.Update(ctx, o)
}

// Blind does not test the read's error: a failed read saves a zero row, a
// new one.
func (w *Worker) Blind(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: insert into copy_orders \(medium\) at`
	v, _ := w.Repo.GetByID(ctx, 7)
	o, err := convertTo[CopyOrder](v)
	if err != nil {
		return err
	}
	o.Status = "paid"
	return w.Repo.Update(ctx, o)
}

// Rekey clears the key of the row it read: gorm inserts it.
func (w *Worker) Rekey(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: insert into copy_orders \(medium\) at`
	v, err := w.Repo.GetByID(ctx, 7)
	if err != nil {
		return err
	}
	o, err := convertTo[CopyOrder](v)
	if err != nil {
		return err
	}
	o.ID = 0
	return w.Repo.Update(ctx, o)
}

// Renew saves what Fresh builds: an insert.
func (w *Worker) Renew(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: insert into copy_orders \(medium\) at`
	v, err := w.Repo.Fresh(ctx, 7)
	if err != nil {
		return err
	}
	o, err := convertTo[CopyOrder](v)
	if err != nil {
		return err
	}
	return w.Repo.Update(ctx, o)
}

func Main(db *gorm.DB) {
	w := &Worker{Repo: &gormRepo{db: db}}
	mux := asynq.NewServeMux()
	mux.HandleFunc("pay", w.Pay)
	mux.HandleFunc("blind", w.Blind)
	mux.HandleFunc("rekey", w.Rekey)
	mux.HandleFunc("renew", w.Renew)
}
