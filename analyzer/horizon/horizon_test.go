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
		{Policy{Backoff: "asynq", Runs: 0}, "unbounded"}, // runs not read: taken as without limit
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

// Watermill's Retry runs cenkalti/backoff's exponential backoff with the
// parameters the program gives: the interval is multiplied until it
// reaches Max/Multiplier, then is Max; the jitter widens it by up to the
// randomization factor; MaxElapsedTime caps the total.
func TestExponential(t *testing.T) {
	for _, tc := range []struct {
		name string
		exp  Exponential
		runs int64
		want string
	}{
		{"10 s × 3 capped at 30 s: 10 + 30 + 30", Exponential{Initial: 10 * time.Second, Max: 30 * time.Second, Multiplier: 3}, 4, "1m10s"},
		{"1 s × 2 up to 8 s, jitter 0.5: 1.5 × (1+2+4+8+8)", Exponential{Initial: time.Second, Max: 8 * time.Second, Multiplier: 2, Jitter: 0.5}, 6, "35s"},
		{"MaxElapsedTime caps it", Exponential{Initial: time.Minute, Max: time.Hour, Multiplier: 2, Elapsed: 5 * time.Minute}, 10, "5m0s"},
		{"zero multiplier: the interval starts again at Initial", Exponential{Initial: time.Second}, 4, "3s"},
		{"one run: no retry", Exponential{Initial: time.Second, Multiplier: 2}, 1, "0s"},
	} {
		h := Of(Policy{Runs: tc.runs, Exp: &tc.exp, What: "watermill Retry"})
		if h.Kind != Bounded || h.D.String() != tc.want {
			t.Errorf("%s: got %s (%s), want %s", tc.name, h, h.Why, tc.want)
		}
	}
}

// gocraft/work's and Faktory's defaults, by hand from their formulas.
func TestGocraftFaktory(t *testing.T) {
	// gocraft: 4 runs, fails 1..3: (1+15+58) + (16+15+87) + (81+15+116) = 404 s.
	if h := Of(Policy{Backoff: "gocraft", Runs: 4, What: "gocraft default"}); h.D != 404*time.Second {
		t.Errorf("gocraft default: %s (%s), want 6m44s", h, h.Why)
	}
	// Faktory: asynq's function, 26 runs.
	a := Of(Policy{Backoff: "asynq", Runs: 26})
	if h := Of(Policy{Backoff: "faktory", Runs: 26, What: "faktory default"}); h.D != a.D {
		t.Errorf("faktory default: %s, want asynq's %s", h, a)
	}
}
