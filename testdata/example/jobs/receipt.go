package jobs

import (
	"context"
	"errors"
	"time"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// SendReceipt claims "receipt:<order>" in receipt_claims in the same
// transaction as the receipt row, as CreditGuarded does in processed_jobs;
// but the migrations give receipt_claims.job_key no unique key
// (migrations/004_receipts.sql), so the claim never finds the key taken and
// every delivery writes a receipt.
func (d *Deps) SendReceipt(ctx context.Context, t *asynq.Task) error {
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
	err = tx.QueryRow(ctx, "insert into receipt_claims(job_key) values($1) on conflict do nothing returning job_key", "receipt:"+p.OrderID).Scan(&k)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil // duplicate delivery
	}
	if err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, "insert into receipts(order_id, amount) values($1, $2)", p.OrderID, p.Amount); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// receiptClaimsKept outlives asynq's default retries (25, about 20.5 days of
// backoff at most).
const receiptClaimsKept = 30 * 24 * time.Hour

// PruneReceiptClaims deletes the receipt claims older than
// receiptClaimsKept; the maintenance cron calls it.
func PruneReceiptClaims(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, "delete from receipt_claims where claimed_at < now() - $1::interval", receiptClaimsKept)
	return err
}
