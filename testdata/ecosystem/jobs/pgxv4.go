package jobs

import (
	"context"

	"github.com/hibiken/asynq"
	pgxv4 "github.com/jackc/pgx/v4"
	pgxpoolv4 "github.com/jackc/pgx/v4/pgxpool"
)

// PgxV4Deps are clients of pgx v4, still common in older services.
type PgxV4Deps struct {
	Pool *pgxpoolv4.Pool
}

// V4Credit increments a balance through the v4 pool: unguarded.
func (d *PgxV4Deps) V4Credit(ctx context.Context, t *asynq.Task) error {
	_, err := d.Pool.Exec(ctx, `UPDATE accounts SET balance = balance + $1 WHERE id = $2`, 1, string(t.Payload()))
	return err
}

// V4Claimed claims the job in a BeginFunc transaction and inserts in it:
// guarded.
func (d *PgxV4Deps) V4Claimed(ctx context.Context, t *asynq.Task) error {
	return d.Pool.BeginFunc(ctx, func(tx pgxv4.Tx) error {
		tag, err := tx.Exec(ctx, `INSERT INTO processed_jobs (job_key) VALUES ($1) ON CONFLICT DO NOTHING`, string(t.Payload()))
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return nil
		}
		_, err = tx.Exec(ctx, `INSERT INTO ledger (order_id, amount) VALUES ($1, 1)`, string(t.Payload()))
		return err
	})
}

// V4Acquired inserts on a connection acquired from the v4 pool: the SQL
// is the statement's (acquiring and releasing add nothing): unguarded.
func (d *PgxV4Deps) V4Acquired(ctx context.Context, t *asynq.Task) error {
	conn, err := d.Pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	_, err = conn.Exec(ctx, `INSERT INTO ledger (order_id, amount) VALUES ($1, 1)`, string(t.Payload()))
	return err
}

// RegisterPgxV4 registers the handlers.
func RegisterPgxV4(mux *asynq.ServeMux, d *PgxV4Deps) {
	mux.HandleFunc("pgx4:credit", d.V4Credit)
	mux.HandleFunc("pgx4:claimed", d.V4Claimed)
	mux.HandleFunc("pgx4:acquired", d.V4Acquired)
}
