package jobs

import (
	"context"

	"github.com/hibiken/asynq"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"example.com/ecosystem/internal/models"
)

// GormSignUp creates a user: the User.AfterCreate hook sends an email.
func (d *Deps) GormSignUp(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	return d.Gorm.WithContext(ctx).Create(&models.User{Email: p.Email}).Error
}

// GormClaimedOrder claims the job with ON CONFLICT DO NOTHING and creates
// the order in the same transaction; the orders_audit trigger's insert
// runs in it too, so it is guarded as well.
func (d *Deps) GormClaimedOrder(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	return d.Gorm.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&models.ProcessedJob{JobKey: "order:" + p.OrderID})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return nil
		}
		return tx.Create(&models.Order{Ref: p.OrderID, Amount: p.Amount}).Error
	})
}

// GormCredit increments a balance with gorm.Expr; the update also runs the
// publish_update callback registered in main (internal/models/callbacks.go).
func (d *Deps) GormCredit(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	return d.Gorm.WithContext(ctx).Model(&models.Account{ID: 1}).
		Update("balance", gorm.Expr("balance + ?", p.Amount)).Error
}

// GormRebalance loads the account and saves it back with the job's
// balance: gorm's Save of a row that carries its primary key UPDATEs every
// field (an upsert by that key when no row matched), so a repeat sets the
// same values again — an upsert-set, safe in itself (stop 63,
// summary/savedrow.go). The module's gorm:update callback still posts an
// event on every update (internal/models/callbacks.go), so the handler
// repeats that post: unguarded for the post, not for the write.
func (d *Deps) GormRebalance(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	var a models.Account
	if err := d.Gorm.WithContext(ctx).First(&a, "id = ?", p.OrderID).Error; err != nil {
		return err
	}
	a.Balance = p.Amount
	return d.Gorm.WithContext(ctx).Save(&a).Error
}

// GormOpenAccount (near miss) saves a row built in the handler: no primary
// key, so Save inserts a new account on every delivery; it runs only the
// create chain (finisher_api.go:95-107): no update callback posts.
func (d *Deps) GormOpenAccount(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	return d.Gorm.WithContext(ctx).Save(&models.Account{Balance: p.Amount}).Error
}
