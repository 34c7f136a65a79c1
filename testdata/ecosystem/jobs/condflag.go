package jobs

import (
	"context"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgxpool"
)

// CondDeps are the clients of the shipping handlers, whose shared helper
// inserts an event only when its caller asks for one.
type CondDeps struct {
	Pool *pgxpool.Pool
}

// ship sets the order's status, then records a shipping event when notify
// is set: which of the two a handler does depends on the constant it
// passes.
func (d *CondDeps) ship(ctx context.Context, orderID string, notify bool) error {
	if _, err := d.Pool.Exec(ctx, "update cond_orders set status = 'shipped' where id = $1", orderID); err != nil {
		return err
	}
	if notify {
		_, err := d.Pool.Exec(ctx, "insert into cond_events (order_id, kind) values ($1, 'shipped')", orderID)
		return err
	}
	return nil
}

// CondQuiet passes false: the event's insert is ruled out, the status set
// is all it does (safe).
func (d *CondDeps) CondQuiet(ctx context.Context, t *asynq.Task) error {
	return d.ship(ctx, decode(t).OrderID, false)
}

// CondNotify passes true (near miss): the insert repeats.
func (d *CondDeps) CondNotify(ctx context.Context, t *asynq.Task) error {
	return d.ship(ctx, decode(t).OrderID, true)
}

// RegisterCond registers the shipping handlers.
func RegisterCond(mux *asynq.ServeMux, d *CondDeps) {
	mux.HandleFunc("cond:quiet", d.CondQuiet)
	mux.HandleFunc("cond:notify", d.CondNotify)
}
