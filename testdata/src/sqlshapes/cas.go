package sqlshapes

import (
	"context"
	"errors"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5"
)

// Payout deletes the pending row and goes on only when it got it back:
// a second delivery deletes nothing (no rows) and stops. A compare-and-set
// claim in the payout's transaction: the insert is guarded.
func (d *Deps) Payout(ctx context.Context, t *asynq.Task) error { // want Payout:`^effects: db_write/insert payouts guarded=processed_jobs; db_write/claim pending_payouts$`
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var amount int64
	err = tx.QueryRow(ctx, "delete from pending_payouts where id = $1 returning amount", t.Type()).Scan(&amount)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil // paid before
	}
	if err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, "insert into payouts (id, amount) values ($1, $2)", t.Type(), amount); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// Transition upserts the order's state only when it changes (DO UPDATE …
// WHERE) and goes on only when a row came back: a claim, but on the pool,
// while the event is inserted in a transaction of its own:
// guard-separate-tx.
func (d *Deps) Transition(ctx context.Context, t *asynq.Task) error { // want Transition:`^effects: db_write/insert order_events issue=guard-separate-tx; db_write/claim order_state$`
	var id int64
	err := d.Pool.QueryRow(ctx, shipOnce, 7).Scan(&id) // want `guard-separate-tx: the claim on order_state commits separately from the insert into order_events`
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "insert into order_events (order_id, state) values ($1, 'shipped')", id); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

const shipOnce = `insert into order_state (id, state) values ($1, 'shipped')
	on conflict (id) do update set state = excluded.state where order_state.state is distinct from excluded.state
	returning id`

// demote moves every accepted entry back to the waitlist and returns only
// the error: nothing tests (or can test) whether rows changed, so the
// compare-and-set is the update as written, a state transition, not a
// claim anyone can take for a guard.
func (d *Deps) demote(ctx context.Context) error { // want demote:`^effects: db_write/update-set entries$`
	_, err := d.Pool.Exec(ctx, "update entries set status = 'waitlisted' where status = 'accepted'")
	return err
}

// Rotate demotes, then accepts the next batch: the demotion guards
// nothing (nothing tests it), and the batch is taken again on a second
// delivery.
func (d *Deps) Rotate(ctx context.Context, t *asynq.Task) error { // want Rotate:`^effects: db_write/update-increment entries; db_write/update-set entries$` `unguarded: handler \(\*sqlshapes.Deps\).Rotate .*update-increment of entries`
	if err := d.demote(ctx); err != nil {
		return err
	}
	return d.acceptNext(ctx, 10)
}

// demoteCounted hands back the rows changed: its caller tests them, so
// it stays a claim (near miss of demote).
func (d *Deps) demoteCounted(ctx context.Context) (int64, error) { // want demoteCounted:`^effects: db_write/claim entries; returns claim result 0 \(count\)$`
	tag, err := d.Pool.Exec(ctx, "update entries set status = 'waitlisted' where status = 'accepted'")
	return tag.RowsAffected(), err
}
