// Package sqlshapes covers SQL shapes whose meaning depends on more than
// one statement's text: functions declared in the migrations, column
// types, values read and written back, claims spelled as CTEs, upserts
// and deletes that report whether they changed anything.
package sqlshapes

import (
	"context"
	"database/sql"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Deps struct {
	Pool *pgxpool.Pool
	DB   *sql.DB // MySQL
}

// Yesterday calls only builtins and casts (date(), timestamp 'yesterday',
// coalesce, now(), date_trunc, an aggregate): a read.
func (d *Deps) Yesterday(ctx context.Context, t *asynq.Task) error { // want Yesterday:`^effects: db_read/select orders$`
	var n int
	return d.Pool.QueryRow(ctx, `select coalesce(count(*), 0) from orders
		where DATE(created_at) = DATE(timestamp 'yesterday') and date_trunc('day', created_at) < now()`).Scan(&n)
}

// Functions the migrations declare do what their bodies do: a STABLE one
// and one whose body only selects are reads, one that updates writes.
func (d *Deps) Functions(ctx context.Context, t *asynq.Task) error { // want Functions:`^effects: db_write/update-increment counters; db_read/select; db_read/select$` `unguarded: handler \(\*sqlshapes.Deps\).Functions .*update-increment of counters`
	var total, id int
	if err := d.Pool.QueryRow(ctx, "select order_total($1)", 1).Scan(&total); err != nil {
		return err
	}
	if err := d.Pool.QueryRow(ctx, "select pick_order($1)", 1).Scan(&id); err != nil {
		return err
	}
	_, err := d.Pool.Exec(ctx, "select bump($1)", id)
	return err
}

// Undeclared: a function the migrations do not declare may write.
func (d *Deps) Undeclared(ctx context.Context, t *asynq.Task) error { // want Undeclared:`^effects: db_write/call$`
	_, err := d.Pool.Exec(ctx, "select settle($1)", 1)
	return err
}

func Register(mux *asynq.ServeMux, d *Deps) { // want Register:`^no effects$`
	mux.HandleFunc("yesterday", d.Yesterday)
	mux.HandleFunc("functions", d.Functions)
	mux.HandleFunc("undeclared", d.Undeclared)
	mux.HandleFunc("merge", d.Merge)
	mux.HandleFunc("append", d.Append)
	mux.HandleFunc("count", d.Count)
	mux.HandleFunc("tally", d.Tally)
	mux.HandleFunc("copy", d.Copy)
	mux.HandleFunc("payout", d.Payout)
	mux.HandleFunc("transition", d.Transition)
}
