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
