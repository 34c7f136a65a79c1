package jobs

import (
	"context"
	"errors"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// A check held by a PostgreSQL advisory lock on pgx v5
// (migrations/009_advisory.sql), ghsync's drift detector's shape: a
// transaction helper takes pg_advisory_xact_lock on the key and runs the
// callback, which looks the finding up on that transaction, touches it
// when found and otherwise inserts it with a ledger entry:
//   - adv:locked runs it under the helper's lock: a second delivery waits
//     for the first to commit and finds its finding (guarded);
//   - adv:plain runs it in a transaction nobody locked: two at once both
//     find nothing and both insert (unguarded).

// AdvisoryDeps holds the pool.
type AdvisoryDeps struct{ Pool *pgxpool.Pool }

func (d *AdvisoryDeps) withLockedTx(ctx context.Context, key string, fn func(pgx.Tx) error) error {
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "select pg_advisory_xact_lock(hashtextextended($1::text, 0))", key); err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

func (d *AdvisoryDeps) withTx(ctx context.Context, fn func(pgx.Tx) error) error {
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if err := fn(tx); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

func recordAdvFinding(ctx context.Context, tx pgx.Tx, key string) error {
	var id int64
	err := tx.QueryRow(ctx, "select id from adv_findings where key = $1", key).Scan(&id)
	if err == nil {
		_, err = tx.Exec(ctx, "update adv_findings set seen_at = now() where id = $1", id)
		return err
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return err
	}
	if _, err := tx.Exec(ctx, "insert into adv_ledger (key) values ($1)", key); err != nil {
		return err
	}
	_, err = tx.Exec(ctx, "insert into adv_findings (key) values ($1)", key)
	return err
}

// Locked records the finding under the helper's advisory lock.
func (d *AdvisoryDeps) Locked(ctx context.Context, t *asynq.Task) error {
	key := string(t.Payload())
	return d.withLockedTx(ctx, key, func(tx pgx.Tx) error {
		return recordAdvFinding(ctx, tx, key)
	})
}

// Plain records it in a transaction nobody locked.
func (d *AdvisoryDeps) Plain(ctx context.Context, t *asynq.Task) error {
	key := string(t.Payload())
	return d.withTx(ctx, func(tx pgx.Tx) error {
		return recordAdvFinding(ctx, tx, key)
	})
}

// RegisterAdvisory registers the advisory-lock handlers.
func RegisterAdvisory(mux *asynq.ServeMux, d *AdvisoryDeps) {
	mux.HandleFunc("adv:locked", d.Locked)
	mux.HandleFunc("adv:plain", d.Plain)
}
