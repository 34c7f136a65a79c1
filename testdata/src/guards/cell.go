package guards

import (
	"context"
	"errors"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5"
)

// A claim's outcome kept in a variable the transaction callback shares
// with its caller (applied = err == nil; if !applied { return nil }) is
// tested as the outcome itself. Shape of ghsync's repository tombstone
// (internal/store/repository.go:141-168).

// TombstoneApplied tombstones the row with a compare-and-set and emits
// the change only when this delivery made it.
func (d *Deps) TombstoneApplied(ctx context.Context, t *asynq.Task) error { // want TombstoneApplied:`^effects: db_write/insert change_events guarded=processed_jobs; db_write/claim repos$`
	var applied bool
	err := pgx.BeginFunc(ctx, d.Pool, func(tx pgx.Tx) error {
		var id int64
		err := tx.QueryRow(ctx, "update repos set tombstoned_at = now() where id = $1 and tombstoned_at is null returning id", t.Type()).Scan(&id)
		if err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return err
		}
		applied = err == nil
		if !applied {
			return nil
		}
		_, err = tx.Exec(ctx, "insert into change_events (repo_id) values ($1)", id)
		return err
	})
	if err != nil {
		return err
	}
	_ = applied
	return nil
}

// TombstoneForced ORs the outcome with a flag of the job's: the variable
// can be true on a duplicate, so it guards nothing.
func (d *Deps) TombstoneForced(ctx context.Context, t *asynq.Task) error { // want TombstoneForced:`^effects: db_write/insert change_events; db_write/claim repos$` `unguarded: handler \(\*guards.Deps\).TombstoneForced .*insert into change_events`
	var applied bool
	force := len(t.Payload()) > 0
	err := pgx.BeginFunc(ctx, d.Pool, func(tx pgx.Tx) error {
		var id int64
		err := tx.QueryRow(ctx, "update repos set tombstoned_at = now() where id = $1 and tombstoned_at is null returning id", t.Type()).Scan(&id)
		if err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return err
		}
		applied = err == nil
		if force {
			applied = true
		}
		if !applied {
			return nil
		}
		_, err = tx.Exec(ctx, "insert into change_events (repo_id) values ($1)", id)
		return err
	})
	if err != nil {
		return err
	}
	_ = applied
	return nil
}

func registerCell(mux *asynq.ServeMux, d *Deps) { // want registerCell:`^no effects$`
	mux.HandleFunc("tombstone", d.TombstoneApplied)
	mux.HandleFunc("tombstoneforced", d.TombstoneForced)
}
