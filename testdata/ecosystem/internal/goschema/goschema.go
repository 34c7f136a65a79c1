// Package goschema keeps part of the schema in Go, as applications that
// run their migrations at startup do: cmd/worker executes Schema before
// serving. The shipments table's unique tracking number is read as a
// migration's would be.
package goschema

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

// Schema is executed at startup (Migrate).
const Schema = `
CREATE TABLE IF NOT EXISTS shipments (
    id       BIGSERIAL PRIMARY KEY,
    tracking TEXT NOT NULL UNIQUE,
    order_id TEXT NOT NULL
);
`

// Migrate applies Schema.
func Migrate(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, Schema)
	return err
}
