package jobs

import (
	"context"

	"github.com/hibiken/asynq"

	"example.com/shapes/internal/model"
	"example.com/shapes/internal/svc"
)

// CondCancel asks the Orders port (svc.Impl, wired in cmd/worker: only
// the whole program knows it) for the cancelled state: the paid branch's
// increment of cw_counters is ruled out; the cw_moves increment is not
// (StateMoved is assigned at run time).
func (d *Deps) CondCancel(ctx context.Context, t *asynq.Task) error {
	return d.Orders.SetState(ctx, &svc.Req{ID: decode(t).Ref, State: model.StateCancel})
}

// CondPay asks for the paid state (near miss): the increment stays.
func (d *Deps) CondPay(ctx context.Context, t *asynq.Task) error {
	return d.Orders.SetState(ctx, &svc.Req{ID: decode(t).Ref, State: model.StatePaid})
}
