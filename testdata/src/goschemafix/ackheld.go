package goschemafix

// Manual-ack consumers (NATS Streaming in SetManualAckMode) that
// acknowledge a message only when its insert succeeded and only log the
// insert's failure: a redelivered message whose first delivery inserted
// the row and lost its ack fails on the unique key again at every
// redelivery, never acked (duplicate-as-error), as a handler returning
// the error would. Near misses: the failure acks too (the duplicate is
// taken as success: no duplicate-as-error), a caller that acks after the
// helper that withholds it, and an insert with no unique key (unguarded).

import (
	"context"
	"log"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/stan.go"
)

type Sub struct{ Pool *pgxpool.Pool }

// OnOrder acks only after the insert succeeded.
func (s *Sub) OnOrder(m *stan.Msg) { // want OnOrder:`^effects: db_write/insert gs_orders; db_write/notify gs_orders_created$` `duplicate-as-error: a second delivery's insert into gs_orders \(medium\) at goschemafix/ackheld.go:24 fails on the duplicate \(.*\) and \(\*goschemafix.Sub\).OnOrder acknowledges the message only when it succeeded`
	if _, err := s.Pool.Exec(context.Background(), "insert into gs_orders (order_uid, body) values ($1, $2)", string(m.Data), m.Data); err != nil {
		log.Printf("save: %v", err)
		return
	}
	m.Ack()
}

// OnHanded saves in a helper that hands the message on to be acked only
// when the insert succeeded.
func (s *Sub) OnHanded(m *stan.Msg) { // want OnHanded:`^effects: db_write/insert gs_orders; db_write/notify gs_orders_created$` `duplicate-as-error: .*at goschemafix/ackheld.go:38 fails on the duplicate .* and \(\*goschemafix.Sub\).save acknowledges the message only when it succeeded`
	s.save(m)
}

func (s *Sub) save(m *stan.Msg) { // want save:`^effects: db_write/insert gs_orders; db_write/notify gs_orders_created$`
	if _, err := s.Pool.Exec(context.Background(), "insert into gs_orders (order_uid, body) values ($1, $2)", string(m.Data), m.Data); err != nil {
		log.Printf("save: %v", err)
	} else {
		log.Printf("saved")
		confirm(m)
	}
}

func confirm(m *stan.Msg) { // want confirm:`^no effects$`
	if err := m.Ack(); err != nil {
		log.Printf("ack: %v", err)
	}
}

// OnAckAnyway acks the failure too: the duplicate is taken as success,
// not duplicate-as-error; the order's uid is the message's, so the
// redelivery's insert fails on it, is only logged, and writes nothing
// (guarded at the handler; duperrfix's Swallowed, whose key is not the
// job's, stays unguarded).
func (s *Sub) OnAckAnyway(m *stan.Msg) { // want OnAckAnyway:`^effects: db_write/insert gs_orders; db_write/notify gs_orders_created$`
	if _, err := s.Pool.Exec(context.Background(), "insert into gs_orders (order_uid, body) values ($1, $2)", string(m.Data), m.Data); err != nil {
		log.Printf("save: %v", err)
		m.Ack()
		return
	}
	m.Ack()
}

// OnEvent acks only on success, but gs_events has no unique key: the
// second insert succeeds, a second row.
func (s *Sub) OnEvent(m *stan.Msg) { // want OnEvent:`^effects: db_write/insert gs_events$` `unguarded: handler \(\*goschemafix.Sub\).OnEvent`
	if _, err := s.Pool.Exec(context.Background(), "insert into gs_events (name) values ($1)", string(m.Data)); err != nil {
		log.Printf("save: %v", err)
		return
	}
	m.Ack()
}

// OnAckedAfter acks after the helper that acks only on success: the
// failure is acked too, not withheld.
func (s *Sub) OnAckedAfter(m *stan.Msg) { // want OnAckedAfter:`^effects: db_write/insert gs_orders; db_write/notify gs_orders_created$` `unguarded: handler \(\*goschemafix.Sub\).OnAckedAfter`
	s.save(m)
	m.Ack()
}

func Subscribe(sc stan.Conn, s *Sub) { // want Subscribe:`^no effects$`
	sc.Subscribe("orders", s.OnOrder, stan.SetManualAckMode())
	sc.Subscribe("handed", s.OnHanded, stan.SetManualAckMode())
	sc.Subscribe("anyway", s.OnAckAnyway, stan.SetManualAckMode())
	sc.Subscribe("events", s.OnEvent, stan.SetManualAckMode())
	sc.Subscribe("after", s.OnAckedAfter, stan.SetManualAckMode())
}
