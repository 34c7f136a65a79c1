package guards

import (
	"context"

	"github.com/hibiken/asynq"
)

// MySQLClaim uses MySQL's INSERT IGNORE as the claim, in the same transaction.
func (d *Deps) MySQLClaim(ctx context.Context, t *asynq.Task) error { // want MySQLClaim:"db_write/insert ledger guarded=processed_jobs; db_write/claim processed_jobs"
	tx, err := d.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, "INSERT IGNORE INTO processed_jobs (job_key) VALUES (?)", t.Type())
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return err
	}
	if _, err := tx.ExecContext(ctx, "INSERT INTO ledger (order_id) VALUES (?)", t.Type()); err != nil {
		return err
	}
	return tx.Commit()
}
