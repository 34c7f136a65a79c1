package jobs

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
)

// Heartbeat telemetry on River v0.51.2 and pgx v5
// (migrations/011_heartbeat.sql), ghsync's operation_heartbeats shape: a
// pass ends by counting itself in a heartbeat table (success_count + 1,
// sample_count + the samples, last-seen timestamps). A reviewer reads that
// as the pass's telemetry: a redelivery counts one more pass that did run.
// It is read so by name (by: name, the reason in the detail):
//   - river:heartbeat's only write is the heartbeat: safe;
//   - river:usage-meter counts usage in the same kind of table, a business
//     quantity: it stays an increment (unguarded).

// HeartbeatArgs is the heartbeat pass.
type HeartbeatArgs struct {
	Component string `json:"component"`
}

// Kind names the heartbeat pass.
func (HeartbeatArgs) Kind() string { return "river:heartbeat" }

// UsageMeterArgs is the near miss.
type UsageMeterArgs struct {
	Tenant string `json:"tenant"`
	Units  int64  `json:"units"`
}

// Kind names the near miss.
func (UsageMeterArgs) Kind() string { return "river:usage-meter" }

const recordHeartbeat = `INSERT INTO hb_operation_heartbeats (component, success_count, sample_count, last_success_at)
VALUES ($1, 1, $2::bigint, clock_timestamp())
ON CONFLICT (component) DO UPDATE
SET success_count = hb_operation_heartbeats.success_count + 1,
    sample_count = hb_operation_heartbeats.sample_count + EXCLUDED.sample_count,
    last_success_at = EXCLUDED.last_success_at`

// HeartbeatWorker records its pass.
type HeartbeatWorker struct {
	river.WorkerDefaults[HeartbeatArgs]
	Pool *pgxpool.Pool
}

// Work counts the pass.
func (w *HeartbeatWorker) Work(ctx context.Context, job *river.Job[HeartbeatArgs]) error {
	_, err := w.Pool.Exec(ctx, recordHeartbeat, job.Args.Component, 10)
	return err
}

// UsageMeterWorker adds the tenant's units to its usage counter.
type UsageMeterWorker struct {
	river.WorkerDefaults[UsageMeterArgs]
	Pool *pgxpool.Pool
}

// Work meters the usage.
func (w *UsageMeterWorker) Work(ctx context.Context, job *river.Job[UsageMeterArgs]) error {
	_, err := w.Pool.Exec(ctx, `INSERT INTO hb_operation_heartbeats (component, success_count, usage_count, last_success_at)
VALUES ($1, 1, $2, clock_timestamp())
ON CONFLICT (component) DO UPDATE
SET success_count = hb_operation_heartbeats.success_count + 1,
    usage_count = hb_operation_heartbeats.usage_count + EXCLUDED.usage_count`, job.Args.Tenant, job.Args.Units)
	return err
}

// RegisterHeartbeat adds the heartbeat workers.
func RegisterHeartbeat(ws *river.Workers, pool *pgxpool.Pool) {
	river.AddWorker(ws, &HeartbeatWorker{Pool: pool})
	river.AddWorker(ws, &UsageMeterWorker{Pool: pool})
}
