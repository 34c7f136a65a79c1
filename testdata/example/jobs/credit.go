package jobs

import (
	"context"
	"errors"

	"example.com/shop/internal/store"
	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5"
)

// CreditNaive appends the ledger row with no guard: every delivery credits again.
func (d *Deps) CreditNaive(ctx context.Context, t *asynq.Task) error {
	var p CreditPayload
	if err := decode(t, &p); err != nil {
		return err
	}
	return store.AddEntry(ctx, d.Pool, p.Account, p.Amount, p.OrderID)
}

// CreditGuarded claims "credit:<order>" in processed_jobs in the same transaction
// as the ledger row; a delivery that finds the key taken is a duplicate and succeeds.
func (d *Deps) CreditGuarded(ctx context.Context, t *asynq.Task) error {
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
		return nil // duplicate delivery: already credited
	}
	if err != nil {
		return err
	}
	if err := store.AddEntry(ctx, tx, p.Account, p.Amount, p.OrderID); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// AfterClaimHook, if non-nil, is called by CreditSplitTx after the claim has
// committed and before the ledger transaction begins. Tests set it to make that
// window fail (simulating a crash); it is nil in production.
var AfterClaimHook func() error

// CreditSplitTx shows the pitfall: the claim commits on its own (autocommit)
// before the ledger transaction, so a failure in between loses the credit forever.
func (d *Deps) CreditSplitTx(ctx context.Context, t *asynq.Task) error {
	var p CreditPayload
	if err := decode(t, &p); err != nil {
		return err
	}
	tag, err := d.Pool.Exec(ctx, "insert into processed_jobs(job_key) values($1) on conflict do nothing", "credit:"+p.OrderID)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return nil // duplicate delivery
	}
	if AfterClaimHook != nil {
		if err := AfterClaimHook(); err != nil {
			return err
		}
	}
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if err := store.AddEntry(ctx, tx, p.Account, p.Amount, p.OrderID); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
