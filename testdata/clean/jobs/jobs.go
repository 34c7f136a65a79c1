// Package jobs holds only handlers that are safe to run twice: a set, an
// upsert by natural key, a delete, and an insert guarded by a claim in the
// same transaction. jobeffects must print nothing and exit 0 here.
package jobs

import (
	"context"
	"errors"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Deps struct{ Pool *pgxpool.Pool }

func (d *Deps) SetAvatar(ctx context.Context, t *asynq.Task) error {
	_, err := d.Pool.Exec(ctx, "update profiles set avatar_url = $1 where user_id = $2", string(t.Payload()), 1)
	return err
}

func (d *Deps) UpsertShipment(ctx context.Context, t *asynq.Task) error {
	_, err := d.Pool.Exec(ctx, `insert into shipments(order_id, carrier) values ($1, $2)
		on conflict (order_id) do update set carrier = excluded.carrier`, t.Type(), "ups")
	return err
}

func (d *Deps) Forget(ctx context.Context, t *asynq.Task) error {
	_, err := d.Pool.Exec(ctx, "delete from sessions where user_id = $1", string(t.Payload()))
	return err
}

func (d *Deps) Credit(ctx context.Context, t *asynq.Task) error {
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var key string
	err = tx.QueryRow(ctx, "insert into processed_jobs(job_key) values ($1) on conflict do nothing returning job_key",
		"credit:"+string(t.Payload())).Scan(&key)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, "insert into ledger(order_id, amount) values ($1, 10)", key); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// Register wires the handlers.
func Register(d *Deps) *asynq.ServeMux {
	mux := asynq.NewServeMux()
	mux.HandleFunc("avatar:set", d.SetAvatar)
	mux.HandleFunc("shipment:upsert", d.UpsertShipment)
	mux.HandleFunc("session:forget", d.Forget)
	mux.HandleFunc("credit:guarded", d.Credit)
	return mux
}
