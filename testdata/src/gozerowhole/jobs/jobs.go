// Package jobs reaches the go-zero model through its interface, wired
// in New: only the whole program resolves the calls.
package jobs

import (
	"context"

	"github.com/hibiken/asynq"
	"github.com/zeromicro/go-zero/core/stores/sqlx"

	"gozerowhole/model"
)

type Deps struct {
	Orders model.OrderModel
	Asynq  *asynq.Client
}

func New(conn sqlx.SqlConn) *Deps {
	return &Deps{Orders: model.NewOrderModel(conn)}
}

// Pay: the state read, then the optimistic lock on the version read.
func (d *Deps) Pay(ctx context.Context, t *asynq.Task) error {
	o, err := d.Orders.FindOneBySn(ctx, string(t.Payload()))
	if err != nil {
		return err
	}
	if o.TradeState == 2 {
		return nil
	}
	o.TradeState = 2
	if err := d.Orders.UpdateWithVersion(ctx, nil, o); err != nil {
		return err
	}
	_, err = d.Asynq.Enqueue(asynq.NewTask("notify", t.Payload()))
	return err
}

// PayNoCheck: no test of the state read; a redelivery wins the lock again.
func (d *Deps) PayNoCheck(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: publish enqueue \(asynq\) \(medium\) at`
	o, err := d.Orders.FindOneBySn(ctx, string(t.Payload()))
	if err != nil {
		return err
	}
	o.TradeState = 2
	if err := d.Orders.UpdateWithVersion(ctx, nil, o); err != nil {
		return err
	}
	_, err = d.Asynq.Enqueue(asynq.NewTask("notify", t.Payload()))
	return err
}

func Register(mux *asynq.ServeMux, d *Deps) {
	mux.HandleFunc("pay", d.Pay)
	mux.HandleFunc("pay-no-check", d.PayNoCheck)
}
