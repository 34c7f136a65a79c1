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
// whole-program inventory should resolve it to (*sqlcdb.Queries).CreateOrder,
// wired in cmd/worker.
// TODO(engine): it stays unknown: the VTA slice holds only what the
// handlers reach, not cmd/worker's main, where *sqlcdb.Queries is stored
// into Deps.Querier.
func (d *Deps) SqlcQuerier(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	_, err := d.Querier.CreateOrder(ctx, sqlcdb.CreateOrderParams{Ref: p.OrderID, Amount: p.Amount})
	return err
}
