package sqlshapes

import (
	"context"

	"github.com/hibiken/asynq"
)

// Count reads n and writes back n+1: the increment is made in Go, and a
// second delivery adds one more.
func (d *Deps) Count(ctx context.Context, t *asynq.Task) error { // want Count:`^effects: db_write/update-increment counters; db_read/select counters$` `unguarded: handler \(\*sqlshapes.Deps\).Count .*update-increment of counters`
	var n int64
	if err := d.Pool.QueryRow(ctx, "select n from counters where order_id = $1", 7).Scan(&n); err != nil {
		return err
	}
	_, err := d.Pool.Exec(ctx, "update counters set n = $1 where order_id = $2", n+1, 7)
	return err
}

// Tally is MySQL's upsert of a value read and incremented in place (v++).
func (d *Deps) Tally(ctx context.Context, t *asynq.Task) error { // want Tally:`^effects: db_write/upsert-increment stats; db_read/select stats$` `unguarded: handler \(\*sqlshapes.Deps\).Tally .*upsert-increment of stats`
	var v int
	if err := d.DB.QueryRowContext(ctx, "SELECT value FROM stats WHERE `key` = ?", t.Type()).Scan(&v); err != nil {
		return err
	}
	v++
	_, err := d.DB.ExecContext(ctx, "INSERT INTO stats (`key`, value) VALUES (?, ?) ON DUPLICATE KEY UPDATE value = ?", t.Type(), v, v)
	return err
}

// Copy writes back what it read, unchanged: a set.
func (d *Deps) Copy(ctx context.Context, t *asynq.Task) error { // want Copy:`^effects: db_read/select counters; db_write/update-set counters$`
	var n int64
	if err := d.Pool.QueryRow(ctx, "select n from counters where order_id = $1", 7).Scan(&n); err != nil {
		return err
	}
	_, err := d.Pool.Exec(ctx, "update counters set n = $1 where order_id = $2", n, 8)
	return err
}
