// Package sqlargfix runs SQL texts its callers give: a querier method that
// passes its query parameter to the database (ent's generated
// config.QueryContext(ctx, query, args...)) is decided at each call by the
// text passed there, also two calls up; a text the delivery makes stays
// unknown.
package sqlargfix

import (
	"context"
	"database/sql"

	"github.com/hibiken/asynq"
)

type Config struct{ db *sql.DB }

// QueryContext runs the query it is given.
func (c *Config) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) { // want QueryContext:`^effects: db_write/unknown$`
	return c.db.QueryContext(ctx, query, args...)
}

// ExecContext runs the statement it is given.
func (c *Config) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) { // want ExecContext:`^effects: db_write/unknown$`
	return c.db.ExecContext(ctx, query, args...)
}

type Deps struct{ C *Config }

// Report reads: safe.
func (d *Deps) Report(ctx context.Context, t *asynq.Task) error { // want Report:`^effects: db_read/select orders$`
	rows, err := d.C.QueryContext(ctx, `
		SELECT id FROM orders
		WHERE status = $1`, "paid")
	if err != nil {
		return err
	}
	return rows.Close()
}

// Record inserts: unguarded.
func (d *Deps) Record(ctx context.Context, t *asynq.Task) error { // want Record:`^effects: db_write/insert events$` `unguarded: handler \(\*sqlargfix.Deps\).Record \(asynq task "record"\) repeats its side effects when a job is delivered twice: insert into events \(medium\) at sqlargfix/sqlargfix.go:24 is not guarded`
	_, err := d.C.ExecContext(ctx, "insert into events (body) values ($1)", string(t.Payload()))
	return err
}

// run passes its text on.
func (d *Deps) run(ctx context.Context, q string) error { // want run:`^effects: db_write/unknown$`
	_, err := d.C.ExecContext(ctx, q)
	return err
}

// Purge deletes, through run: safe.
func (d *Deps) Purge(ctx context.Context, t *asynq.Task) error { // want Purge:`^effects: db_write/delete sessions$`
	return d.run(ctx, "delete from sessions where expires_at < now()")
}

// Dynamic runs the text the payload holds: unknown.
func (d *Deps) Dynamic(ctx context.Context, t *asynq.Task) error { // want Dynamic:`^effects: db_write/unknown$`
	return d.run(ctx, string(t.Payload()))
}

func Mux(d *Deps) *asynq.ServeMux { // want Mux:`^no effects$`
	mux := asynq.NewServeMux()
	mux.HandleFunc("report", d.Report)
	mux.HandleFunc("record", d.Record)
	mux.HandleFunc("purge", d.Purge)
	mux.HandleFunc("dynamic", d.Dynamic)
	return mux
}
