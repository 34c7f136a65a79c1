package checkactfix

import (
	"context"
	"errors"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// SkipLockedMissing reads the done flag under for update skip locked but
// lets "no row" through as "not done": a delivery running while the first
// holds the row finds none, takes the zero flag and inserts again. The
// lock holds nothing here (check-then-act stands).
func (d *Deps) SkipLockedMissing(ctx context.Context, t *asynq.Task) error { // want SkipLockedMissing:`^effects: db_write/insert ledger issue=check-then-act; db_read/select runs; db_write/update-set runs$`
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var done bool
	err = tx.QueryRow(ctx, "select done from runs where id = $1 for update skip locked", t.Type()).Scan(&done) // want `check-then-act: this check of runs`
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return err
	}
	if done {
		return nil
	}
	if _, err := tx.Exec(ctx, "insert into ledger (id) values ($1)", t.Type()); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, "update runs set done = true where id = $1", t.Type()); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// NoWaitDone is the same check under for update nowait with the read's
// failure returned: a delivery at the same time fails at the read and is
// retried, one after the commit reads done = true. Guarded by the lock.
func (d *Deps) NoWaitDone(ctx context.Context, t *asynq.Task) error { // want NoWaitDone:`^effects: db_write/insert ledger guarded=processed_jobs; db_read/select runs; db_write/update-set runs$`
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var done bool
	if err := tx.QueryRow(ctx, "select done from runs where id = $1 for update nowait", t.Type()).Scan(&done); err != nil {
		return err
	}
	if done {
		return nil
	}
	if _, err := tx.Exec(ctx, "insert into ledger (id) values ($1)", t.Type()); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, "update runs set done = true where id = $1", t.Type()); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// pendingSignals is sqlc's :many: the signals not yet sent, locked for
// update skip locked on the transaction given.
func pendingSignals(ctx context.Context, tx pgx.Tx) ([]string, error) { // want pendingSignals:`^effects: db_read/select signals @p1$`
	rows, err := tx.Query(ctx, "select id from signals where message_id is null for update skip locked limit 100")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// PendingRows takes the signals not yet sent (pendingSignals), queues a
// message for each and records its id in the signal, all in one
// transaction: the WHERE is the check and the record takes the row out of
// it, so a delivery at the same time skips the locked rows and one after
// the commit selects none of them. Guarded by the lock.
func (d *Deps) PendingRows(ctx context.Context, t *asynq.Task) error { // want PendingRows:`^effects: db_write/insert outgoing guarded=processed_jobs; db_read/select signals; db_write/update-set signals$`
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	ids, err := pendingSignals(ctx, tx)
	if err != nil {
		return err
	}
	for _, id := range ids {
		if _, err := tx.Exec(ctx, "insert into outgoing (id, signal) values (gen_random_uuid(), $1)", id); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "update signals set message_id = $2 where id = $1", id, t.Type()); err != nil {
			return err
		}
	}
	return tx.Commit(ctx)
}

// PendingTouched is PendingRows whose write leaves the row in the WHERE
// (a timestamp the read does not test): a later delivery selects the
// same rows and queues their messages again. Unguarded.
func (d *Deps) PendingTouched(ctx context.Context, t *asynq.Task) error { // want PendingTouched:`^effects: db_write/insert outgoing; db_read/select signals; db_write/update-set signals$` `unguarded: handler \(\*checkactfix.Deps\).PendingTouched \(asynq task "pendingtouched"\) repeats its side effects when a job is delivered twice: insert into outgoing`
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	ids, err := pendingSignals(ctx, tx)
	if err != nil {
		return err
	}
	for _, id := range ids {
		if _, err := tx.Exec(ctx, "insert into outgoing (id, signal) values (gen_random_uuid(), $1)", id); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "update signals set touched_at = now() where id = $1", id); err != nil {
			return err
		}
	}
	return tx.Commit(ctx)
}

// poolSignals is pendingSignals on the pool.
func poolSignals(ctx context.Context, p *pgxpool.Pool) ([]string, error) { // want poolSignals:`^effects: db_read/select signals @p1$`
	rows, err := p.Query(ctx, "select id from signals where message_id is null for update skip locked limit 100") // want `check-then-act: this check of signals and the write into it at checkactfix/skiplocked.go:\d+ sit on either side of the insert into outgoing`
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// PendingPool is PendingRows on the pool, no transaction: each statement
// commits alone and the lock ends with the read, so a delivery at the
// same time selects the same rows: the WHERE is a check the record
// answers too late (check-then-act).
func (d *Deps) PendingPool(ctx context.Context, t *asynq.Task) error { // want PendingPool:`^effects: db_write/insert outgoing issue=check-then-act; db_read/select signals; db_write/update-set signals$`
	ids, err := poolSignals(ctx, d.Pool)
	if err != nil {
		return err
	}
	for _, id := range ids {
		if _, err := d.Pool.Exec(ctx, "insert into outgoing (id, signal) values (gen_random_uuid(), $1)", id); err != nil {
			return err
		}
		if _, err := d.Pool.Exec(ctx, "update signals set message_id = $2 where id = $1", id, t.Type()); err != nil {
			return err
		}
	}
	return nil
}
