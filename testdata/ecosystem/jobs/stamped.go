package jobs

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
)

// Rows stamped with the transaction's clock on River v0.51.2 and pgx v5
// (migrations/012_stamped.sql): an upsert changes a run's row only when
// its status differs (on conflict … do update … where … is distinct from
// …) and stamps it with now(); a touch of last_checked_at leaves the stamp
// alone; the history copies the runs whose synced_at is now(), in the
// same transaction. now() is new in every transaction, so only what this
// one changed is copied:
//   - river:stamped-history: a redelivery changes no row and copies none
//     (guarded by the upsert's change);
//   - river:stamped-always, the near miss: the upsert has no WHERE, so it
//     stamps the row on every delivery and the history repeats
//     (unguarded);
//   - river:stamped-clock: the stamp is a parameter, the database clock
//     read once by SELECT clock_timestamp() on the transaction and passed
//     to both statements: new in every transaction as now() is (guarded).

// StampedArgs is a run's observed status.
type StampedArgs struct {
	RunID  int64  `json:"run_id"`
	Status string `json:"status"`
}

// Kind names the guarded worker.
func (StampedArgs) Kind() string { return "river:stamped-history" }

// StampedAlwaysArgs is the near miss's.
type StampedAlwaysArgs struct {
	RunID  int64  `json:"run_id"`
	Status string `json:"status"`
}

// Kind names the near miss.
func (StampedAlwaysArgs) Kind() string { return "river:stamped-always" }

const copyStampedRuns = `INSERT INTO st_run_history (run_id, status)
SELECT st_runs.id, st_runs.status
FROM st_runs
WHERE st_runs.id = $1 AND st_runs.synced_at = now()`

// StampedWorker upserts the run if it changed and copies what changed.
type StampedWorker struct {
	river.WorkerDefaults[StampedArgs]
	Pool *pgxpool.Pool
}

// Work records the run's status and its history.
func (w *StampedWorker) Work(ctx context.Context, job *river.Job[StampedArgs]) error {
	tx, err := w.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx) //nolint:errcheck
	if _, err := tx.Exec(ctx, `INSERT INTO st_runs (id, status, synced_at) VALUES ($1, $2, now())
ON CONFLICT (id) DO UPDATE
SET status = EXCLUDED.status, synced_at = EXCLUDED.synced_at
WHERE st_runs.status IS DISTINCT FROM EXCLUDED.status`, job.Args.RunID, job.Args.Status); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE st_runs SET last_checked_at = now() WHERE id = $1`, job.Args.RunID); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, copyStampedRuns, job.Args.RunID); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// StampedAlwaysWorker upserts the run whatever it holds (near miss).
type StampedAlwaysWorker struct {
	river.WorkerDefaults[StampedAlwaysArgs]
	Pool *pgxpool.Pool
}

// Work records the run's status and its history.
func (w *StampedAlwaysWorker) Work(ctx context.Context, job *river.Job[StampedAlwaysArgs]) error {
	tx, err := w.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx) //nolint:errcheck
	if _, err := tx.Exec(ctx, `INSERT INTO st_runs (id, status, synced_at) VALUES ($1, $2, now())
ON CONFLICT (id) DO UPDATE
SET status = EXCLUDED.status, synced_at = EXCLUDED.synced_at`, job.Args.RunID, job.Args.Status); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, copyStampedRuns, job.Args.RunID); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// StampedClockArgs is the parameter form's.
type StampedClockArgs struct {
	RunID  int64  `json:"run_id"`
	Status string `json:"status"`
}

// Kind names the parameter form.
func (StampedClockArgs) Kind() string { return "river:stamped-clock" }

// StampedClockWorker stamps with the database clock it reads once.
type StampedClockWorker struct {
	river.WorkerDefaults[StampedClockArgs]
	Pool *pgxpool.Pool
}

// Work records the run's status and its history.
func (w *StampedClockWorker) Work(ctx context.Context, job *river.Job[StampedClockArgs]) error {
	tx, err := w.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx) //nolint:errcheck
	var at time.Time
	if err := tx.QueryRow(ctx, `SELECT clock_timestamp()`).Scan(&at); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `INSERT INTO st_runs (id, status, synced_at) VALUES ($1, $2, $3)
ON CONFLICT (id) DO UPDATE
SET status = EXCLUDED.status, synced_at = EXCLUDED.synced_at
WHERE st_runs.status IS DISTINCT FROM EXCLUDED.status`, job.Args.RunID, job.Args.Status, at); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `INSERT INTO st_run_history (run_id, status)
SELECT st_runs.id, st_runs.status
FROM st_runs
WHERE st_runs.id = $1 AND st_runs.synced_at = $2`, job.Args.RunID, at); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// RegisterStamped adds the stamped-history workers.
func RegisterStamped(ws *river.Workers, pool *pgxpool.Pool) {
	river.AddWorker(ws, &StampedWorker{Pool: pool})
	river.AddWorker(ws, &StampedAlwaysWorker{Pool: pool})
	river.AddWorker(ws, &StampedClockWorker{Pool: pool})
}
