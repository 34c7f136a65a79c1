// Package declared has handlers no framework rule finds: one named in
// .jobeffects.yaml, one registered through an in-house function the config
// describes, and one marked with a //jobeffects:handler directive.
package declared

import (
	"context"
	"database/sql"

	"declared/bus"
)

var db *sql.DB

func ProcessOrder(ctx context.Context, id string) error { // want ProcessOrder:"db_write/insert shipments" `unguarded: handler declared.ProcessOrder \(declared task "orders:process"\)`
	_, err := db.ExecContext(ctx, "insert into shipments(order_id) values ($1)", id)
	return err
}

func onPaid(ctx context.Context, payload []byte) error { // want onPaid:"db_write/update-increment revenue" `unguarded: handler declared.onPaid \(bus task "orders:paid"\)`
	_, err := db.ExecContext(ctx, "update revenue set total = total + 1")
	return err
}

// Nightly is run by an in-house cron.
//
//jobeffects:handler reports:nightly
func Nightly(ctx context.Context) error { // want Nightly:"db_write/insert reports" `unguarded: handler declared.Nightly \(declared task "reports:nightly"\)`
	_, err := db.ExecContext(ctx, "insert into reports(at) values (now())")
	return err
}

func Wire(b *bus.Bus) { // want Wire:"no effects"
	b.On("orders:paid", onPaid)
}
