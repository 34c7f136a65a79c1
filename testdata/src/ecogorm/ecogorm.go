// Package ecogorm extends gormfix: FirstOrCreate as a claim, Raw(…).Scan
// running INSERT … RETURNING, Exec, upserts through clause.OnConflict, and
// the generics API (gorm.G[T]).
package ecogorm

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

func (u *User) AfterCreate(tx *gorm.DB) error { // want AfterCreate:`^effects: email/send smtp$`
	return smtp.SendMail("mail:25", nil, "shop@example.com", []string{u.Email}, []byte("welcome"))
}

type Account struct {
	ID      uint
	Balance int64
}

type Counter struct {
	ID string
	N  int64
}

type ProcessedJob struct{ Key string }

type Deps struct{ DB *gorm.DB }

// Claimed claims with FirstOrCreate in a transaction, tested through
// RowsAffected, and credits in the same transaction.
func (d *Deps) Claimed(ctx context.Context, t *asynq.Task) error { // want Claimed:`^effects: db_write/update-increment accounts guarded=processed_jobs; db_write/claim processed_jobs$`
	return d.DB.Transaction(func(tx *gorm.DB) error {
		res := tx.FirstOrCreate(&ProcessedJob{Key: t.Type()})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return nil
		}
		return tx.Model(&Account{ID: 1}).Update("balance", gorm.Expr("balance + ?", 5)).Error
	})
}

// RawInsert reads back an id from INSERT … RETURNING.
func (d *Deps) RawInsert(ctx context.Context, t *asynq.Task) error { // want RawInsert:`^effects: db_write/insert orders$` `unguarded: handler \(\*ecogorm.Deps\).RawInsert .*insert into orders \(medium\)`
	var id int64
	return d.DB.Raw("INSERT INTO orders (ref) VALUES (?) RETURNING id", t.Type()).Scan(&id).Error
}

// ExecIncrement runs SQL through Exec.
func (d *Deps) ExecIncrement(ctx context.Context, t *asynq.Task) error { // want ExecIncrement:`^effects: db_write/update-increment accounts$` `unguarded: handler \(\*ecogorm.Deps\).ExecIncrement .*update-increment of accounts \(medium\)`
	return d.DB.Exec("UPDATE accounts SET balance = balance + ? WHERE id = ?", 5, 1).Error
}

// UpsertAll upserts with UpdateAll: idempotent.
func (d *Deps) UpsertAll(ctx context.Context, t *asynq.Task) error { // want UpsertAll:`^effects: db_write/upsert-set counters$`
	return d.DB.Clauses(clause.OnConflict{UpdateAll: true}).Create(&Counter{ID: t.Type(), N: 1}).Error
}

// UpsertColumns upserts setting the excluded value: idempotent.
// Correct: db_write/upsert-set counters (safe), no diagnostic.
// DoUpdates: clause.AssignmentColumns(…) sets the conflicting row's
// columns from the new values: an idempotent upsert.
func (d *Deps) UpsertColumns(ctx context.Context, t *asynq.Task) error { // want UpsertColumns:`^effects: db_write/upsert-set counters$`
	return d.DB.Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "id"}},
		DoUpdates: clause.AssignmentColumns([]string{"n"}),
	}).Create(&Counter{ID: t.Type(), N: 1}).Error
}

// GenericCreate inserts with the generics API; the AfterCreate hook runs.
func (d *Deps) GenericCreate(ctx context.Context, t *asynq.Task) error { // want GenericCreate:`^effects: email/send smtp; db_write/insert users$` `unguarded: handler \(\*ecogorm.Deps\).GenericCreate .*email send \(smtp\) \(high\) at ecogorm/ecogorm.go:\d+ is not guarded, nor are 1 other effects; path: ecogorm/ecogorm.go:\d+ \(\*ecogorm.Deps\).GenericCreate → ecogorm/ecogorm.go:\d+ \(\*ecogorm.User\).AfterCreate`
	return gorm.G[User](d.DB).Create(ctx, &User{Email: string(t.Payload())})
}

// GenericCredit increments with the generics API.
// Correct: db_write/update-increment accounts.
// TODO(engine): the table is the type argument of gorm.G[Account], which no
// argument of Update carries; models cannot name a receiver's type
// argument, so the target is empty (also for Delete, and no hooks run).
func (d *Deps) GenericCredit(ctx context.Context, t *asynq.Task) error { // want GenericCredit:`^effects: db_write/update-increment$` `unguarded: handler \(\*ecogorm.Deps\).GenericCredit .*update-increment of a table \(medium\)`
	_, err := gorm.G[Account](d.DB).Where("id = ?", 1).Update(ctx, "balance", gorm.Expr("balance + ?", 5))
	return err
}

// GenericDelete deletes with the generics API.
func (d *Deps) GenericDelete(ctx context.Context, t *asynq.Task) error { // want GenericDelete:`^effects: db_write/delete$`
	_, err := gorm.G[Account](d.DB).Where("id = ?", 1).Delete(ctx)
	return err
}

// GenericExec runs SQL with the generics API.
func (d *Deps) GenericExec(ctx context.Context, t *asynq.Task) error { // want GenericExec:`^effects: db_write/insert audit$` `unguarded: handler \(\*ecogorm.Deps\).GenericExec .*insert into audit \(medium\)`
	return gorm.G[Account](d.DB).Exec(ctx, "INSERT INTO audit (msg) VALUES (?)", t.Type())
}
