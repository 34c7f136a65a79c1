// Package ecosqlx covers github.com/jmoiron/sqlx: the sqlx methods (named
// queries, MustExec, Get/Select whose SQL may be INSERT … RETURNING), the
// package-level functions that take the executor as an argument, the
// database/sql methods sqlx.DB inherits, and a claim in a Beginx
// transaction.
package ecosqlx

import (
	"context"
	"database/sql"
	"errors"

	"github.com/hibiken/asynq"
	"github.com/jmoiron/sqlx"
)

type Deps struct{ DB *sqlx.DB }

type user struct {
	ID   int64  `db:"id"`
	Name string `db:"name"`
}

// NamedInsert inserts through a named query (:name binds).
// Correct: db_write/insert users, medium, reported unguarded.
// :name binds are read as placeholders once PostgreSQL refuses the text.
func (d *Deps) NamedInsert(ctx context.Context, t *asynq.Task) error { // want NamedInsert:`^effects: db_write/insert users$` `unguarded: handler \(\*ecosqlx.Deps\).NamedInsert .*insert into users \(medium\)`
	_, err := d.DB.NamedExecContext(ctx, `INSERT INTO users (name) VALUES (:name)`, user{Name: string(t.Payload())})
	return err
}

// GetReturning runs an INSERT … RETURNING through Get: an insert, not a read.
func (d *Deps) GetReturning(ctx context.Context, t *asynq.Task) error { // want GetReturning:`^effects: db_write/insert orders$` `unguarded: handler \(\*ecosqlx.Deps\).GetReturning .*insert into orders \(medium\)`
	var id int64
	return d.DB.GetContext(ctx, &id, `INSERT INTO orders (ref) VALUES ($1) RETURNING id`, t.Type())
}

// Credit increments a balance with MustExec.
func (d *Deps) Credit(ctx context.Context, t *asynq.Task) error { // want Credit:`^effects: db_write/update-increment accounts$` `unguarded: handler \(\*ecosqlx.Deps\).Credit .*update-increment of accounts \(medium\)`
	d.DB.MustExec(`UPDATE accounts SET balance = balance + $1 WHERE id = $2`, 10, 1)
	return nil
}

// Report only reads.
func (d *Deps) Report(ctx context.Context, t *asynq.Task) error { // want Report:`^effects: db_read/select users$`
	var names []string
	return d.DB.SelectContext(ctx, &names, `SELECT name FROM users`)
}

// Rename uses ExecContext, which sqlx.DB inherits from *sql.DB.
func (d *Deps) Rename(ctx context.Context, t *asynq.Task) error { // want Rename:`^effects: db_write/update-set users$`
	_, err := d.DB.ExecContext(ctx, `UPDATE users SET name = $1 WHERE id = $2`, t.Type(), 1)
	return err
}

// addAudit inserts on the executor it is given (package-level sqlx function).
func addAudit(ctx context.Context, e sqlx.ExecerContext, msg string) { // want addAudit:`^effects: db_write/insert audit @p1$`
	sqlx.MustExecContext(ctx, e, `INSERT INTO audit (msg) VALUES ($1)`, msg)
}

// nextOrder reads back an id from an insert with sqlx.Get.
func nextOrder(q sqlx.Queryer) (int64, error) { // want nextOrder:`^effects: db_write/insert orders @p0$`
	var id int64
	err := sqlx.Get(q, &id, `INSERT INTO orders (ref) VALUES ('x') RETURNING id`)
	return id, err
}

// Audit calls the helpers with the pool.
func (d *Deps) Audit(ctx context.Context, t *asynq.Task) error { // want Audit:`^effects: db_write/insert audit; db_write/insert orders$` `unguarded: handler \(\*ecosqlx.Deps\).Audit .*insert into audit \(medium\) at ecosqlx/ecosqlx.go:\d+ is not guarded, nor are 1 other effects; path: ecosqlx/ecosqlx.go:\d+ \(\*ecosqlx.Deps\).Audit → ecosqlx/ecosqlx.go:\d+ ecosqlx.addAudit`
	addAudit(ctx, d.DB, t.Type())
	_, err := nextOrder(d.DB)
	return err
}

// Guarded claims in a Beginx transaction (RowsAffected) and inserts in it.
// Correct: "db_write/insert ledger guarded=processed_jobs; db_write/claim
// processed_jobs" and no diagnostic.
// tx.ExecContext is (*sql.Tx).ExecContext promoted through sqlx.Tx's
// embedded *sql.Tx: it runs on tx, like MustExecContext.
func (d *Deps) Guarded(ctx context.Context, t *asynq.Task) error { // want Guarded:`^effects: db_write/insert ledger guarded=processed_jobs; db_write/claim processed_jobs$`
	tx, err := d.DB.BeginTxx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, `INSERT INTO processed_jobs (key) VALUES ($1) ON CONFLICT DO NOTHING`, t.Type())
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
	tx.MustExecContext(ctx, `INSERT INTO ledger (ref) VALUES ($1)`, t.Type())
	return tx.Commit()
}

// GuardedReturning claims with Get … RETURNING: a duplicate makes Get
// return sql.ErrNoRows.
// Correct: "db_write/insert ledger guarded=processed_jobs; …" and no diagnostic.
// Get scans the RETURNING row: its error is sql.ErrNoRows on a duplicate.
func (d *Deps) GuardedReturning(ctx context.Context, t *asynq.Task) error { // want GuardedReturning:`^effects: db_write/insert ledger guarded=processed_jobs; db_write/claim processed_jobs$`
	tx, err := d.DB.Beginx()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var key string
	err = tx.GetContext(ctx, &key, `INSERT INTO processed_jobs (key) VALUES ($1) ON CONFLICT DO NOTHING RETURNING key`, t.Type())
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	tx.MustExec(`INSERT INTO ledger (ref) VALUES ($1)`, t.Type())
	return tx.Commit()
}

// Rebound passes the SQL through db.Rebind, a string transformer.
// Correct: db_write/insert events, reported unguarded.
// TODO(engine): models cannot say that Rebind/sqlx.In/sqlx.Named return
// their SQL argument rewritten, so the text is "built at run time" (unknown).
func (d *Deps) Rebound(ctx context.Context, t *asynq.Task) error { // want Rebound:`^effects: db_write/unknown$`
	_, err := d.DB.ExecContext(ctx, d.DB.Rebind(`INSERT INTO events (name) VALUES (?)`), t.Type())
	return err
}
