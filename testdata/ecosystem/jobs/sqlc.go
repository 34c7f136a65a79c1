package jobs

import (
	"context"

	"github.com/hibiken/asynq"

	"example.com/ecosystem/internal/sqlcdb"
)

// SqlcOrder creates an order with the sqlc query: the orders_audit trigger
// (migrations/001_schema.sql) also inserts into audit_log.
func (d *Deps) SqlcOrder(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	_, err := d.Queries.CreateOrder(ctx, sqlcdb.CreateOrderParams{Ref: p.OrderID, Amount: p.Amount})
	return err
}

// SqlcQuerier calls the same query through the emit_interface Querier.
// go vet cannot know the implementation (a dynamic call, unknown); the
// whole-program inventory resolves it to (*sqlcdb.Queries).CreateOrder,
// wired in cmd/worker: VTA sees main store *sqlcdb.Queries into
// Deps.Querier (the root packages' functions are part of its slice), so
// the insert and its trigger's audit insert appear with the dynamic hop
// in their paths.
func (d *Deps) SqlcQuerier(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	_, err := d.Querier.CreateOrder(ctx, sqlcdb.CreateOrderParams{Ref: p.OrderID, Amount: p.Amount})
	return err
}
