// Package ecobun covers github.com/uptrace/bun: insert/update/delete
// builders refined by their chains (Model, Ignore, On CONFLICT, Set
// fragments), raw SQL (NewRaw, DB.ExecContext), a claim in RunInTx checked
// through RowsAffected, an IDB interface, and a model hook.
package ecobun

import (
	"context"
	"database/sql"
	"net/smtp"

	"github.com/hibiken/asynq"
	"github.com/uptrace/bun"
)

type Deps struct{ DB *bun.DB }

type Order struct {
	ID  int64
	Ref string
}

type Account struct {
	ID      int64
	Balance int64
}

type Counter struct {
	ID string
	N  int64
}

type ProcessedJob struct{ Key string }

type Customer struct {
	ID    int64
	Email string
}

// AfterInsert runs after every insert of a Customer.
func (c *Customer) AfterInsert(ctx context.Context, q *bun.InsertQuery) error { // want AfterInsert:`^effects: email/send smtp$`
	return smtp.SendMail("mail:25", nil, "shop@example.com", []string{c.Email}, []byte("welcome"))
}

func (d *Deps) CreateOrder(ctx context.Context, t *asynq.Task) error { // want CreateOrder:`^effects: db_write/insert orders$` `unguarded: handler \(\*ecobun.Deps\).CreateOrder .*insert into orders \(medium\)`
	_, err := d.DB.NewInsert().Model(&Order{Ref: t.Type()}).Exec(ctx)
	return err
}

func (d *Deps) SignUp(ctx context.Context, t *asynq.Task) error { // want SignUp:`^effects: email/send smtp; db_write/insert customers$` `unguarded: handler \(\*ecobun.Deps\).SignUp .*email send \(smtp\) \(high\) at ecobun/ecobun.go:\d+ is not guarded, nor are 1 other effects; path: ecobun/ecobun.go:\d+ \(\*ecobun.Deps\).SignUp → ecobun/ecobun.go:\d+ \(\*ecobun.Customer\).AfterInsert`
	_, err := d.DB.NewInsert().Model(&Customer{Email: string(t.Payload())}).Exec(ctx)
	return err
}

func (d *Deps) Credit(ctx context.Context, t *asynq.Task) error { // want Credit:`^effects: db_write/update-increment accounts$` `unguarded: handler \(\*ecobun.Deps\).Credit .*update-increment of accounts \(medium\)`
	_, err := d.DB.NewUpdate().Model((*Account)(nil)).Set("balance = balance + ?", 10).Where("id = ?", 1).Exec(ctx)
	return err
}

func (d *Deps) SetBalance(ctx context.Context, t *asynq.Task) error { // want SetBalance:`^effects: db_write/update-set accounts$`
	_, err := d.DB.NewUpdate().Model((*Account)(nil)).Set("balance = ?", 10).Where("id = ?", 1).Exec(ctx)
	return err
}

func (d *Deps) Remove(ctx context.Context, t *asynq.Task) error { // want Remove:`^effects: db_write/delete orders$`
	_, err := d.DB.NewDelete().Model((*Order)(nil)).Where("ref = ?", t.Type()).Exec(ctx)
	return err
}

// Bump is an upsert that increments: ON CONFLICT DO UPDATE with a
// self-referencing Set. Correct: db_write/upsert-increment counters (medium).
// An incrementing Set after On("CONFLICT … DO UPDATE") is an upsert-increment.
func (d *Deps) Bump(ctx context.Context, t *asynq.Task) error { // want Bump:`^effects: db_write/upsert-increment counters$` `unguarded: handler \(\*ecobun.Deps\).Bump .*upsert-increment of counters \(medium\)`
	_, err := d.DB.NewInsert().Model(&Counter{ID: t.Type(), N: 1}).
		On("CONFLICT (id) DO UPDATE").
		Set("n = counter.n + 1").
		Exec(ctx)
	return err
}

// Upsert sets from EXCLUDED: an idempotent upsert.
func (d *Deps) Upsert(ctx context.Context, t *asynq.Task) error { // want Upsert:`^effects: db_write/upsert-set counters$`
	_, err := d.DB.NewInsert().Model(&Counter{ID: t.Type(), N: 1}).
		On("CONFLICT (id) DO UPDATE").
		Set("n = EXCLUDED.n").
		Exec(ctx)
	return err
}

func (d *Deps) RawInsert(ctx context.Context, t *asynq.Task) error { // want RawInsert:`^effects: db_write/insert events$` `unguarded: handler \(\*ecobun.Deps\).RawInsert .*insert into events \(medium\)`
	_, err := d.DB.NewRaw("INSERT INTO events (name) VALUES (?)", t.Type()).Exec(ctx)
	return err
}

