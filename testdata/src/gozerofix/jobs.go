package gozerofix

import (
	"context"

	"github.com/hibiken/asynq"
	"github.com/zeromicro/go-zero/core/stores/sqlx"
)

type Deps struct {
	Orders *defaultOrderModel
	Asynq  *asynq.Client
}

func New(conn sqlx.SqlConn) *Deps { // want New:`^no effects$`
	return &Deps{Orders: newOrderModel(conn)}
}

// Pay moves the order from waiting (1) to paid (2) and notifies only
// after the transition took: a redelivery finds it paid and returns, an
// overlapping one loses the optimistic lock.
func (d *Deps) Pay(ctx context.Context, t *asynq.Task) error { // want Pay:`^effects: publish/enqueue asynq guarded=processed_jobs; db_read/select order; db_write/claim order; db_write/claim order; returns claim result 0 \(norows\)$`
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

// PayPlain sets the state with goctl's plain update: nothing keeps an
// overlapping delivery from notifying too.
func (d *Deps) PayPlain(ctx context.Context, t *asynq.Task) error { // want PayPlain:`^effects: publish/enqueue asynq; db_read/select order; db_write/update-set order; db_write/update-set order$` `unguarded: handler \(\*gozerofix.Deps\).PayPlain`
	o, err := d.Orders.FindOneBySn(ctx, string(t.Payload()))
	if err != nil {
		return err
	}
	o.TradeState = 2
	if err := d.Orders.Update(ctx, nil, o); err != nil {
		return err
	}
	_, err = d.Asynq.Enqueue(asynq.NewTask("notify", t.Payload()))
	return err
}

// PayUnchecked drops the optimistic lock's outcome: the notification
// runs whether the transition took or not.
func (d *Deps) PayUnchecked(ctx context.Context, t *asynq.Task) error { // want PayUnchecked:`^effects: publish/enqueue asynq issue=claim-unchecked; db_read/select order; db_write/claim order; db_write/claim order$`
	o, err := d.Orders.FindOneBySn(ctx, string(t.Payload()))
	if err != nil {
		return err
	}
	o.TradeState = 2
	_ = d.Orders.UpdateWithVersion(ctx, nil, o)
	_, err = d.Asynq.Enqueue(asynq.NewTask("notify", t.Payload()))
	return err
}

func Register(mux *asynq.ServeMux, d *Deps) { // want Register:`^no effects$`
	mux.HandleFunc("order:pay", d.Pay)
	mux.HandleFunc("order:pay-plain", d.PayPlain)
	mux.HandleFunc("order:pay-unchecked", d.PayUnchecked)
}

// PayNoCheck reads the order and wins the optimistic lock on the version
// it read, but never tests whether the order was paid already: a
// redelivery reads the paid order's new version, wins the lock again and
// notifies again.
func (d *Deps) PayNoCheck(ctx context.Context, t *asynq.Task) error { // want PayNoCheck:`^effects: publish/enqueue asynq; db_read/select order; db_write/claim order; db_write/claim order; returns claim result 0 \(norows\)$` `unguarded: handler \(\*gozerofix.Deps\).PayNoCheck`
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

// PayCarried moves the order from the version the job carries: a
// redelivery finds the row moved and notifies nothing.
func (d *Deps) PayCarried(ctx context.Context, t *asynq.Task) error { // want PayCarried:`^effects: publish/enqueue asynq guarded=processed_jobs; db_write/claim order; db_write/claim order; returns claim result 0 \(norows\)$`
	o := &Order{Sn: string(t.Payload()), TradeState: 2, Version: int64(len(t.Payload()))}
	if err := d.Orders.UpdateWithVersion(ctx, nil, o); err != nil {
		return err
	}
	_, err := d.Asynq.Enqueue(asynq.NewTask("notify", t.Payload()))
	return err
}

func RegisterMore(mux *asynq.ServeMux, d *Deps) { // want RegisterMore:`^no effects$`
	mux.HandleFunc("order:pay-no-check", d.PayNoCheck)
	mux.HandleFunc("order:pay-carried", d.PayCarried)
}
