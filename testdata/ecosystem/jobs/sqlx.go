package jobs

import (
	"context"

	"github.com/hibiken/asynq"
)

// SqlxPay records a payment with MustExecContext.
func (d *Deps) SqlxPay(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	d.Sqlx.MustExecContext(ctx, `INSERT INTO payments (order_id, amount) VALUES ($1, $2)`, p.OrderID, p.Amount)
	return nil
}

// SqlxReport only reads.
func (d *Deps) SqlxReport(ctx context.Context, t *asynq.Task) error {
	var total int64
	return d.Sqlx.GetContext(ctx, &total, `SELECT coalesce(sum(amount), 0) FROM payments`)
}
