package jobs

import (
	"context"

	"github.com/hibiken/asynq"
	"gorm.io/gorm"
)

// CasOrder is the row whose state the transition moves.
type CasOrder struct {
	ID    string
	State string
}

// CasShipment is created when the transition took.
type CasShipment struct{ OrderID string }

// CasRepo is the application's layer over gorm: Transition moves an
// order's state only from the state it expects (an optimistic-lock
// transition) and says whether it did: a compare-and-set claim its
// callers test.
type CasRepo struct{ DB *gorm.DB }

func (r CasRepo) Transition(tx *gorm.DB, id, from, to string) (bool, error) {
	res := tx.Model(&CasOrder{}).Where("id = ? AND state = ?", id, from).Update("state", to)
	return res.RowsAffected == 1, res.Error
}

// Set moves the state with no condition on it: not a claim.
func (r CasRepo) Set(tx *gorm.DB, id, to string) error {
	return tx.Model(&CasOrder{}).Where("id = ?", id).Update("state", to).Error
}

// CasShip ships only when its transition took, in the transition's
// transaction: guarded.
func (r CasRepo) CasShip(ctx context.Context, t *asynq.Task) error {
	id := decode(t).OrderID
	return r.DB.Transaction(func(tx *gorm.DB) error {
		ok, err := r.Transition(tx, id, "paid", "shipped")
		if err != nil || !ok {
			return err
		}
		return tx.Create(&CasShipment{OrderID: id}).Error
	})
}

// CasShipAlways sets the state without the expected one (near miss):
// nothing stops a redelivery's shipment.
func (r CasRepo) CasShipAlways(ctx context.Context, t *asynq.Task) error {
	id := decode(t).OrderID
	return r.DB.Transaction(func(tx *gorm.DB) error {
		if err := r.Set(tx, id, "shipped"); err != nil {
			return err
		}
		return tx.Create(&CasShipment{OrderID: id}).Error
	})
}

// RegisterCas registers the handlers above.
func RegisterCas(mux *asynq.ServeMux, r CasRepo) {
	mux.HandleFunc("cas:ship", r.CasShip)
	mux.HandleFunc("cas:ship-always", r.CasShipAlways)
}
