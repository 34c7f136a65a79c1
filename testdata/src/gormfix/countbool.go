package gormfix

import (
	"context"

	"github.com/hibiken/asynq"
)

// A count of rows returned as a bool (a repository's HasX) and tested by
// the caller is the look-up's "found" as the count compared with zero is
// in the function that counts (count.go): the helper's summary says which
// result answers (found=r0), a service method that hands it on unchanged
// answers with it, and the caller that inserts on its false side, with no
// unique key behind the look-up, is check-then-act.

type UserBadge struct {
	ID     uint
	UserID uint
	Badge  string
}

// hasTitle answers whether the user has the title: its result 0 is true
// when the count found rows.
func (d *Deps) hasTitle(ctx context.Context, title string) (bool, error) { // want hasTitle:`^effects: db_read/select user_titles found=r0$`
	var count int64
	err := d.DB.Model(&UserTitle{}).Where("user_id = ? AND title_id = ?", 1, title).Count(&count).Error // want `check-then-act: this look-up of user_titles finds no row and the insert into it at gormfix/countbool.go:68 makes one`
	if err != nil {
		return false, err
	}
	return count > 0, nil
}

// lacksTitle answers the other way round: true when none was counted.
func (d *Deps) lacksTitle(ctx context.Context, title string) (bool, error) { // want lacksTitle:`^effects: db_read/select user_titles found=r0!$`
	var count int64
	if err := d.DB.Model(&UserTitle{}).Where("user_id = ? AND title_id = ?", 1, title).Count(&count).Error; err != nil { // want `check-then-act: this look-up of user_titles finds no row and the insert into it at gormfix/countbool.go:88 makes one`
		return false, err
	}
	return count == 0, nil
}

// titles is a service that hands the repository's answer on.
type titles struct{ d *Deps }

func (s *titles) Has(ctx context.Context, title string) (bool, error) { // want Has:`^effects: db_read/select user_titles found=r0$`
	return s.d.hasTitle(ctx, title)
}

// hasBadge counts another table's rows.
func (d *Deps) hasBadge(ctx context.Context, badge string) (bool, error) { // want hasBadge:`^effects: db_read/select user_badges found=r0$`
	var count int64
	if err := d.DB.Model(&UserBadge{}).Where("user_id = ? AND badge = ?", 1, badge).Count(&count).Error; err != nil {
		return false, err
	}
	return count > 0, nil
}

// HelperAward awards the title when the service says the user has none,
// then goes on: check-then-act (two overlapping deliveries both hear
// "none" and both insert).
func (d *Deps) HelperAward(ctx context.Context, t *asynq.Task) error { // want HelperAward:`^effects: db_write/insert user_titles issue=check-then-act; db_read/select user_titles; db_write/update-set users$`
	s := &titles{d: d}
	has, err := s.Has(ctx, t.Type())
	if err != nil {
		return err
	}
	if !has {
		if err := d.DB.Create(&UserTitle{UserID: 1, TitleID: t.Type()}).Error; err != nil {
			return err
		}
	}
	if err := d.DB.Model(&User{}).Where("id = ?", 1).Update("email", t.Type()).Error; err != nil {
		return err
	}
	return nil
}

// HelperSkip returns when the helper says the title is missing is false
// (lacksTitle's answer negated) and inserts otherwise: check-then-act.
func (d *Deps) HelperSkip(ctx context.Context, t *asynq.Task) error { // want HelperSkip:`^effects: db_write/insert user_titles issue=check-then-act; db_read/select user_titles$`
	missing, err := d.lacksTitle(ctx, t.Type())
	if err != nil {
		return err
	}
	if !missing {
		return nil
	}
	return d.DB.Create(&UserTitle{UserID: 1, TitleID: t.Type()}).Error
}

// HelperEach awards each title of the job when the user has none yet,
// then goes on with the next: a check per item, check-then-act.
func (d *Deps) HelperEach(ctx context.Context, t *asynq.Task) error { // want HelperEach:`^effects: db_write/insert user_titles issue=check-then-act; db_read/select user_titles; db_write/update-set users$`
	for _, title := range []string{t.Type(), string(t.Payload())} {
		has, err := d.hasTitle(ctx, title)
		if err != nil {
			return err
		}
		if !has {
			if err := d.DB.Create(&UserTitle{UserID: 1, TitleID: title}).Error; err != nil {
				return err
			}
		}
		if err := d.DB.Model(&User{}).Where("id = ?", 1).Update("email", title).Error; err != nil {
			return err
		}
	}
	return nil
}

// HelperUntested (near miss): the answer is not tested; the insert is
// plainly unguarded.
func (d *Deps) HelperUntested(ctx context.Context, t *asynq.Task) error { // want HelperUntested:`^effects: db_write/insert user_titles; db_read/select user_titles$` `unguarded: handler \(\*gormfix.Deps\).HelperUntested`
	if _, err := d.hasTitle(ctx, t.Type()); err != nil {
		return err
	}
	return d.DB.Create(&UserTitle{UserID: 1, TitleID: t.Type()}).Error
}

// HelperLate (near miss): the insert comes before the test: unguarded.
func (d *Deps) HelperLate(ctx context.Context, t *asynq.Task) error { // want HelperLate:`^effects: db_write/insert user_titles; db_read/select user_titles$` `unguarded: handler \(\*gormfix.Deps\).HelperLate`
	if err := d.DB.Create(&UserTitle{UserID: 1, TitleID: t.Type()}).Error; err != nil {
		return err
	}
	has, err := d.hasTitle(ctx, t.Type())
	if err != nil || has {
		return err
	}
	return nil
}

// HelperOtherTable (near miss): the answer is of user_badges, the insert
// into user_titles: no look-up of the table written, unguarded.
func (d *Deps) HelperOtherTable(ctx context.Context, t *asynq.Task) error { // want HelperOtherTable:`^effects: db_write/insert user_titles; db_read/select user_badges$` `unguarded: handler \(\*gormfix.Deps\).HelperOtherTable`
	has, err := d.hasBadge(ctx, t.Type())
	if err != nil {
		return err
	}
	if !has {
		return d.DB.Create(&UserTitle{UserID: 1, TitleID: t.Type()}).Error
	}
	return nil
}

func registerCountBool(mux *asynq.ServeMux, d *Deps) { // want registerCountBool:`^no effects$`
	mux.HandleFunc("count:helper-award", d.HelperAward)
	mux.HandleFunc("count:helper-skip", d.HelperSkip)
	mux.HandleFunc("count:helper-each", d.HelperEach)
	mux.HandleFunc("count:helper-untested", d.HelperUntested)
	mux.HandleFunc("count:helper-late", d.HelperLate)
	mux.HandleFunc("count:helper-other", d.HelperOtherTable)
}
