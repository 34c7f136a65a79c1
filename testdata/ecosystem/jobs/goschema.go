package jobs

import (
	"context"
	"fmt"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgxpool"
)

// GoSchemaDeps are the clients of the handler whose table is created by
// Go code at startup (internal/goschema).
type GoSchemaDeps struct {
	Pool *pgxpool.Pool
}

// Ship records the shipment under the tracking number the job carries:
// the number is unique (internal/goschema.Schema), so a redelivery's insert
// fails and the handler returns the failure: duplicate-as-error.
func (d *GoSchemaDeps) Ship(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	if _, err := d.Pool.Exec(ctx, "insert into shipments (tracking, order_id) values ($1, $2)", p.Email, p.OrderID); err != nil {
		return fmt.Errorf("ship: %w", err)
	}
	return nil
}

// RegisterGoSchema registers the handler.
func RegisterGoSchema(mux *asynq.ServeMux, d *GoSchemaDeps) {
	mux.HandleFunc("goschema:ship", d.Ship)
}