func (d *Deps) ExecInsert(ctx context.Context, t *asynq.Task) error { // want ExecInsert:`^effects: db_write/insert events$` `unguarded: handler \(\*ecobun.Deps\).ExecInsert .*insert into events \(medium\)`
	_, err := d.DB.ExecContext(ctx, "INSERT INTO events (name) VALUES (?)", t.Type())
	return err
}

func (d *Deps) List(ctx context.Context, t *asynq.Task) error { // want List:`^effects: db_read/select orders$`
	var orders []Order
	return d.DB.NewSelect().Model(&orders).Scan(ctx)
}

// Guarded claims with Ignore() in RunInTx and inserts in the same transaction.
func (d *Deps) Guarded(ctx context.Context, t *asynq.Task) error { // want Guarded:`^effects: db_write/insert orders guarded=processed_jobs; db_write/claim processed_jobs$`
	return d.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		res, err := tx.NewInsert().Model(&ProcessedJob{Key: t.Type()}).Ignore().Exec(ctx)
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return err
		}
		if n == 0 {
			return nil
		}
		_, err = tx.NewInsert().Model(&Order{Ref: t.Type()}).Exec(ctx)
		return err
	})
}

// GuardedOn claims with On("CONFLICT DO NOTHING") on a transaction from BeginTx.
func (d *Deps) GuardedOn(ctx context.Context, t *asynq.Task) error { // want GuardedOn:`^effects: db_write/update-increment accounts guarded=processed_jobs; db_write/claim processed_jobs$`
	tx, err := d.DB.BeginTx(ctx, &sql.TxOptions{})
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.NewInsert().Model(&ProcessedJob{Key: t.Type()}).On("CONFLICT DO NOTHING").Exec(ctx)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	if _, err := tx.NewUpdate().Model((*Account)(nil)).Set("balance = balance + ?", 5).Where("id = 1").Exec(ctx); err != nil {
		return err
	}
	return tx.Commit()
}

// record inserts through the bun.IDB interface (DB, Tx or Conn).
func record(ctx context.Context, db bun.IDB, ref string) error { // want record:`^effects: db_write/insert orders @p1$`
	_, err := db.NewInsert().Model(&Order{Ref: ref}).Exec(ctx)
	return err
}

func (d *Deps) Record(ctx context.Context, t *asynq.Task) error { // want Record:`^effects: db_write/insert orders$` `unguarded: handler \(\*ecobun.Deps\).Record .*insert into orders \(medium\) at ecobun/ecobun.go:\d+ is not guarded; path: ecobun/ecobun.go:\d+ \(\*ecobun.Deps\).Record → ecobun/ecobun.go:\d+ ecobun.record`
	return record(ctx, d.DB, t.Type())
}

// CreditColumn increments with SetColumn(column, expr).
func (d *Deps) CreditColumn(ctx context.Context, t *asynq.Task) error { // want CreditColumn:`^effects: db_write/update-increment accounts$` `unguarded: handler \(\*ecobun.Deps\).CreditColumn .*update-increment of accounts \(medium\)`
	_, err := d.DB.NewUpdate().Model((*Account)(nil)).SetColumn("balance", "balance + ?", 5).Where("id = 1").Exec(ctx)
	return err
}

// CreditIdent names the column it assigns and reads as identifiers: the
// same variable both times, an increment.
func (d *Deps) CreditIdent(ctx context.Context, t *asynq.Task) error { // want CreditIdent:`^effects: db_write/update-increment accounts$` `unguarded: handler \(\*ecobun.Deps\).CreditIdent .*update-increment of accounts \(medium\)`
	column := "balance_" + t.Type()
	_, err := d.DB.NewUpdate().Model((*Account)(nil)).Set("? = ? + ?", bun.Ident(column), bun.Ident(column), 5).Where("id = 1").Exec(ctx)
	return err
}

// SetIdent assigns one identifier from another: a set.
func (d *Deps) SetIdent(ctx context.Context, t *asynq.Task) error { // want SetIdent:`^effects: db_write/update-set accounts$`
	_, err := d.DB.NewUpdate().Model((*Account)(nil)).Set("? = ?", bun.Ident("balance"), bun.Ident("limit")).Where("id = 1").Exec(ctx)
	return err
}

// applyFilter adds a condition to a query and hands the query back.
func applyFilter(q *bun.SelectQuery, ref string) (*bun.SelectQuery, error) { // want applyFilter:`^no effects$`
	if ref == "" {
		return nil, sql.ErrNoRows
	}
	return q.Where("ref = ?", ref), nil
}

// ListFiltered: the chain goes on through a helper that takes the query
// and returns it, to the model given before it.
func (d *Deps) ListFiltered(ctx context.Context, t *asynq.Task) error { // want ListFiltered:`^effects: db_read/select orders$`
	var orders []Order
	q := d.DB.NewSelect().Model(&orders)
	q, err := applyFilter(q, t.Type())
	if err != nil {
		return err
	}
	_, err = q.ScanAndCount(ctx)
	return err
}
