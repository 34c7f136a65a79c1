package jobs

import (
	"context"

	"github.com/hibiken/asynq"
)

// MySQLTally reads the counter, increments it in Go (v++) and writes it
// back with MySQL's upsert: a second delivery reads the first's result and
// adds one more (upsert-increment, unguarded).
func (d *Deps) MySQLTally(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	var v int64
	if err := d.MySQL.QueryRowContext(ctx, "SELECT value FROM stats WHERE `key` = ?", p.Kind).Scan(&v); err != nil {
		return err
	}
	v++
	_, err := d.MySQL.ExecContext(ctx, "INSERT INTO stats (`key`, value) VALUES (?, ?) ON DUPLICATE KEY UPDATE value = ?", p.Kind, v, v)
	return err
}

// MySQLTallySet writes the count the job carries with the same upsert
// (near miss): nothing read goes into it, so a second delivery writes the
// same value (upsert-set, safe).
func (d *Deps) MySQLTallySet(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	_, err := d.MySQL.ExecContext(ctx, "INSERT INTO stats (`key`, value) VALUES (?, ?) ON DUPLICATE KEY UPDATE value = ?", p.Kind, p.Count, p.Count)
	return err
}
