package jobs

import (
	"context"

	"github.com/hibiken/asynq"
	"github.com/uptrace/bun"

	"example.com/ecosystem/internal/models"
)

// BunGuarded claims with Ignore() in RunInTx and inserts the order in the
// same transaction.
// TODO(engine): as for GormClaimedOrder, the orders_audit trigger's insert
// is missing (triggers are joined only to SQL text).
func (d *Deps) BunGuarded(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	return d.Bun.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		res, err := tx.NewInsert().Model(&models.ProcessedJob{JobKey: "bun:" + p.OrderID}).Ignore().Exec(ctx)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return err
		}
		_, err = tx.NewInsert().Model(&models.Order{Ref: p.OrderID, Amount: p.Amount}).Exec(ctx)
		return err
	})
}

// BunUpsert sets a counter from EXCLUDED: idempotent.
func (d *Deps) BunUpsert(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	_, err := d.Bun.NewInsert().Model(&models.Counter{ID: p.OrderID, N: p.Amount}).
		On("CONFLICT (id) DO UPDATE").
		Set("n = EXCLUDED.n").
		Exec(ctx)
	return err
}

// BunNotify announces the order with its id as the payload: a "?" where
// NOTIFY takes only a string constant, which bun writes into the text as a
// quoted literal before the driver sees it. A NOTIFY, read as such: safe
// (delivered only to the sessions listening now; a repeat is one more
// wake-up).
func (d *Deps) BunNotify(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	_, err := d.Bun.ExecContext(ctx, "NOTIFY orders, ?", p.OrderID)
	return err
}
