package jobs

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

// An orphan scan on River and pgx v5 (ghsync's refresh_orphan_scan
// shape): under the advisory lock the refresh's completion takes, the
// scan rechecks that a generation is still outstanding and re-enqueues
// the refresh on the locked transaction, unique by its args while the
// job is live (ByArgs with a ByState that leaves finished jobs out):
//   - orphan:scan rechecks orphan_intents, which OrphanRefreshWorker
//     completes under the same lock: a second delivery's insert is
//     skipped while the refresh is live and finds the generation
//     completed once it ran (guarded);
//   - orphan:scan-backlog rechecks orphan_backlog, which nothing
//     writes: after the refresh ran, a redelivery enqueues it again
//     (unguarded).

// OrphanRefreshArgs is the refresh the scan re-enqueues.
type OrphanRefreshArgs struct {
	Key string `json:"key"`
}

// Kind names the refresh.
func (OrphanRefreshArgs) Kind() string { return "orphan:refresh" }

// OrphanScanArgs is the scan.
type OrphanScanArgs struct {
	Key string `json:"key"`
}

// Kind names the scan.
func (OrphanScanArgs) Kind() string { return "orphan:scan" }

// OrphanBacklogArgs is the near miss's scan.
type OrphanBacklogArgs struct {
	Key string `json:"key"`
}

// Kind names the near miss's scan.
func (OrphanBacklogArgs) Kind() string { return "orphan:scan-backlog" }

func orphanRefreshOpts() *river.InsertOpts {
	return &river.InsertOpts{UniqueOpts: river.UniqueOpts{
		ByArgs: true,
		ByState: []rivertype.JobState{
			rivertype.JobStateAvailable, rivertype.JobStatePending, rivertype.JobStateRetryable,
			rivertype.JobStateRunning, rivertype.JobStateScheduled,
		},
	}}
}

func orphanLock(ctx context.Context, tx pgx.Tx, key string) error {
	_, err := tx.Exec(ctx, "select pg_advisory_xact_lock(hashtextextended($1::text, 0))", key)
	return err
}

// OrphanRefreshWorker completes the generation under the lock.
type OrphanRefreshWorker struct {
	river.WorkerDefaults[OrphanRefreshArgs]
	Pool *pgxpool.Pool
}

// Work completes the refresh.
func (w *OrphanRefreshWorker) Work(ctx context.Context, job *river.Job[OrphanRefreshArgs]) error {
	tx, err := w.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx) //nolint:errcheck
	if err := orphanLock(ctx, tx, job.Args.Key); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, "update orphan_intents set completed = generation where key = $1", job.Args.Key); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// OrphanScanWorker re-enqueues an outstanding refresh.
type OrphanScanWorker struct {
	river.WorkerDefaults[OrphanScanArgs]
	Pool *pgxpool.Pool
}

// Work rechecks orphan_intents.
func (w *OrphanScanWorker) Work(ctx context.Context, job *river.Job[OrphanScanArgs]) error {
	client := river.ClientFromContext[pgx.Tx](ctx)
	tx, err := w.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx) //nolint:errcheck
	if err := orphanLock(ctx, tx, job.Args.Key); err != nil {
		return err
	}
	var gen, done int64
	if err := tx.QueryRow(ctx, "select generation, completed from orphan_intents where key = $1", job.Args.Key).Scan(&gen, &done); err != nil {
		return err
	}
	if gen <= done {
		return nil
	}
	if _, err := client.InsertTx(ctx, tx, OrphanRefreshArgs{Key: job.Args.Key}, orphanRefreshOpts()); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// OrphanBacklogWorker is the near miss: nothing writes orphan_backlog.
type OrphanBacklogWorker struct {
	river.WorkerDefaults[OrphanBacklogArgs]
	Pool *pgxpool.Pool
}

// Work rechecks orphan_backlog.
func (w *OrphanBacklogWorker) Work(ctx context.Context, job *river.Job[OrphanBacklogArgs]) error {
	client := river.ClientFromContext[pgx.Tx](ctx)
	tx, err := w.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx) //nolint:errcheck
	if err := orphanLock(ctx, tx, job.Args.Key); err != nil {
		return err
	}
	var gen, done int64
	if err := tx.QueryRow(ctx, "select generation, completed from orphan_backlog where key = $1", job.Args.Key).Scan(&gen, &done); err != nil {
		return err
	}
	if gen <= done {
		return nil
	}
	if _, err := client.InsertTx(ctx, tx, OrphanRefreshArgs{Key: job.Args.Key}, orphanRefreshOpts()); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// RegisterOrphans adds the refresh and the scans.
func RegisterOrphans(ws *river.Workers, pool *pgxpool.Pool) {
	river.AddWorker(ws, &OrphanRefreshWorker{Pool: pool})
	river.AddWorker(ws, &OrphanScanWorker{Pool: pool})
	river.AddWorker(ws, &OrphanBacklogWorker{Pool: pool})
}
