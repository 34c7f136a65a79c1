// Package discstan covers NATS Streaming: Subscribe and QueueSubscribe
// callbacks are handlers (at least once), the subject their task.
package discstan

import (
	"database/sql"

	"github.com/nats-io/stan.go"
)

var db *sql.DB

type Deps struct{}

func (d *Deps) OnOrder(m *stan.Msg) { // want OnOrder:`^effects: db_write/insert orders$` `unguarded: handler \(\*discstan.Deps\).OnOrder \(stan task "orders"\) repeats .*insert into orders`
	db.Exec("insert into orders(body) values ($1)", m.Data)
}

func Start(sc stan.Conn, d *Deps) { // want Start:`^no effects$`
	sc.Subscribe("orders", d.OnOrder, stan.DurableName("orders"))
	sc.QueueSubscribe("payments", "workers", func(m *stan.Msg) { // want `unguarded: handler discstan.Start.func1 \(stan task "payments"\) repeats .*insert into payments`
		db.Exec("insert into payments(body) values ($1)", m.Data)
		m.Ack()
	}, stan.SetManualAckMode())
}
