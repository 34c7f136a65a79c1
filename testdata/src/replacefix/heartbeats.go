package replacefix

import (
	"context"

	"github.com/hibiken/asynq"
)

// Heartbeats: an increment of a table whose name says it keeps heartbeats,
// of columns that count passes, is the pass's telemetry (infer.Telemetry,
// read by name): a redelivery counts one more pass that did run. A business
// quantity stays an increment, in a heartbeat table or elsewhere.

// Beat records a completed pass: success and sample counts, last-seen time.
func (d *Deps) Beat(ctx context.Context, t *asynq.Task) error { // want Beat:`^effects: db_write/upsert-increment rp_operation_heartbeats$`
	_, err := d.Pool.Exec(ctx, `insert into rp_operation_heartbeats (component, success_count, sample_count, last_success_at)
		values ($1, 1, $2, clock_timestamp())
		on conflict (component) do update
		set success_count = rp_operation_heartbeats.success_count + 1,
		    sample_count = rp_operation_heartbeats.sample_count + excluded.sample_count,
		    last_success_at = excluded.last_success_at`, t.Type(), 3)
	return err
}

// BeatUpdate is the same heartbeat as an update.
func (d *Deps) BeatUpdate(ctx context.Context, t *asynq.Task) error { // want BeatUpdate:`^effects: db_write/update-increment rp_worker_telemetry$`
	_, err := d.Pool.Exec(ctx, "update rp_worker_telemetry set run_total = run_total + 1, last_seen_at = now() where worker = $1", t.Type())
	return err
}

// UsageCount counts usage in the heartbeat table: a business quantity
// (billed), counted twice on a redelivery.
func (d *Deps) UsageCount(ctx context.Context, t *asynq.Task) error { // want UsageCount:`^effects: db_write/upsert-increment rp_operation_heartbeats$` `unguarded: handler \(\*replacefix.Deps\).UsageCount`
	_, err := d.Pool.Exec(ctx, `insert into rp_operation_heartbeats (component, success_count, usage_count)
		values ($1, 1, $2)
		on conflict (component) do update
		set success_count = rp_operation_heartbeats.success_count + 1,
		    usage_count = rp_operation_heartbeats.usage_count + excluded.usage_count`, t.Type(), 5)
	return err
}

// Visits counts in a table whose name says nothing of heartbeats: a
// business counter, an increment.
func (d *Deps) Visits(ctx context.Context, t *asynq.Task) error { // want Visits:`^effects: db_write/update-increment rp_page_stats$` `unguarded: handler \(\*replacefix.Deps\).Visits`
	_, err := d.Pool.Exec(ctx, "update rp_page_stats set visit_count = visit_count + 1 where page = $1", t.Type())
	return err
}

// Balance steps a balance in a heartbeat-named table: not a count of
// passes, an increment.
func (d *Deps) Balance(ctx context.Context, t *asynq.Task) error { // want Balance:`^effects: db_write/update-increment rp_heartbeat_accounts$` `unguarded: handler \(\*replacefix.Deps\).Balance`
	_, err := d.Pool.Exec(ctx, "update rp_heartbeat_accounts set balance = balance + 1 where id = $1", t.Type())
	return err
}

func registerHeartbeats(mux *asynq.ServeMux, d *Deps) { // want registerHeartbeats:`^no effects$`
	mux.HandleFunc("beat", d.Beat)
	mux.HandleFunc("beat_update", d.BeatUpdate)
	mux.HandleFunc("usage_count", d.UsageCount)
	mux.HandleFunc("visits", d.Visits)
	mux.HandleFunc("balance", d.Balance)
}
