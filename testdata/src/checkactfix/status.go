package checkactfix

import (
	"context"

	"github.com/hibiken/asynq"
)

// Ship reads the order's status, skips when it is already shipped, books
// the carrier and writes the new status afterwards (through a method of
// its own): the status form of check-then-act.
func (d *Deps) Ship(ctx context.Context, t *asynq.Task) error { // want Ship:`^effects: db_write/insert shipments issue=check-then-act; db_read/select orders; db_write/update-set orders$`
	var order struct {
		ID     int64
		Status string
	}
	if err := d.Pool.QueryRow(ctx, "select id, status from orders where id = $1", 7).Scan(&order.ID, &order.Status); err != nil { // want `check-then-act: this check of orders and the write into it at checkactfix/status.go:\d+ sit on either side of the insert into shipments`
		return err
	}
	if order.Status == "shipped" {
		return nil // shipped before
	}
	if _, err := d.Pool.Exec(ctx, "insert into shipments (order_id) values ($1)", order.ID); err != nil {
		return err
	}
	return d.markShipped(ctx, order.ID)
}

func (d *Deps) markShipped(ctx context.Context, id int64) error { // want markShipped:`^effects: db_write/update-set orders$`
	_, err := d.Pool.Exec(ctx, "update orders set status = 'shipped' where id = $1", id)
	return err
}

// Deliver marks the row as being processed before the act with a plain
// update (no status predicate, nothing tested): a delivery that starts
// after the mark skips, but two that overlap both read "pending" and both
// insert. The status form of check-then-act too.
func (d *Deps) Deliver(ctx context.Context, t *asynq.Task) error { // want Deliver:`^effects: db_write/insert deliveries issue=check-then-act; db_read/select orders; db_write/update-set orders; db_write/update-set orders$`
	var status string
	if err := d.Pool.QueryRow(ctx, "select status from orders where id = $1", 8).Scan(&status); err != nil { // want `check-then-act: this check of orders and the status written at checkactfix/status.go:\d+ before the insert into deliveries at checkactfix/status.go:\d+ are two statements, not a compare-and-set`
		return err
	}
	if status != "pending" {
		return nil
	}
	if _, err := d.Pool.Exec(ctx, "update orders set status = 'processing' where id = $1", 8); err != nil {
		return err
	}
	if _, err := d.Pool.Exec(ctx, "insert into deliveries (order_id) values ($1)", 8); err != nil {
		return err
	}
	_, err := d.Pool.Exec(ctx, "update orders set status = 'done' where id = $1", 8)
	return err
}

// Sweep lists the expired rows, deletes them without testing how many it
// deleted, then counts them down: two overlapping deliveries both list
// them, the second deletes nothing and still decrements.
func (d *Deps) Sweep(ctx context.Context, t *asynq.Task) error { // want Sweep:`^effects: db_write/update-increment counters issue=check-then-act; db_read/select devices; db_write/delete devices$`
	var n int
	if err := d.Pool.QueryRow(ctx, "select count(*) from devices where removed_at < now()").Scan(&n); err != nil { // want `check-then-act: this check of devices and the rows deleted at checkactfix/status.go:\d+ before the update-increment of counters at checkactfix/status.go:\d+ are two statements, not a compare-and-set`
		return err
	}
	if n == 0 {
		return nil
	}
	if _, err := d.Pool.Exec(ctx, "delete from devices where removed_at < now()"); err != nil {
		return err
	}
	_, err := d.Pool.Exec(ctx, "update counters set removed = removed - $1 where id = 1", n)
	return err
}
