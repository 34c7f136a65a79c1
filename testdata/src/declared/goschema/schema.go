// Package goschema keeps the goschemafix fixture's schema in Go, as an
// application that runs its migrations at startup does (issue 28): read
// as schema with the declared fixture's migrations, because the config's
// directory (testdata/src/declared) is the root they are looked for under.
package goschema

import "context"

type execer interface {
	Exec(ctx context.Context, sql string, args ...any) (any, error)
}

// schema is run at startup: a unique key on order_uid, and a trigger that
// announces every new order.
const schema = `
CREATE TABLE IF NOT EXISTS gs_orders (
    id SERIAL PRIMARY KEY,
    order_uid UUID UNIQUE,
    body JSONB NOT NULL
);

CREATE OR REPLACE FUNCTION gs_announce() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify('gs_orders_created', NEW.id::text);
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER gs_orders_created AFTER INSERT ON gs_orders
    FOR EACH ROW EXECUTE FUNCTION gs_announce();
`

// itemsTable and itemsKey are built from constants.
const itemsTable = "gs_items"

const itemsKey = "CREATE UNIQUE INDEX IF NOT EXISTS gs_items_sku ON " + itemsTable + " (sku)"

// usage mentions DDL but is not SQL: not schema.
const usage = "create table gs_notes first, then add a unique (body) key to it"

// insertNote is SQL but not DDL: not schema.
const insertNote = "insert into gs_notes (body) values ($1)"

type migration struct {
	Up, Down string
}

// migrations: the down side is not applied.
var migrations = []migration{
	{Up: "CREATE TABLE IF NOT EXISTS gs_undo (k text, v text)", Down: "CREATE UNIQUE INDEX gs_undo_k ON gs_undo (k)"},
}

// Migrate runs the schema at startup.
func Migrate(ctx context.Context, db execer) error {
	if _, err := db.Exec(ctx, schema); err != nil {
		return err
	}
	if _, err := db.Exec(ctx, `CREATE TABLE IF NOT EXISTS gs_items (sku text NOT NULL, qty int)`); err != nil {
		return err
	}
	if _, err := db.Exec(ctx, itemsKey); err != nil {
		return err
	}
	if _, err := db.Exec(ctx, "ALTER TABLE gs_orders ADD COLUMN IF NOT EXISTS ref text; "+
		"CREATE TABLE IF NOT EXISTS gs_refs (ref text NOT NULL, CONSTRAINT gs_refs_ref UNIQUE (ref))"); err != nil {
		return err
	}
	for _, m := range migrations {
		if _, err := db.Exec(ctx, m.Up); err != nil {
			return err
		}
	}
	return nil
}

// rollbackAll is a down migration: not applied.
func rollbackAll(ctx context.Context, db execer) error {
	_, err := db.Exec(ctx, "CREATE UNIQUE INDEX gs_notes_body ON gs_notes (body)")
	return err
}
