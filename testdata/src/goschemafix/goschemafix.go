// Package goschemafix inserts into tables whose schema is kept in Go
// (declared/goschema, issue 28): a unique key declared in a string
// constant run at startup makes the insert fail on a second delivery
// (duplicate-as-error), and a trigger declared there adds its effects.
// Near misses: a key declared only in a _test.go file, in a text that is
// not SQL, or under a down name is no key.
package goschemafix

import (
	"context"
	"fmt"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Deps struct{ Pool *pgxpool.Pool }

// Order: unique (order_uid) from the schema constant.
func (d *Deps) Order(ctx context.Context, t *asynq.Task) error { // want Order:`^effects: db_write/insert gs_orders; db_write/notify gs_orders_created$` `duplicate-as-error: a second delivery's insert into gs_orders \(medium\) at goschemafix/goschemafix.go:21 fails on the duplicate \(a second insert of the row violates the unique \(order_uid\) at declared/goschema/schema.go:16\)`
	if _, err := d.Pool.Exec(ctx, "insert into gs_orders (order_uid, body) values ($1, $2)", t.Type(), t.Payload()); err != nil {
		return fmt.Errorf("order: %w", err)
	}
	return nil
}

// Item: the unique index built from constants.
func (d *Deps) Item(ctx context.Context, t *asynq.Task) error { // want Item:`^effects: db_write/insert gs_items$` `duplicate-as-error: .*violates the unique index gs_items_sku \(sku\) at declared/goschema/schema.go:36\)`
	_, err := d.Pool.Exec(ctx, "insert into gs_items (sku, qty) values ($1, 1)", t.Type())
	return err
}

// Ref: the key of a literal passed to Exec (a concatenation's statements
// are placed on the line of its first part).
func (d *Deps) Ref(ctx context.Context, t *asynq.Task) error { // want Ref:`^effects: db_write/insert gs_refs$` `duplicate-as-error: .*violates the unique gs_refs_ref \(ref\) at declared/goschema/schema.go:64\)`
	_, err := d.Pool.Exec(ctx, "insert into gs_refs (ref) values ($1)", t.Type())
	return err
}

// Event: its key is declared only in a _test.go file.
func (d *Deps) Event(ctx context.Context, t *asynq.Task) error { // want Event:`^effects: db_write/insert gs_events$` `unguarded: handler \(\*goschemafix.Deps\).Event`
	_, err := d.Pool.Exec(ctx, "insert into gs_events (name) values ($1)", t.Type())
	return err
}

// Note: its key is mentioned only in a text that is not SQL, or in a
// down migration.
func (d *Deps) Note(ctx context.Context, t *asynq.Task) error { // want Note:`^effects: db_write/insert gs_notes$` `unguarded: handler \(\*goschemafix.Deps\).Note`
	_, err := d.Pool.Exec(ctx, "insert into gs_notes (body) values ($1)", t.Type())
	return err
}

// Undo: its key is declared only on the down side of a migration.
func (d *Deps) Undo(ctx context.Context, t *asynq.Task) error { // want Undo:`^effects: db_write/insert gs_undo$` `unguarded: handler \(\*goschemafix.Deps\).Undo`
	_, err := d.Pool.Exec(ctx, "insert into gs_undo (k, v) values ($1, 'x')", t.Type())
	return err
}
