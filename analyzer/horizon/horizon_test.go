package horizon

import (
	"testing"
	"time"
)

// The figures checked by hand against the module sources' formulas.
func TestDefaults(t *testing.T) {
	for _, c := range []struct {
		p    Policy
		want string
	}{
		// asynq: Σ_{n=0}^{24} n^4 + 15 + 29(n+1) = 1763020 + 375 + 9425 s.
		{Policy{Backoff: "asynq", Runs: 26}, (1772820 * time.Second).String()},
		// River: 1.1 × Σ_{k=1}^{24} k^4 = 1.1 × 1763020 s.
		{Policy{Backoff: "river", Runs: 25}, (1939322 * time.Second).String()},
		// Temporal, 5 attempts: 1 + 2 + 4 + 8 s.
		{Policy{Backoff: "temporal", Runs: 5}, "15s"},
		// Temporal, 10 attempts: 1+2+…+64 + 100 + 100 = 327 s.
		{Policy{Backoff: "temporal", Runs: 10}, "5m27s"},
		{Policy{Backoff: "temporal", Runs: -1}, "unbounded"},
		{Policy{Backoff: "temporal", Runs: -1, Within: time.Hour}, "1h0m0s"},
		{Policy{Backoff: "asynq", Runs: 0}, "unknown"},
		{Policy{Backoff: "asynq", Runs: 26, Custom: "Config.RetryDelayFunc"}, "unknown"},
		{Policy{Backoff: "asynq", Runs: 1}, "0s"},
		{Policy{Backoff: "", Runs: 4}, "unknown"},
	} {
		if got := Of(c.p).String(); got != c.want {
			t.Errorf("%+v: got %s, want %s", c.p, got, c.want)
		}
	}
	if got := Days(1772820 * time.Second); got != "20.5 days" {
		t.Errorf("Days: %s", got)
	}
}
