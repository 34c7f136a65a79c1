package orders

import (
	"context"

	"github.com/hibiken/asynq"
	"github.com/zeromicro/go-zero/core/stores/cache"
	"github.com/zeromicro/go-zero/core/stores/sqlx"
)

// Jobs are the order handlers. They hold the model itself, not goctl's
// interface: go vet, package by package, resolves no interface call (the
// command does, over the whole program; testdata/src/gozerowhole).
type Jobs struct {
	Orders *defaultOrderModel
	Asynq  *asynq.Client
}

// NewJobs builds the handlers over conn and the Redis cache c.
func NewJobs(conn sqlx.SqlConn, c cache.CacheConf, client *asynq.Client) *Jobs {
	return &Jobs{Orders: newOrderModel(conn, c), Asynq: client}
}

// Pay moves the order from waiting (1) to paid (2) under the optimistic
// lock on the version it read, and notifies only after the transition
// took: a redelivery finds it paid and returns, an overlapping one loses
// the lock (guarded).
func (j *Jobs) Pay(ctx context.Context, t *asynq.Task) error {
	o, err := j.Orders.FindOneBySn(ctx, string(t.Payload()))
	if err != nil {
		return err
	}
	if o.TradeState == 2 {
		return nil
	}
	o.TradeState = 2
	if err := j.Orders.UpdateWithVersion(ctx, nil, o); err != nil {
		return err
	}
	_, err = j.Asynq.Enqueue(asynq.NewTask("order:notify", t.Payload()))
	return err
}

// PayPlain is the near miss: the same check, then goctl's plain update
// by id with no version test, so two overlapping deliveries both find
// the order waiting and both notify (unguarded).
func (j *Jobs) PayPlain(ctx context.Context, t *asynq.Task) error {
	o, err := j.Orders.FindOneBySn(ctx, string(t.Payload()))
	if err != nil {
		return err
	}
	if o.TradeState == 2 {
		return nil
	}
	o.TradeState = 2
	if err := j.Orders.Update(ctx, nil, o); err != nil {
		return err
	}
	_, err = j.Asynq.Enqueue(asynq.NewTask("order:notify", t.Payload()))
	return err
}

// Register wires the handlers.
func Register(mux *asynq.ServeMux, j *Jobs) {
	mux.HandleFunc("order:pay", j.Pay)
	mux.HandleFunc("order:pay-plain", j.PayPlain)
}
