// Package gormfix covers gorm: Create/Save/Update/Delete by model, the
// OnConflict{DoNothing} claim checked through RowsAffected in a Transaction
// callback, gorm.Expr increments, and model hooks (an email in AfterCreate),
// skipped by UpdateColumn and SkipHooks sessions.
package gormfix

import (
	"context"
	"net/smtp"

	"github.com/hibiken/asynq"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type User struct {
	ID    uint
	Email string
}

// AfterCreate welcomes every new user: an implicit effect of Create.
func (u *User) AfterCreate(tx *gorm.DB) error { // want AfterCreate:"email/send smtp"
	return smtp.SendMail("mail:25", nil, "shop@example.com", []string{u.Email}, []byte("welcome"))
}

type Account struct {
	ID      uint
	Balance int64
}

type Processed struct{ Key string }

type Deps struct{ DB *gorm.DB }

func (d *Deps) SignUp(ctx context.Context, t *asynq.Task) error { // want SignUp:"email/send smtp; db_write/insert users" `unguarded: handler \(\*gormfix.Deps\).SignUp .*email send \(smtp\) \(high\) at gormfix/gormfix.go:\d+ is not guarded, nor are 1 other effects; path: gormfix/gormfix.go:\d+ \(\*gormfix.Deps\).SignUp → gormfix/gormfix.go:\d+ \(\*gormfix.User\).AfterCreate`
	return d.DB.Create(&User{Email: string(t.Payload())}).Error
}

func (d *Deps) Import(ctx context.Context, t *asynq.Task) error { // want Import:"db_write/insert users" `unguarded: handler \(\*gormfix.Deps\).Import`
	return d.DB.Session(&gorm.Session{SkipHooks: true}).Create(&User{Email: t.Type()}).Error
}

func (d *Deps) Credit(ctx context.Context, t *asynq.Task) error { // want Credit:"db_write/update-increment accounts" `unguarded: handler \(\*gormfix.Deps\).Credit .*update-increment of accounts`
	return d.DB.Model(&Account{ID: 1}).UpdateColumn("balance", gorm.Expr("balance + ?", 10)).Error
}

func (d *Deps) SetBalance(ctx context.Context, t *asynq.Task) error { // want SetBalance:"db_write/update-set accounts"
	return d.DB.Model(&Account{ID: 1}).Update("balance", 100).Error
}

func (d *Deps) Remove(ctx context.Context, t *asynq.Task) error { // want Remove:"db_write/delete accounts"
	return d.DB.Delete(&Account{}, 1).Error
}

// Guarded claims with OnConflict{DoNothing} in a Transaction callback and
// creates the account in the same transaction.
func (d *Deps) Guarded(ctx context.Context, t *asynq.Task) error { // want Guarded:"db_write/insert accounts guarded=processed_jobs; db_write/claim processeds"
	return d.DB.Transaction(func(tx *gorm.DB) error {
		res := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&Processed{Key: t.Type()})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return nil
		}
		return tx.Create(&Account{Balance: 10}).Error
	})
}

// SplitClaim claims on the pool and creates on the pool: separate commits.
func (d *Deps) SplitClaim(ctx context.Context, t *asynq.Task) error { // want SplitClaim:"db_write/insert accounts issue=guard-separate-tx; db_write/claim processeds"
	res := d.DB.Clauses(clause.OnConflict{DoNothing: true}).Create(&Processed{Key: t.Type()}) // want `guard-separate-tx`
	if res.Error != nil || res.RowsAffected == 0 {
		return res.Error
	}
	return d.DB.Create(&Account{Balance: 10}).Error
}
