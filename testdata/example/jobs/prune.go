package jobs

import (
	"context"
	"log"

	"github.com/hibiken/asynq"
)

// keepDays must exceed the longest retry and replay horizon of any guarded job.
const keepDays = 14

// PruneProcessed deletes processed_jobs rows older than keepDays; deleting is
// naturally idempotent.
func (d *Deps) PruneProcessed(ctx context.Context, t *asynq.Task) error {
	var n int64
	err := d.Pool.QueryRow(ctx, "with d as (delete from processed_jobs where done_at < now() - make_interval(days => $1) returning 1) select count(*) from d", keepDays).Scan(&n)
	if err != nil {
		return err
	}
	log.Printf("%s: pruned %d processed_jobs rows", t.Type(), n)
	return nil
}
