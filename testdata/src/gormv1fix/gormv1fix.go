// Package gormv1fix covers gorm v1 (github.com/jinzhu/gorm): Create, Save,
// Update(s) and UpdateColumn(s) by model with gorm.Expr increments,
// Delete, FirstOrCreate as a claim, an insert-or-skip claim through
// Set("gorm:insert_option", "ON CONFLICT DO NOTHING") checked through
// RowsAffected in a Transaction callback, Begin/Commit, Exec and Raw, hooks
// with v1's signatures (an email in AfterCreate(*gorm.Scope)), skipped by
// UpdateColumn, a TableName() method naming the table, and reads: First
// and Find read their model's table, as v2's (also through a helper
// taking the destination as an interface{}: checkact.go), Count,
// FirstOrInit and Pluck are no effects.
package gormv1fix

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

// AfterCreate welcomes every new user (v1 passes the scope).
func (u *User) AfterCreate(scope *gorm.Scope) error { // want AfterCreate:"email/send smtp"
	return smtp.SendMail("mail:25", nil, "shop@example.com", []string{u.Email}, []byte("welcome"))
}

type Account struct {
	ID      uint
	Balance int64
}

// BeforeUpdate sends nothing: a hook without effects adds none.
func (a *Account) BeforeUpdate() error { return nil } // want BeforeUpdate:"no effects"

type Processed struct{ Key string }

// LedgerEntry names its own table.
type LedgerEntry struct {
	ID     uint
	Amount int64
}

func (LedgerEntry) TableName() string { return "ledger" } // want TableName:`const "ledger"` TableName:"no effects"

type Deps struct{ DB *gorm.DB }

func (d *Deps) SignUp(ctx context.Context, t *asynq.Task) error { // want SignUp:"email/send smtp; db_write/insert users" `unguarded: handler \(\*gormv1fix.Deps\).SignUp .*email send \(smtp\) \(high\) at gormv1fix/gormv1fix.go:\d+ is not guarded, nor are 1 other effects; path: gormv1fix/gormv1fix.go:\d+ \(\*gormv1fix.Deps\).SignUp → gormv1fix/gormv1fix.go:\d+ \(\*gormv1fix.User\).AfterCreate`
	return d.DB.Create(&User{Email: string(t.Payload())}).Error
}

// SaveUser inserts (a zero primary key) and runs the create hooks.
func (d *Deps) SaveUser(ctx context.Context, t *asynq.Task) error { // want SaveUser:"email/send smtp; db_write/insert users" `unguarded: handler \(\*gormv1fix.Deps\).SaveUser`
	return d.DB.Save(&User{Email: t.Type()}).Error
}

func (d *Deps) Credit(ctx context.Context, t *asynq.Task) error { // want Credit:"db_write/update-increment accounts" `unguarded: handler \(\*gormv1fix.Deps\).Credit .*update-increment of accounts`
	return d.DB.Model(&Account{ID: 1}).UpdateColumn("balance", gorm.Expr("balance + ?", 10)).Error
}

func (d *Deps) CreditUpdate(ctx context.Context, t *asynq.Task) error { // want CreditUpdate:"db_write/update-increment accounts" `unguarded: handler \(\*gormv1fix.Deps\).CreditUpdate .*update-increment of accounts`
	return d.DB.Model(&Account{ID: 1}).Update("balance", gorm.Expr("balance + ?", 10)).Error
}

func (d *Deps) CreditMap(ctx context.Context, t *asynq.Task) error { // want CreditMap:"db_write/update-increment accounts" `unguarded: handler \(\*gormv1fix.Deps\).CreditMap .*update-increment of accounts`
	return d.DB.Model(&Account{ID: 1}).Updates(map[string]interface{}{"balance": gorm.Expr("balance + ?", 10)}).Error
}

func (d *Deps) SetBalance(ctx context.Context, t *asynq.Task) error { // want SetBalance:"db_write/update-set accounts"
	return d.DB.Model(&Account{ID: 1}).Update("balance", 100).Error
}

func (d *Deps) SetByTable(ctx context.Context, t *asynq.Task) error { // want SetByTable:"db_write/update-set wallets"
	return d.DB.Table("wallets").Where("id = ?", 1).UpdateColumns(map[string]interface{}{"balance": 100}).Error
}

