// Package ecogopg covers github.com/go-pg/pg/v10: query builders started
// by Model / ModelContext (variadic models) on a *pg.DB, a *pg.Tx and the
// pg.DBI interface, refined by their chains (OnConflict, Set fragments),
// tables named by a tableName field's tag, raw SQL with "?" placeholders,
// a claim in RunInTransaction checked through RowsAffected, and a model
// hook.
package ecogopg

import (
	"context"
	"database/sql"
	"fmt"
	"net/smtp"

	"github.com/go-pg/pg/v10"
	"github.com/hibiken/asynq"
)

type Deps struct {
	DB  *pg.DB
	DBI pg.DBI
	SQL *sql.DB
}

type Order struct {
	ID  int64
	Ref string
}

// Account names its table in its tableName tag, as go-pg reads it.
type Account struct {
	tableName struct{} `pg:"ledger_accounts,alias:a"`
	ID        int64
	Balance   int64
}

type ProcessedJob struct{ Key string }

type Customer struct {
	ID    int64
	Email string
}

// AfterInsert runs after every insert of a Customer.
func (c *Customer) AfterInsert(ctx context.Context) error { // want AfterInsert:`^effects: email/send smtp$`
	return smtp.SendMail("mail:25", nil, "shop@example.com", []string{c.Email}, []byte("welcome"))
}

func (d *Deps) CreateOrder(ctx context.Context, t *asynq.Task) error { // want CreateOrder:`^effects: db_write/insert orders$` `unguarded: handler \(\*ecogopg.Deps\).CreateOrder .*insert into orders \(medium\)`
	_, err := d.DB.ModelContext(ctx, &Order{Ref: t.Type()}).Insert()
	return err
}

func (d *Deps) SignUp(ctx context.Context, t *asynq.Task) error { // want SignUp:`^effects: email/send smtp; db_write/insert customers @p0$` `unguarded: handler \(\*ecogopg.Deps\).SignUp .*email send \(smtp\) \(high\) .*\(\*ecogopg.Customer\).AfterInsert`
	c := &Customer{Email: t.Type()}
	_, err := d.DBI.Model(c).Insert()
	return err
}

func (d *Deps) Credit(ctx context.Context, t *asynq.Task) error { // want Credit:`^effects: db_write/update-increment ledger_accounts$` `unguarded: handler \(\*ecogopg.Deps\).Credit .*update-increment of ledger_accounts`
	acct := &Account{ID: 1}
	_, err := d.DB.ModelContext(ctx, acct).Set("balance = balance + ?", 10).WherePK().Update()
	return err
}

func (d *Deps) RawCredit(ctx context.Context, t *asynq.Task) error { // want RawCredit:`^effects: db_write/update-increment accounts$` `unguarded: handler \(\*ecogopg.Deps\).RawCredit .*update-increment of accounts`
	_, err := d.DB.ExecContext(ctx, "UPDATE accounts SET balance = balance + ? WHERE id = ?", 10, 1)
	return err
}

func (d *Deps) SetEmail(ctx context.Context, t *asynq.Task) error { // want SetEmail:`^effects: db_write/update-set customers @p0$`
	_, err := d.DBI.ModelContext(ctx, &Customer{}).Set("email = ?", t.Type()).Where("id = ?", 1).Update()
	return err
}

func (d *Deps) Prune(ctx context.Context, t *asynq.Task) error { // want Prune:`^effects: db_write/delete orders$`
	_, err := d.DB.ModelContext(ctx, (*Order)(nil)).Where("ref = ?", t.Type()).Delete()
	return err
}

func (d *Deps) Report(ctx context.Context, t *asynq.Task) error { // want Report:`^effects: db_read/select orders @p0; db_read/select ledger_accounts$`
	var orders []Order
	if err := d.DBI.ModelContext(ctx, &orders).Where("ref = ?", t.Type()).Select(); err != nil {
		return err
	}
	_, err := d.DB.Model((*Account)(nil)).Count()
	return err
}

func (d *Deps) CreateOnce(ctx context.Context, t *asynq.Task) error { // want CreateOnce:`^effects: db_write/insert orders guarded=processed_jobs; db_write/claim processed_jobs$`
	return d.DB.RunInTransaction(ctx, func(tx *pg.Tx) error {
		res, err := tx.ModelContext(ctx, &ProcessedJob{Key: t.Type()}).OnConflict("(key) DO NOTHING").Insert()
		if err != nil {
			return err
		}
		if res.RowsAffected() == 0 {
			return nil
		}
		_, err = tx.ModelContext(ctx, &Order{Ref: t.Type()}).Insert()
		return err
	})
}

// Announce notifies with its payload as a "?" parameter, where PostgreSQL
// takes only a string constant: go-pg writes the parameter into the text
// as a quoted literal, so the statement is a NOTIFY. A NOTIFY reaches
// only the sessions listening at that moment and is not stored: a repeat
// is one more wake-up, so the handler is not reported.
func (d *Deps) Announce(ctx context.Context, t *asynq.Task) error { // want Announce:`^effects: db_write/notify orders; db_write/notify$`
	if _, err := d.DB.ExecContext(ctx, `NOTIFY orders, ?`, "done"); err != nil {
		return err
	}
	_, err := d.DB.ExecContext(ctx, fmt.Sprintf(`NOTIFY "%s", ?`, t.Type()), "done")
	return err
}

// AnnounceBound is the near miss: database/sql sends the parameter bound
// ($1 on the wire), which NOTIFY cannot take; the text stays unread.
func (d *Deps) AnnounceBound(ctx context.Context, t *asynq.Task) error { // want AnnounceBound:`^effects: db_write/unknown$`
	_, err := d.SQL.ExecContext(ctx, `NOTIFY orders, ?`, "done")
	return err
}

func Register(mux *asynq.ServeMux, d *Deps) { // want Register:"no effects"
	mux.HandleFunc("order:create", d.CreateOrder)
	mux.HandleFunc("customer:signup", d.SignUp)
	mux.HandleFunc("account:credit", d.Credit)
	mux.HandleFunc("account:rawcredit", d.RawCredit)
	mux.HandleFunc("customer:email", d.SetEmail)
	mux.HandleFunc("order:prune", d.Prune)
	mux.HandleFunc("order:report", d.Report)
	mux.HandleFunc("order:once", d.CreateOnce)
	mux.HandleFunc("order:announce", d.Announce)
	mux.HandleFunc("order:announcebound", d.AnnounceBound)
}
