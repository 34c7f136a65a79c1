// Package helperreg registers its handlers through the application's own
// helpers (package bus): each handler is found, with its task where the
// helper's caller names it.
package helperreg

import (
	"context"
	"database/sql"

	"github.com/hibiken/asynq"
	"github.com/nats-io/nats.go"

	"helperreg/bus"
	"helperreg/tasks"
)

type Deps struct{ DB *sql.DB }

func (d *Deps) OnOrder(m *nats.Msg) { // want OnOrder:`^effects: db_write/insert orders$` `unguarded: handler \(\*helperreg.Deps\).OnOrder \(jetstream task "orders.created"\) repeats .*insert into orders`
	d.DB.Exec("insert into orders(body) values ($1)", m.Data)
}

func (d *Deps) OnPayments(ctx context.Context, msgs []*nats.Msg) bool { // want OnPayments:`^effects: db_write/insert payments$` `unguarded: handler \(\*helperreg.Deps\).OnPayments repeats .*insert into payments`
	for _, m := range msgs {
		d.DB.ExecContext(ctx, "insert into payments(body) values ($1)", m.Data)
	}
	return true
}

func (d *Deps) Welcome(ctx context.Context, t *asynq.Task) error { // want Welcome:`^effects: db_write/insert welcomes$` `unguarded: handler \(\*helperreg.Deps\).Welcome \(asynq task "user:welcome"\) repeats .*insert into welcomes`
	_, err := d.DB.ExecContext(ctx, "insert into welcomes(body) values ($1)", t.Payload())
	return err
}

// The registrations are recorded here (the inventory's registered:); the
// handlers' findings are reported where they are defined.
func Start(ctx context.Context, js nats.JetStreamContext, sub *nats.Subscription, mux *bus.Mux, d *Deps) { // want Start:"effects: db_write/insert payments"
	bus.Subscribe(js, "orders.created", d.OnOrder)
	bus.Consume(ctx, sub, d.OnPayments)
	mux.Handle("user:welcome", d.Welcome)
	// A factory of another package returns the handler: it is reported here.
	mux.HandleLogged("delivery:send", tasks.ProcessDelivery(d.DB)) // want `unguarded: handler tasks.ProcessDelivery.func1 \(asynq task "delivery:send"\) repeats .*insert into deliveries`
}
