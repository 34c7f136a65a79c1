package jobs

import (
	"context"
	"errors"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgxpool"
)

// A call through a function value that merges an unexported field with a
// closure (work := d.work; if work == nil { work = func(…){…} }), handed
// to a helper that calls it: nothing in production sets d.work (a test
// would), so the call runs the closure, whose insert is followed.

// FuncFieldDeps are the merged function value handler's clients.
type FuncFieldDeps struct {
	Pool *pgxpool.Pool
	work func(context.Context, string) error
}

// runWork calls the work it is given.
func runWork(ctx context.Context, work func(context.Context, string) error, ref string) error {
	if work == nil {
		return errors.New("work is not configured")
	}
	return work(ctx, ref)
}

// FuncFieldLedger records the order in the ledger through the closure.
func (d *FuncFieldDeps) FuncFieldLedger(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	work := d.work
	if work == nil {
		work = func(ctx context.Context, ref string) error {
			_, err := d.Pool.Exec(ctx, `INSERT INTO ledger (order_id, amount) VALUES ($1, 1)`, ref)
			return err
		}
	}
	return runWork(ctx, work, p.OrderID)
}

// RegisterFuncField registers the merged function value handler.
func RegisterFuncField(mux *asynq.ServeMux, d *FuncFieldDeps) {
	mux.HandleFunc("funcfield:ledger", d.FuncFieldLedger)
}
