package jobs

import (
	"context"
	"strings"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// CopyDeps are the clients of the handlers that bulk-load rows with
// pgx's COPY (CopyFrom).
type CopyDeps struct {
	Pool *pgxpool.Pool
}

// CopyRefill empties cp_tags and loads it again in one transaction: a
// replace, the same table after a second delivery (safe).
func (d *CopyDeps) CopyRefill(ctx context.Context, t *asynq.Task) error {
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "truncate cp_tags"); err != nil {
		return err
	}
	var rows [][]any
	for _, name := range strings.Split(string(t.Payload()), ",") {
		rows = append(rows, []any{name})
	}
	if _, err := tx.CopyFrom(ctx, pgx.Identifier{"cp_tags"}, []string{"name"}, pgx.CopyFromRows(rows)); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// CopyOrders bulk-loads orders keyed by the UIDs the task carries into
// nk_orders, whose primary key is that id (migrations/002_natkey.sql): a
// second delivery's COPY fails on the duplicate and the handler returns
// that error (duplicate-as-error).
func (d *CopyDeps) CopyOrders(ctx context.Context, t *asynq.Task) error {
	var rows [][]any
	for _, uid := range strings.Split(string(t.Payload()), ",") {
		rows = append(rows, []any{uid, "copied"})
	}
	_, err := d.Pool.CopyFrom(ctx, pgx.Identifier{"nk_orders"}, []string{"id", "track"}, pgx.CopyFromRows(rows))
	return err
}

// RegisterCopy registers the COPY handlers.
func RegisterCopy(mux *asynq.ServeMux, d *CopyDeps) {
	mux.HandleFunc("copy:refill", d.CopyRefill)
	mux.HandleFunc("copy:orders", d.CopyOrders)
}
