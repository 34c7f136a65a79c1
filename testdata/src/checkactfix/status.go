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

// Fund skips a schedule that is not due with continue: the next item, as a
// return of success skips the whole job. The plain update of the schedule
// before the increment keeps later deliveries out, not overlapping ones.
func (d *Deps) Fund(ctx context.Context, t *asynq.Task) error { // want Fund:`^effects: db_write/update-increment spending issue=check-then-act; db_read/select schedules; db_write/update-set schedules$`
	for _, id := range []int{1, 2} {
		var due bool
		if err := d.Pool.QueryRow(ctx, "select next_at <= now() from schedules where id = $1", id).Scan(&due); err != nil { // want `check-then-act: this check of schedules and the status written at checkactfix/status.go:\d+ before the update-increment of spending`
			return err
		}
		if !due {
			continue
		}
		if _, err := d.Pool.Exec(ctx, "update schedules set next_at = now() + interval '1 day' where id = $1", id); err != nil {
			return err
		}
		if _, err := d.Pool.Exec(ctx, "update spending set amount = amount + 10 where schedule_id = $1", id); err != nil {
			return err
		}
	}
	return nil
}

// FailedLookup skips an item whose lookup failed: that is no "done"
// answer, the insert is plainly unguarded.
func (d *Deps) FailedLookup(ctx context.Context, t *asynq.Task) error { // want FailedLookup:`^effects: db_write/insert notices; db_read/select settings; db_read/select users; db_write/update-set users$` `unguarded: handler \(\*checkactfix.Deps\).FailedLookup repeats its side effects when a job is delivered twice: insert into notices`
	for _, id := range []int{1, 2} {
		var enabled bool
		if err := d.Pool.QueryRow(ctx, "select enabled from settings where id = 1").Scan(&enabled); err != nil {
			return err
		}
		var email string
		if err := d.Pool.QueryRow(ctx, "select email from users where id = $1", id).Scan(&email); err != nil {
			continue
		}
		if _, err := d.Pool.Exec(ctx, "insert into notices (email) values ($1)", email); err != nil {
			return err
		}
		if _, err := d.Pool.Exec(ctx, "update users set noticed = true where id = $1", id); err != nil {
			return err
		}
	}
	return nil
}

// Notify marks the order through a helper that also records an event (as
// a hook of the update would): the event's insert is an effect of the
// mark's own call, and the check covers it as it covers the later insert.
func (d *Deps) Notify(ctx context.Context, t *asynq.Task) error { // want Notify:`^effects: db_write/insert notices issue=check-then-act; db_write/insert order_events issue=check-then-act; db_read/select orders; db_write/update-set orders$`
	var status string
	if err := d.Pool.QueryRow(ctx, "select status from orders where id = $1", 9).Scan(&status); err != nil { // want `check-then-act: this check of orders and the status written at checkactfix/status.go:\d+ before the insert into notices`
		return err
	}
	if status == "done" {
		return nil
	}
	if err := d.setStatus(ctx, 9, "processing"); err != nil {
		return err
	}
	_, err := d.Pool.Exec(ctx, "insert into notices (email) values ($1)", "x")
	return err
}

func (d *Deps) setStatus(ctx context.Context, id int64, status string) error { // want setStatus:`^effects: db_write/insert order_events; db_write/update-set orders$`
	if _, err := d.Pool.Exec(ctx, "update orders set status = $2 where id = $1", id, status); err != nil {
		return err
	}
	_, err := d.Pool.Exec(ctx, "insert into order_events (order_id, status) values ($1, $2)", id, status)
	return err
}

// FundAll is Fund gathering the due schedules and funding them after the
// loop in one statement: the increment takes what the items' work handed
// on, so the check covers it as it covers an increment in the loop.
func (d *Deps) FundAll(ctx context.Context, t *asynq.Task) error { // want FundAll:`^effects: db_write/update-increment spending issue=check-then-act; db_read/select schedules; db_write/update-set schedules$`
	var due []int
	for _, id := range []int{1, 2} {
		var ok bool
		if err := d.Pool.QueryRow(ctx, "select next_at <= now() from schedules where id = $1", id).Scan(&ok); err != nil { // want `check-then-act: this check of schedules and the status written at checkactfix/status.go:\d+ before the update-increment of spending`
			return err
		}
		if !ok {
			continue
		}
		if _, err := d.Pool.Exec(ctx, "update schedules set next_at = now() + interval '1 day' where id = $1", id); err != nil {
			return err
		}
		due = append(due, id)
	}
	if len(due) == 0 {
		return nil
	}
	_, err := d.Pool.Exec(ctx, "update spending set amount = amount + 10 where schedule_id = any($1)", due)
	return err
}

// FundAfter skips the schedules that are not due, but the increment after
// the loop does not take what the items' work gathered: it runs on every
// delivery, plainly unguarded.
func (d *Deps) FundAfter(ctx context.Context, t *asynq.Task) error { // want FundAfter:`^effects: db_write/update-increment totals; db_read/select schedules; db_write/update-set schedules$` `unguarded: handler \(\*checkactfix.Deps\).FundAfter \(asynq task "fundafter"\) repeats its side effects when a job is delivered twice: update-increment of totals`
	for _, id := range []int{1, 2} {
		var ok bool
		if err := d.Pool.QueryRow(ctx, "select next_at <= now() from schedules where id = $1", id).Scan(&ok); err != nil {
			return err
		}
		if !ok {
			continue
		}
		if _, err := d.Pool.Exec(ctx, "update schedules set next_at = now() + interval '1 day' where id = $1", id); err != nil {
			return err
		}
	}
	_, err := d.Pool.Exec(ctx, "update totals set runs = runs + 1 where id = 1")
	return err
}

// Retain returns when there is nothing to do, then updates the order
// through the helper whose insert records an event: the mark's own call's
// insert alone is no act the check covers, it is plainly unguarded.
func (d *Deps) Retain(ctx context.Context, t *asynq.Task) error { // want Retain:`^effects: db_write/insert order_events; db_write/update-set orders; db_read/select orders$` `unguarded: handler \(\*checkactfix.Deps\).Retain \(asynq task "retain"\) repeats its side effects when a job is delivered twice: insert into order_events`
	var n int
	if err := d.Pool.QueryRow(ctx, "select count(*) from orders where expired").Scan(&n); err != nil {
		return err
	}
	if n == 0 {
		return nil
	}
	return d.setStatus(ctx, 10, "retained")
}

// Settle reads the order's status, skips when done, inserts the payment
// and then writes the final status through the helper whose insert
// records an event: the check covers the helper's insert as it covers the
// payment's.
func (d *Deps) Settle(ctx context.Context, t *asynq.Task) error { // want Settle:`^effects: db_write/insert order_events issue=check-then-act; db_write/insert payments issue=check-then-act; db_write/update-set orders; db_read/select orders$`
	var status string
	if err := d.Pool.QueryRow(ctx, "select status from orders where id = $1", 11).Scan(&status); err != nil { // want `check-then-act: this check of orders and the write into it at checkactfix/status.go:\d+ sit on either side of the insert into payments`
		return err
	}
	if status == "settled" {
		return nil
	}
	if _, err := d.Pool.Exec(ctx, "insert into payments (order_id) values ($1)", 11); err != nil {
		return err
	}
	return d.setStatus(ctx, 11, "settled")
}
