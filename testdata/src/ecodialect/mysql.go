// Package ecodialect covers MySQL (mysql.go) and SQLite (sqlite.go) SQL
// through database/sql: the PostgreSQL parser refuses their syntax, so the
// claim forms (INSERT IGNORE, INSERT OR IGNORE) and REPLACE are read by
// their leading keywords and other statements are re-parsed with ?/?N
// placeholders and backticks rewritten.
package ecodialect

import (
	"context"
	"database/sql"

	"github.com/hibiken/asynq"
)

type Deps struct{ DB *sql.DB }

// MySQLGuarded claims with INSERT IGNORE (RowsAffected 0 on a duplicate)
// and credits in the same transaction.
func (d *Deps) MySQLGuarded(ctx context.Context, t *asynq.Task) error { // want MySQLGuarded:`^effects: db_write/update-increment accounts guarded=processed_jobs; db_write/claim processed_jobs$`
	tx, err := d.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, "INSERT IGNORE INTO processed_jobs (job_key) VALUES (?)", t.Type())
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return err
	}
	if _, err := tx.ExecContext(ctx, "UPDATE `accounts` SET `balance` = `balance` + ? WHERE `id` = ?", 10, 1); err != nil {
		return err
	}
	return tx.Commit()
}

// MySQLCount upserts with an accumulating ON DUPLICATE KEY UPDATE.
// Correct: db_write/upsert-increment counters (medium), reported unguarded.
// ON DUPLICATE KEY UPDATE n = n + 1 accumulates: an upsert-increment.
func (d *Deps) MySQLCount(ctx context.Context, t *asynq.Task) error { // want MySQLCount:`^effects: db_write/upsert-increment counters$` `unguarded: handler \(\*ecodialect.Deps\).MySQLCount .*upsert-increment of counters \(medium\)`
	_, err := d.DB.ExecContext(ctx, "INSERT INTO counters (id, n) VALUES (?, 1) ON DUPLICATE KEY UPDATE n = n + 1", t.Type())
	return err
}

// MySQLUpsertSet upserts with VALUES(col): idempotent.
// Correct: db_write/upsert-set settings (safe).
// VALUES(v) sets the new value: an upsert-set.
func (d *Deps) MySQLUpsertSet(ctx context.Context, t *asynq.Task) error { // want MySQLUpsertSet:`^effects: db_write/upsert-set settings$`
	_, err := d.DB.ExecContext(ctx, "INSERT INTO settings (k, v) VALUES (?, ?) ON DUPLICATE KEY UPDATE v = VALUES(v)", t.Type(), "x")
	return err
}

// MySQLReplace replaces by key: a set.
func (d *Deps) MySQLReplace(ctx context.Context, t *asynq.Task) error { // want MySQLReplace:`^effects: db_write/upsert-set settings$`
	_, err := d.DB.ExecContext(ctx, "REPLACE INTO settings (k, v) VALUES (?, ?)", t.Type(), "x")
	return err
}

// MySQLInsert inserts with backtick identifiers.
func (d *Deps) MySQLInsert(ctx context.Context, t *asynq.Task) error { // want MySQLInsert:`^effects: db_write/insert orders$` `unguarded: handler \(\*ecodialect.Deps\).MySQLInsert .*insert into orders \(medium\)`
	_, err := d.DB.ExecContext(ctx, "INSERT INTO `orders` (`ref`) VALUES (?)", t.Type())
	return err
}
