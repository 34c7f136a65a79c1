package gormfix

import (
	"context"

	"github.com/hibiken/asynq"
	"gorm.io/gorm/clause"
)

// A count of rows is a read of their table with the count's conditions,
// and the count compared with zero is the look-up's "not found", as a nil
// row or a zero key is: "insert when none yet" on a table no unique key
// backs is check-then-act (two overlapping deliveries both count zero and
// both insert).

type UserTitle struct {
	ID      uint
	UserID  uint
	TitleID string
}

// CountThenAward inserts the title when the count is zero, then goes on:
// check-then-act.
func (d *Deps) CountThenAward(ctx context.Context, t *asynq.Task) error { // want CountThenAward:`^effects: db_write/insert user_titles issue=check-then-act; db_read/select user_titles$`
	var count int64
	if err := d.DB.Model(&UserTitle{}).Where("user_id = ? AND title_id = ?", 1, t.Type()).Count(&count).Error; err != nil { // want `check-then-act: this look-up of user_titles finds no row and the insert into it at gormfix/count.go:\d+ makes one`
		return err
	}
	if count == 0 {
		if err := d.DB.Create(&UserTitle{UserID: 1, TitleID: t.Type()}).Error; err != nil {
			return err
		}
	}
	return nil
}

// CountSkip returns when the count says the title is there (count > 0)
// and inserts it otherwise: check-then-act.
func (d *Deps) CountSkip(ctx context.Context, t *asynq.Task) error { // want CountSkip:`^effects: db_write/insert user_titles issue=check-then-act; db_read/select user_titles$`
	var count int64
	if err := d.DB.Model(&UserTitle{}).Where("user_id = ? AND title_id = ?", 1, t.Type()).Count(&count).Error; err != nil { // want `check-then-act: this look-up of user_titles finds no row`
		return err
	}
	if count > 0 {
		return nil
	}
	return d.DB.Create(&UserTitle{UserID: 1, TitleID: t.Type()}).Error
}

// CountClaim (near miss): the insert does nothing on a conflict (a claim):
// a second delivery's insert is turned away, no check-then-act.
func (d *Deps) CountClaim(ctx context.Context, t *asynq.Task) error { // want CountClaim:`^effects: db_read/select user_titles; db_write/claim user_titles$`
	var count int64
	if err := d.DB.Model(&UserTitle{}).Where("user_id = ? AND title_id = ?", 1, t.Type()).Count(&count).Error; err != nil {
		return err
	}
	if count == 0 {
		return d.DB.Clauses(clause.OnConflict{DoNothing: true}).Create(&UserTitle{UserID: 1, TitleID: t.Type()}).Error
	}
	return nil
}

// CountQuota (near miss): a count compared with a limit other than zero
// (fewer than five titles) says nothing of whether this row was found:
// the insert is plainly unguarded.
func (d *Deps) CountQuota(ctx context.Context, t *asynq.Task) error { // want CountQuota:`^effects: db_write/insert user_titles; db_read/select user_titles$` `unguarded: handler \(\*gormfix.Deps\).CountQuota`
	var count int64
	if err := d.DB.Model(&UserTitle{}).Where("user_id = ?", 1).Count(&count).Error; err != nil {
		return err
	}
	if count < 5 {
		if err := d.DB.Create(&UserTitle{UserID: 1, TitleID: t.Type()}).Error; err != nil {
			return err
		}
	}
	return nil
}

func registerCount(mux *asynq.ServeMux, d *Deps) { // want registerCount:`^no effects$`
	mux.HandleFunc("count:award", d.CountThenAward)
	mux.HandleFunc("count:skip", d.CountSkip)
	mux.HandleFunc("count:claim", d.CountClaim)
	mux.HandleFunc("count:quota", d.CountQuota)
}
