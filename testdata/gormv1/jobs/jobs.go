// Package jobs is an asynq worker on gorm v1 (github.com/jinzhu/gorm), the
// shape of applications written before gorm.io/gorm: models with hooks
// and TableName, writes through Create/Save/Update/Delete, a claim through
// an insert option, reads.
package jobs

import (
	"context"
	"net/smtp"

	"github.com/hibiken/asynq"
	"github.com/jinzhu/gorm"
)

type User struct {
	gorm.Model
	Email string
}

// AfterCreate welcomes every new user.
func (u *User) AfterCreate(scope *gorm.Scope) error {
	return smtp.SendMail("mail:25", nil, "shop@example.com", []string{u.Email}, []byte("welcome"))
}

type Account struct {
	ID      uint
	Balance int64
}

// Payment names its table.
type Payment struct {
	ID    uint
	Ref   string
	Cents int64
}

func (Payment) TableName() string { return "payment_log" }

type ProcessedJob struct{ Key string }

type Deps struct{ DB *gorm.DB }

// SignUp creates the user: the insert and the hook's email repeat.
func (d *Deps) SignUp(ctx context.Context, t *asynq.Task) error {
	return d.DB.Create(&User{Email: string(t.Payload())}).Error
}

// Credit adds to a balance: an increment that repeats.
func (d *Deps) Credit(ctx context.Context, t *asynq.Task) error {
	return d.DB.Model(&Account{ID: 1}).Update("balance", gorm.Expr("balance + ?", 10)).Error
}

// Rename sets a column: the same value again.
func (d *Deps) Rename(ctx context.Context, t *asynq.Task) error {
	return d.DB.Model(&User{}).Where("email = ?", t.Type()).Updates(map[string]interface{}{"email": string(t.Payload())}).Error
}

// Purge deletes: nothing more the second time.
func (d *Deps) Purge(ctx context.Context, t *asynq.Task) error {
	return d.DB.Where("balance = 0").Delete(&Account{}).Error
}

// Record logs a payment in payment_log.
func (d *Deps) Record(ctx context.Context, t *asynq.Task) error {
	return d.DB.Create(&Payment{Ref: t.Type(), Cents: 100}).Error
}

// Settle claims the job in a transaction (an insert that skips a
// duplicate key) and credits in the same transaction.
func (d *Deps) Settle(ctx context.Context, t *asynq.Task) error {
	return d.DB.Transaction(func(tx *gorm.DB) error {
		res := tx.Set("gorm:insert_option", "ON CONFLICT DO NOTHING").Create(&ProcessedJob{Key: t.Type()})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return nil
		}
		return tx.Model(&Account{ID: 1}).UpdateColumn("balance", gorm.Expr("balance + ?", 10)).Error
	})
}

// Report only reads (Find and First are reads of users, as in gorm v2).
func (d *Deps) Report(ctx context.Context, t *asynq.Task) error {
	var users []User
	var n int
	if err := d.DB.Where("email LIKE ?", "%@example.com").Find(&users).Count(&n).Error; err != nil {
		return err
	}
	var u User
	if err := d.DB.First(&u, 1).Error; gorm.IsRecordNotFoundError(err) {
		return nil
	}
	return d.DB.FirstOrInit(&u, User{Email: t.Type()}).Error
}
