package replacefix

import (
	"context"
	"encoding/json"
	"time"

	"github.com/hibiken/asynq"
)

// Write-if-newer upserts: the counter's update applies only while the
// row is older than the observation inserted, and sets its time: a second
// delivery of the same observation changes nothing. The time decides: one
// from the job's payload is the same on every delivery, time.Now() is not.

func (d *Deps) observe(ctx context.Context, key string, at time.Time) error { // want observe:`^effects: db_write/upsert-set rp_observations$`
	_, err := d.Pool.Exec(ctx, `insert into rp_observations as o (key, seen, observed_at) values ($1, 1, $2)
		on conflict (key) do update set seen = o.seen + 1, observed_at = excluded.observed_at
		where o.observed_at < excluded.observed_at`, key, at)
	return err
}

type observation struct {
	Key string    `json:"key"`
	At  time.Time `json:"at"`
}

// Observed: the observation's time comes with the job.
func (d *Deps) Observed(ctx context.Context, t *asynq.Task) error { // want Observed:`^effects: db_write/upsert-set rp_observations$`
	var o observation
	if err := json.Unmarshal(t.Payload(), &o); err != nil {
		return err
	}
	return d.observe(ctx, o.Key, o.At)
}

// ObservedNow: the time is taken at each delivery: every delivery is
// newer, and counts again.
func (d *Deps) ObservedNow(ctx context.Context, t *asynq.Task) error { // want ObservedNow:`^effects: db_write/upsert-increment rp_observations$` `unguarded: handler \(\*replacefix.Deps\).ObservedNow`
	return d.observe(ctx, t.Type(), time.Now())
}

// Unconditional: the same counter without the newer-than WHERE counts
// every delivery.
func (d *Deps) Unconditional(ctx context.Context, t *asynq.Task) error { // want Unconditional:`^effects: db_write/upsert-increment rp_observations$` `unguarded: handler \(\*replacefix.Deps\).Unconditional`
	_, err := d.Pool.Exec(ctx, `insert into rp_observations as o (key, seen, observed_at) values ($1, 1, $2)
		on conflict (key) do update set seen = o.seen + 1, observed_at = excluded.observed_at`, t.Type(), t.Type())
	return err
}

func registerNewer(mux *asynq.ServeMux, d *Deps) { // want registerNewer:`^no effects$`
	mux.HandleFunc("observed", d.Observed)
	mux.HandleFunc("observednow", d.ObservedNow)
	mux.HandleFunc("unconditional", d.Unconditional)
}
