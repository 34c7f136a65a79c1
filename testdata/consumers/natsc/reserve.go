package natsc

import (
	"context"
	"database/sql"
	"log"

	"github.com/nats-io/nats.go"
)

// reservationsSchema is run at startup: one reservation per order.
const reservationsSchema = `CREATE TABLE IF NOT EXISTS reservations (
    id SERIAL PRIMARY KEY,
    order_id TEXT NOT NULL UNIQUE
)`

// Reserver reserves stock for an order through legacy JetStream
// subscriptions, acking only when the insert succeeded and only logging
// its failure.
type Reserver struct{ DB *sql.DB }

// Migrate creates the table.
func (r *Reserver) Migrate(ctx context.Context) error {
	_, err := r.DB.ExecContext(ctx, reservationsSchema)
	return err
}

// Reserve is subscribed with ManualAck: a redelivery of a message whose
// first insert succeeded but whose ack was lost fails on the unique key,
// is not acked, and comes back without end (duplicate-as-error).
func (r *Reserver) Reserve(m *nats.Msg) {
	if _, err := r.DB.Exec("insert into reservations (order_id) values ($1)", string(m.Data)); err != nil {
		log.Printf("reserve: %v", err)
		return
	}
	_ = m.Ack()
}

// Hold is the same handler subscribed without ManualAck: the library acks
// the message when Hold returns, so the failure is only logged, not
// redelivered (no duplicate-as-error).
func (r *Reserver) Hold(m *nats.Msg) {
	if _, err := r.DB.Exec("insert into reservations (order_id) values ($1)", string(m.Data)); err != nil {
		log.Printf("hold: %v", err)
		return
	}
	_ = m.Ack()
}

// StartReserver subscribes both.
func StartReserver(js nats.JetStreamContext, r *Reserver) error {
	if _, err := js.Subscribe("orders.reserve", r.Reserve, nats.Durable("reserve"), nats.ManualAck()); err != nil {
		return err
	}
	_, err := js.Subscribe("orders.hold", r.Hold, nats.Durable("hold"))
	return err
}
