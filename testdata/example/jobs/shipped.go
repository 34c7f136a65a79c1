package jobs

import (
	"context"

	"github.com/hibiken/asynq"
)

// NotifyShipped tells the partner an order shipped, through the Notifier
// interface: per package an unknown call, over the whole program an HTTP POST.
func (d *Deps) NotifyShipped(ctx context.Context, t *asynq.Task) error {
	var p ShipmentPayload
	if err := decode(t, &p); err != nil {
		return err
	}
	return d.Notifier.Notify(ctx, "shipped:"+p.OrderID)
}

// AuditRefund records a refund through the Audit func value: per package
// unknown, over the whole program an insert into audit_log.
func (d *Deps) AuditRefund(ctx context.Context, t *asynq.Task) error {
	var p ChargePayload
	if err := decode(t, &p); err != nil {
		return err
	}
	return d.Audit(ctx, "refund:"+p.OrderID)
}
