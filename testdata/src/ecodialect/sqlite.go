package ecodialect

import (
	"context"

	"github.com/hibiken/asynq"
)

// SQLiteGuarded claims with INSERT OR IGNORE and ?1 placeholders and
// inserts in the same transaction.
func (d *Deps) SQLiteGuarded(ctx context.Context, t *asynq.Task) error { // want SQLiteGuarded:`^effects: db_write/insert events guarded=processed_jobs; db_write/claim processed_jobs$`
	tx, err := d.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, "INSERT OR IGNORE INTO processed_jobs (job_key) VALUES (?1)", t.Type())
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
	if _, err := tx.ExecContext(ctx, "INSERT INTO events (id, body) VALUES (?1, ?2)", t.Type(), t.Payload()); err != nil {
		return err
	}
	return tx.Commit()
}

// SQLiteNaive inserts without a claim.
func (d *Deps) SQLiteNaive(ctx context.Context, t *asynq.Task) error { // want SQLiteNaive:`^effects: db_write/insert events$` `unguarded: handler \(\*ecodialect.Deps\).SQLiteNaive .*insert into events \(medium\)`
	_, err := d.DB.ExecContext(ctx, "INSERT INTO events (id, body) VALUES (?1, ?2)", t.Type(), t.Payload())
	return err
}

// SQLiteCount upserts with an accumulating ON CONFLICT DO UPDATE.
func (d *Deps) SQLiteCount(ctx context.Context, t *asynq.Task) error { // want SQLiteCount:`^effects: db_write/upsert-increment counters$` `unguarded: handler \(\*ecodialect.Deps\).SQLiteCount .*upsert-increment of counters \(medium\)`
	_, err := d.DB.ExecContext(ctx, "INSERT INTO counters (id, n) VALUES (?1, 1) ON CONFLICT(id) DO UPDATE SET n = n + 1", t.Type())
	return err
}

// SQLiteReplace replaces by key: a set.
func (d *Deps) SQLiteReplace(ctx context.Context, t *asynq.Task) error { // want SQLiteReplace:`^effects: db_write/upsert-set settings$`
	_, err := d.DB.ExecContext(ctx, "INSERT OR REPLACE INTO settings (k, v) VALUES (?1, ?2)", t.Type(), "x")
	return err
}