func (d *Deps) Remove(ctx context.Context, t *asynq.Task) error { // want Remove:"db_write/delete accounts"
	return d.DB.Delete(&Account{}, 1).Error
}

// Record inserts into the table TableName() names.
func (d *Deps) Record(ctx context.Context, t *asynq.Task) error { // want Record:"db_write/insert ledger" `unguarded: handler \(\*gormv1fix.Deps\).Record .*insert into ledger \(medium\)`
	return d.DB.Create(&LedgerEntry{Amount: 5}).Error
}

// Guarded claims with an ON CONFLICT DO NOTHING insert option in a
// Transaction callback and credits in the same transaction.
func (d *Deps) Guarded(ctx context.Context, t *asynq.Task) error { // want Guarded:"db_write/insert accounts guarded=processed_jobs; db_write/claim processeds"
	return d.DB.Transaction(func(tx *gorm.DB) error {
		res := tx.Set("gorm:insert_option", "ON CONFLICT DO NOTHING").Create(&Processed{Key: t.Type()})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return nil
		}
		return tx.Create(&Account{Balance: 10}).Error
	})
}

// FirstOrCreate is a check-then-insert: a claim.
func (d *Deps) Claimed(ctx context.Context, t *asynq.Task) error { // want Claimed:"db_write/claim processeds"
	return d.DB.FirstOrCreate(&Processed{Key: t.Type()}).Error
}

// BeginCommit inserts in a transaction it commits.
func (d *Deps) BeginCommit(ctx context.Context, t *asynq.Task) error { // want BeginCommit:"db_write/insert accounts" `unguarded: handler \(\*gormv1fix.Deps\).BeginCommit .*insert into accounts \(medium\)`
	tx := d.DB.Begin()
	if err := tx.Create(&Account{Balance: 1}).Error; err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit().Error
}

func (d *Deps) ExecIncrement(ctx context.Context, t *asynq.Task) error { // want ExecIncrement:"db_write/update-increment accounts" `unguarded: handler \(\*gormv1fix.Deps\).ExecIncrement .*update-increment of accounts \(medium\)`
	return d.DB.Exec("UPDATE accounts SET balance = balance + ? WHERE id = ?", 5, 1).Error
}

func (d *Deps) RawInsert(ctx context.Context, t *asynq.Task) error { // want RawInsert:"db_write/insert orders" `unguarded: handler \(\*gormv1fix.Deps\).RawInsert .*insert into orders \(medium\)`
	var id int64
	return d.DB.Raw("INSERT INTO orders (ref) VALUES (?) RETURNING id", t.Type()).Scan(&id).Error
}

// Lookup only reads (First and Find are reads of their model's table, as
// in v2; Count, Pluck and FirstOrInit are none): no finding.
func (d *Deps) Lookup(ctx context.Context, t *asynq.Task) error { // want Lookup:`^effects: db_read/select users; db_read/select accounts$`
	var u User
	if err := d.DB.Where("email = ?", t.Type()).First(&u).Error; err != nil {
		if gorm.IsRecordNotFoundError(err) {
			return nil
		}
		return err
	}
	var accounts []Account
	var n int
	var ids []uint
	d.DB.Find(&accounts).Count(&n)
	d.DB.Model(&Account{}).Pluck("id", &ids)
	return d.DB.Attrs(Account{Balance: 1}).FirstOrInit(&Account{}, 1).Error
}

// SaveLoaded saves the account it loaded (its error tested): v1's Save
// updates a row whose primary key is set, an upsert-set.
func (d *Deps) SaveLoaded(ctx context.Context, t *asynq.Task) error { // want SaveLoaded:"db_read/select accounts; db_write/upsert-set accounts"
	var a Account
	if err := d.DB.First(&a, 1).Error; err != nil {
		return err
	}
	a.Balance = 0
	return d.DB.Save(&a).Error
}

// SaveUnchecked saves the account it read without testing the read's
// error: on a miss the row has no key, and Save inserts it.
func (d *Deps) SaveUnchecked(ctx context.Context, t *asynq.Task) error { // want SaveUnchecked:"db_write/insert accounts; db_read/select accounts" `unguarded: handler \(\*gormv1fix.Deps\).SaveUnchecked`
	var a Account
	d.DB.First(&a, 1)
	a.Balance = 0
	return d.DB.Save(&a).Error
}
