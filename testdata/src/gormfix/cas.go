package gormfix

import (
	"context"

	"github.com/hibiken/asynq"
	"gorm.io/gorm"
)

type Order struct {
	ID    uint
	State string
}

type Shipment struct{ OrderID uint }

// OrderRepo is the application's layer over gorm: Transition moves an
// order's state only from the state it expects (an optimistic-lock
// transition) and says whether it did: a compare-and-set claim whose
// outcome its callers test.
type OrderRepo struct{}

func (OrderRepo) Transition(tx *gorm.DB, id uint, from, to string) (bool, error) { // want Transition:`^effects: db_write/claim orders @p1; returns claim result 0 \(first\)$`
	res := tx.Model(&Order{}).Where("id = ? AND state = ?", id, from).Update("state", to)
	return res.RowsAffected == 1, res.Error
}

// Ship ships only when its transition took: the shipment is created in
// the transition's transaction, so a second delivery finds the order
// shipped and creates nothing.
func (d *Deps) Ship(ctx context.Context, t *asynq.Task) error { // want Ship:`^effects: db_write/insert shipments guarded=processed_jobs; db_write/claim orders$`
	return d.DB.Transaction(func(tx *gorm.DB) error {
		ok, err := OrderRepo{}.Transition(tx, 1, "paid", "shipped")
		if err != nil || !ok {
			return err
		}
		return tx.Create(&Shipment{OrderID: 1}).Error
	})
}
