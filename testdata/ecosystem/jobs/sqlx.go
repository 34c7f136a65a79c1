package jobs

import (
	"context"

	"github.com/hibiken/asynq"

	"example.com/ecosystem/internal/queries"
)

// SqlxPay records a payment with MustExecContext.
func (d *Deps) SqlxPay(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	d.Sqlx.MustExecContext(ctx, `INSERT INTO payments (order_id, amount) VALUES ($1, $2)`, p.OrderID, p.Amount)
	return nil
}

// sqlxOrder is an nk_orders row, bound by its db tags.
type sqlxOrder struct {
	ID    string `db:"id"`
	Track string `db:"track"`
}

// SqlxOrder inserts the order under the payload's order id into nk_orders,
// whose only unique key is that id (migrations/002_natkey.sql), with
// sqlx's named arguments: a business key, a second delivery's insert fails
// on it and the handler returns that error (duplicate-as-error).
func (d *Deps) SqlxOrder(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	_, err := d.Sqlx.NamedExecContext(ctx, `INSERT INTO nk_orders (id, track) VALUES (:id, :track)`, sqlxOrder{ID: p.OrderID, Track: "sqlx"})
	return err
}

// SqlxReport only reads.
func (d *Deps) SqlxReport(ctx context.Context, t *asynq.Task) error {
	var total int64
	return d.Sqlx.GetContext(ctx, &total, `SELECT coalesce(sum(amount), 0) FROM payments`)
}

// SqlxNamedOrder is SqlxOrder through a named statement prepared from the
// query table's embedded file (queries.Orders.Insert): the same business
// key, the same duplicate-as-error.
func (d *Deps) SqlxNamedOrder(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	stmt, err := d.Sqlx.PrepareNamedContext(ctx, queries.Orders.Insert)
	if err != nil {
		return err
	}
	defer stmt.Close()
	_, err = stmt.ExecContext(ctx, sqlxOrder{ID: p.OrderID, Track: "sqlx"})
	return err
}

// SqlxNamedRead reads the order through a named statement prepared from
// the table (queries.Orders.Get): a read.
func (d *Deps) SqlxNamedRead(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	stmt, err := d.Sqlx.PrepareNamedContext(ctx, queries.Orders.Get)
	if err != nil {
		return err
	}
	defer stmt.Close()
	var o sqlxOrder
	return stmt.GetContext(ctx, &o, map[string]any{"id": p.OrderID})
}
