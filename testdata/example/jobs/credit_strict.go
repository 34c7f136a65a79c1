package jobs

import (
	"context"
	"errors"
	"fmt"

	"example.com/shop/internal/store"
	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5"
)

// CreditStrict is CreditGuarded except that a duplicate delivery returns an
// error, so asynq retries (and finally archives) a job that already succeeded.
func (d *Deps) CreditStrict(ctx context.Context, t *asynq.Task) error {
	var p CreditPayload
	if err := decode(t, &p); err != nil {
		return err
	}
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var k string
	err = tx.QueryRow(ctx, "insert into processed_jobs(job_key) values($1) on conflict do nothing returning job_key", "credit:"+p.OrderID).Scan(&k)
	if errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("credit %s already processed", p.OrderID)
	}
	if err != nil {
		return err
	}
	if err := store.AddEntry(ctx, tx, p.Account, p.Amount, p.OrderID); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
