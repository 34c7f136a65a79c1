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
