package gormfix

import (
	"context"
	"net/smtp"
	"strconv"

	"github.com/hibiken/asynq"
	"gorm.io/gorm"
)

// Saves of new rows: gorm's Save of a struct with a zero primary field,
// or of a slice, only creates it (gorm@v1.31.2 finisher_api.go:95-107):
// the update hooks (and the update chain's callbacks) do not run. A row
// whose key the code may have set keeps both paths.

type Ledger struct {
	ID   uint
	Note string
}

// AfterUpdate mails the auditors: an effect of an update only.
func (l *Ledger) AfterUpdate(tx *gorm.DB) error { // want AfterUpdate:"email/send smtp"
	return smtp.SendMail("mail:25", nil, "ledger@example.com", []string{"audit@example.com"}, []byte(l.Note))
}

// LedgerOpen saves a ledger built here with no key: created, no update
// hook.
func (d *Deps) LedgerOpen(ctx context.Context, t *asynq.Task) error { // want LedgerOpen:`^effects: db_write/insert ledgers$` `unguarded: handler \(\*gormfix.Deps\).LedgerOpen`
	return d.DB.Save(&Ledger{Note: string(t.Payload())}).Error
}

// LedgerRows saves a slice of ledgers: created, no update hook.
func (d *Deps) LedgerRows(ctx context.Context, t *asynq.Task) error { // want LedgerRows:`^effects: db_write/insert ledgers$` `unguarded: handler \(\*gormfix.Deps\).LedgerRows`
	rows := []Ledger{{Note: "a"}, {Note: string(t.Payload())}}
	return d.DB.Save(&rows).Error
}

// LedgerKeyed (near miss) sets the key from the job: Save updates that
// row, so its AfterUpdate mails.
func (d *Deps) LedgerKeyed(ctx context.Context, t *asynq.Task) error { // want LedgerKeyed:`^effects: email/send smtp; db_write/insert ledgers$` `unguarded: handler \(\*gormfix.Deps\).LedgerKeyed`
	id, _ := strconv.ParseUint(string(t.Payload()), 10, 64)
	return d.DB.Save(&Ledger{ID: uint(id), Note: "keyed"}).Error
}

// LedgerLoop (near miss) saves one row twice: the first Save creates it
// and writes its new key back into it, so the second updates it.
func (d *Deps) LedgerLoop(ctx context.Context, t *asynq.Task) error { // want LedgerLoop:`^effects: email/send smtp; db_write/insert ledgers$` `unguarded: handler \(\*gormfix.Deps\).LedgerLoop`
	var l Ledger
	for _, n := range []string{"opened", string(t.Payload())} {
		l.Note = n
		if err := d.DB.Save(&l).Error; err != nil {
			return err
		}
	}
	return nil
}

// LedgerFilled (near miss) hands the row to a helper first: the helper
// may set its key.
func (d *Deps) LedgerFilled(ctx context.Context, t *asynq.Task) error { // want LedgerFilled:`^effects: email/send smtp; db_write/insert ledgers$` `unguarded: handler \(\*gormfix.Deps\).LedgerFilled`
	var l Ledger
	fillLedger(&l, string(t.Payload()))
	return d.DB.Save(&l).Error
}

func fillLedger(l *Ledger, note string) { // want fillLedger:`^effects: memory_write`
	l.Note = note
}
