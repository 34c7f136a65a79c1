package infer

import (
	"testing"

	"github.com/jobeffects/jobeffects/analyzer/effect"
)

func TestTelemetry(t *testing.T) {
	for _, c := range []struct {
		op, target, cols, by string
		on, want             bool
	}{
		{"upsert-increment", "operation_heartbeats", "success_count,sample_count", effect.ByCode, true, true},
		{"update-increment", "ops.worker_telemetry", "run_total", effect.ByCode, true, true},
		{"upsert-increment", "operation_heartbeats", "success_count", effect.ByCode, false, false}, // -strict, infer: false
		{"upsert-increment", "operation_heartbeats", "success_count,usage_count", effect.ByCode, true, false},
		{"upsert-increment", "heartbeat_accounts", "balance", effect.ByCode, true, false},
		{"update-increment", "heartbeats", "credit_total", effect.ByCode, true, false},
		{"update-increment", "page_stats", "visit_count", effect.ByCode, true, false},
		{"update-increment", "usage_counters", "count", effect.ByCode, true, false},
		{"upsert-increment", "operation_heartbeats", "", effect.ByCode, true, false},               // read-modify-write: columns not known
		{"upsert-increment", "operation_heartbeats", "success_count", effect.ByModel, true, false}, // a model decided it
		{"insert", "operation_heartbeats", "success_count", effect.ByCode, true, false},
	} {
		e := effect.Effect{Kind: effect.KindDBWrite, Op: c.op, Target: c.target, Accumulates: c.cols, By: c.by, Risk: effect.Medium}
		r := Telemetry(&e, c.on)
		if (r != nil) != c.want {
			t.Errorf("%s %s (%s) by %s, on=%v: reading %v, want %v", c.op, c.target, c.cols, c.by, c.on, r != nil, c.want)
			continue
		}
		if r != nil {
			got := Apply([]effect.Effect{e}, c.on, nil)[0]
			if got.Risk != effect.Safe || got.By != effect.ByName || got.Op != c.op {
				t.Errorf("%s applied: %+v", c.target, got)
			}
			if raw := got.Raw(); raw.Risk != effect.Medium || raw.By != effect.ByCode {
				t.Errorf("%s raw: %+v", c.target, raw)
			}
		}
	}
}
