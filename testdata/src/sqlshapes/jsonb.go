package sqlshapes

import (
	"context"

	"github.com/hibiken/asynq"
)

// Merge sets keys of a jsonb object: merging them again gives the same
// object. Told by the '{}'::jsonb literal, and for the second statement by
// the column's type in the migrations (orders.attrs is jsonb).
func (d *Deps) Merge(ctx context.Context, t *asynq.Task) error { // want Merge:`^effects: db_write/update-set orders; db_write/update-set orders$`
	if _, err := d.Pool.Exec(ctx, "update orders set attrs = coalesce(attrs, '{}'::jsonb) || $1 where id = $2", `{"paid":true}`, 1); err != nil {
		return err
	}
	_, err := d.Pool.Exec(ctx, "update orders set attrs = attrs || $1 where id = $2", `{"seen":true}`, 1)
	return err
}

// Append concatenates text and arrays (orders.note is text, orders.tags
// text[]) and a jsonb array: each run adds again.
func (d *Deps) Append(ctx context.Context, t *asynq.Task) error { // want Append:`^effects: db_write/update-increment orders; db_write/update-increment orders; db_write/update-increment orders$` `unguarded: handler \(\*sqlshapes.Deps\).Append .*update-increment of orders`
	if _, err := d.Pool.Exec(ctx, "update orders set note = note || $1 where id = $2", "paid; ", 1); err != nil {
		return err
	}
	if _, err := d.Pool.Exec(ctx, "update orders set tags = tags || $1 where id = $2", []string{"paid"}, 1); err != nil {
		return err
	}
	_, err := d.Pool.Exec(ctx, "update orders set attrs = coalesce(attrs, '[]'::jsonb) || $1 where id = $2", `["paid"]`, 1)
	return err
}
