package jobs

import (
	"context"

	"github.com/hibiken/asynq"
)

// UpsertShipment records a shipment keyed by its order; the upsert is
// naturally idempotent, so it needs no guard.
func (d *Deps) UpsertShipment(ctx context.Context, t *asynq.Task) error {
	var p ShipmentPayload
	if err := decode(t, &p); err != nil {
		return err
	}
	_, err := d.Pool.Exec(ctx, `insert into shipments(order_id, carrier, tracking) values($1, $2, $3)
		on conflict (order_id) do update set carrier = excluded.carrier, tracking = excluded.tracking`,
		p.OrderID, p.Carrier, p.Tracking)
	return err
}
