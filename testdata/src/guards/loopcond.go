package guards

import (
	"context"

	"github.com/hibiken/asynq"
)

// A loop over what a read returned tests that read at the loop's own
// condition: the exit edge runs what follows the loop, but the other edge
// is the loop's body, which comes back to the test; nothing was skipped as
// done, so the read is no check and what follows is no check-then-act
// (loopcond in analyzer/guard/checkact.go).

// shipmentLines reads an order's lines.
func (d *Deps) shipmentLines(ctx context.Context, id string) ([]string, error) { // want shipmentLines:"db_read/select orders"
	rows, err := d.Pool.Query(ctx, "select line from orders where id = $1 and status <> 'packed'", id) // want `check-then-act: this check of orders and the status written at guards/loopcond.go:66 before the insert into parcels at guards/loopcond.go:69`
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var l string
		if err := rows.Scan(&l); err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, rows.Err()
}

// PackOrder walks the lines it read, then marks the order and inserts its
// parcel: repeated, but no check decides it.
func (d *Deps) PackOrder(ctx context.Context, t *asynq.Task) error { // want PackOrder:"db_write/insert parcels; db_read/select orders" `unguarded: handler \(\*guards.Deps\).PackOrder \(asynq task "order:pack"\) repeats its side effects`
	id := string(t.Payload())
	lines, err := d.shipmentLines(ctx, id)
	if err != nil {
		return err
	}
	weight := 0
	for _, l := range lines {
		weight += len(l)
	}
	if _, err := d.Pool.Exec(ctx, "update orders set status = 'packing' where id = $1", id); err != nil {
		return err
	}
	if _, err := d.Pool.Exec(ctx, "insert into parcels(order_id, weight) values ($1, $2)", id, weight); err != nil {
		return err
	}
	_, err = d.Pool.Exec(ctx, "update orders set status = 'packed' where id = $1", id)
	return err
}

// PackOrderChecked returns when the lines say the order is packed: the
// check-then-act that stays (the near miss).
func (d *Deps) PackOrderChecked(ctx context.Context, t *asynq.Task) error { // want PackOrderChecked:"db_write/insert parcels issue=check-then-act"
	id := string(t.Payload())
	lines, err := d.shipmentLines(ctx, id)
	if err != nil {
		return err
	}
	if len(lines) == 0 {
		return nil
	}
	if _, err := d.Pool.Exec(ctx, "update orders set status = 'packing' where id = $1", id); err != nil {
		return err
	}
	if _, err := d.Pool.Exec(ctx, "insert into parcels(order_id, weight) values ($1, $2)", id, len(lines)); err != nil {
		return err
	}
	_, err = d.Pool.Exec(ctx, "update orders set status = 'packed' where id = $1", id)
	return err
}

func registerLoopCond(mux *asynq.ServeMux, d *Deps) { // want registerLoopCond:"no effects"
	mux.HandleFunc("order:pack", d.PackOrder)
	mux.HandleFunc("order:pack-checked", d.PackOrderChecked)
}
