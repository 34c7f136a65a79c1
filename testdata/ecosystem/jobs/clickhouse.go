package jobs

import (
	"context"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/hibiken/asynq"
)

// ClickHouse through the real client: a batch's rows are written when
// Send sends them (an insert ClickHouse does not refuse twice); a query is
// a read.

// CHDeps are the ClickHouse handlers' clients.
type CHDeps struct {
	CH clickhouse.Conn
}

// CHLogOrder appends the order to the analytics table: unguarded.
func (d *CHDeps) CHLogOrder(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	batch, err := d.CH.PrepareBatch(ctx, "INSERT INTO order_events (order_id, amount)")
	if err != nil {
		return err
	}
	defer batch.Close()
	if err := batch.Append(p.OrderID, p.Amount); err != nil {
		return err
	}
	return batch.Send()
}

// CHCountOrders counts the order's events: safe.
func (d *CHDeps) CHCountOrders(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	var n uint64
	return d.CH.QueryRow(ctx, "SELECT count() FROM order_events WHERE order_id = ?", p.OrderID).Scan(&n)
}

// RegisterClickHouse registers the ClickHouse handlers.
func RegisterClickHouse(mux *asynq.ServeMux, d *CHDeps) {
	mux.HandleFunc("ch:log-order", d.CHLogOrder)
	mux.HandleFunc("ch:count-orders", d.CHCountOrders)
}
