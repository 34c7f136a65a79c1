package jobs

import (
	"context"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5"

	"example.com/ecosystem/internal/hookstore"
)

// A hook factory whose closure the store runs in the claim's
// transaction: the paid hook returns it only when the claim took the key
// (Claimed), so its payment insert on that transaction is guarded (the
// command resolves the hook; go vet, one package at a time, reports
// nothing here either). The near misses (a factory testing a field set
// before the claim, one testing nothing, a closure on the pool) are in
// the analyzer's hookgate fixture.

// HookDeps are the hook handlers' clients.
type HookDeps struct{ Store *hookstore.Store }

func paymentHook(orderID int64, amount int64) hookstore.TxHook {
	return func(ctx context.Context, tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO payments (order_id, amount) VALUES ($1, $2)`, orderID, amount)
		return err
	}
}

// HookPaid records the payment only on the delivery that claimed the job.
func (d *HookDeps) HookPaid(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	return d.Store.ClaimPaid(ctx, "paid:"+p.OrderID, func(r hookstore.Result) hookstore.TxHook {
		if !r.Claimed {
			return nil
		}
		return paymentHook(1, 100)
	})
}

// RegisterHooks registers the hook handlers.
func RegisterHooks(mux *asynq.ServeMux, d *HookDeps) {
	mux.HandleFunc("hookgate:paid", d.HookPaid)
}
