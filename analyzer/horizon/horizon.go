// Package horizon computes a handler's retry horizon: how long after its
// first run a job can still be run again by its framework's retries. A
// claim row pruned before that horizon lets a late retry claim the key
// again and repeat the effect (rule prune-before-retry), so the figure is
// what a claim table's retention is compared with.
//
// The horizon is the sum of the backoff delays before each retry the policy
// allows, computed from the frameworks' own default backoff functions, read
// in their module sources:
//
//   - asynq v0.26.0, server.go:401 DefaultRetryDelayFunc(n, e, t):
//     n^4 + 15 + rand.IntN(30)*(n+1) seconds, where n is the task's Retried
//     count (processor.go:358 passes msg.Retried: 0 before the first
//     retry); a task is retried while Retried < Retry (processor.go:343),
//     and Retry defaults to 25 (client.go:307 defaultMaxRetry).
//   - River v0.51.2, retry_policy.go:47 DefaultClientRetryPolicy.NextRetry
//     → internal/retrypolicy/retry_policy.go:31 NextRetryAt: errorCount^4
//     seconds (errorCount = len(job.Errors)+1, 1 before the first retry)
//     with ±10 % jitter (jitterFraction, line 72); MaxAttempts defaults to
//     25 (internal/rivercommon/river_common.go:16), so 24 retries.
//   - gocraft/work v0.5.1, worker.go:281 defaultBackoffCalculator: fails^4
//   - 15 + rand.Int63n(30)*(fails+1) seconds after the fails-th failure
//     (counted before the backoff, job.go:60); MaxFails 4 runs by default
//     (worker_pool.go:441), a job retried while MaxFails - Fails > 0.
//   - Faktory v1.9.0, manager/retry.go:167 nextRetry: asynq's function of
//     the RetryCount (0 at the first failure), Retry 25 by default
//     (client/job.go:13), so 26 runs.
//   - Temporal SDK v1.51.0, internal/client.go:1403 RetryPolicy: first
//     interval 1 s, coefficient 2.0, cap 100 × the first interval,
//     MaximumAttempts 0 = unlimited (the server computes the intervals;
//     the SDK documents these defaults). ScheduleToCloseTimeout bounds
//     the retries when set.
//
// The figure is the worst case: with the largest jitter each function can
// draw (asynq rand.IntN(30) = 29, River +10 %). It counts the delays only,
// not the runs' own durations (up to the task's timeout each), so the
// real horizon is longer still: a retention below it is too short for
// certain. Unbounded is a policy without a limit, a program that replays
// dead letters (asynq RunTask / RunAllArchivedTasks, River JobRetry), or a
// policy whose number of attempts the code does not show (set on the
// broker, or not constant): a retention cannot be shown to cover retries
// nobody can count, so a reviewer assumes none. Unknown is a policy whose
// attempts are read but whose delays come from a backoff of the program's
// own or one not modelled: the figure cannot be computed, and no finding
// is made from it.
package horizon

import (
	"fmt"
	"math"
	"strings"
	"time"
)

// Kinds of horizon.
const (
	Bounded   = "bounded"
	Unbounded = "unbounded"
	Unknown   = "unknown"
)

// Horizon is a handler's retry horizon.
type Horizon struct {
	Kind string
	D    time.Duration // when Bounded
	// Why says how it was computed, or why it is not a duration.
	Why string
}

// String is the inventory's retry_horizon: a Go duration ("492h27m0s"),
// "unbounded" or "unknown".
func (h Horizon) String() string {
	if h.Kind == Bounded {
		return h.D.String()
	}
	return h.Kind
}

// Days renders a duration for a message: "20.5 days", or the duration
// itself under a day.
func Days(d time.Duration) string {
	if d < 24*time.Hour {
		return d.String()
	}
	return strings.TrimSuffix(fmt.Sprintf("%.1f", d.Hours()/24), ".0") + " days"
}

// Longer reports whether h is longer than d (unbounded is; unknown is not
// known to be).
func (h Horizon) Longer(d time.Duration) bool {
	return h.Kind == Unbounded || h.Kind == Bounded && h.D > d
}

// Max is the longer of two horizons: unbounded beats everything, a
// duration beats unknown only when nothing is unknown (an unknown policy
// may allow longer).
func Max(a, b Horizon) Horizon {
	switch {
	case a.Kind == "":
		return b
	case b.Kind == "":
		return a
	case a.Kind == Unbounded:
		return a
	case b.Kind == Unbounded:
		return b
	case a.Kind == Unknown:
		return a
	case b.Kind == Unknown:
		return b
	case b.D > a.D:
		return b
	}
	return a
}

// backoff is a framework's default delay before retry i (1-based: the
// delay after the i-th failed run), worst case.
type backoff struct {
	delay func(i int64) float64 // seconds
	// what names the function and the jitter taken, for Why.
	what string
}

// backoffs are the default backoff functions by the name the catalog's
// frameworks: entries give (backoff:).
var backoffs = map[string]backoff{
	"asynq": {what: "asynq DefaultRetryDelayFunc (server.go:401) with its largest jitter", delay: func(i int64) float64 {
		n := float64(i - 1) // msg.Retried before this retry
		return math.Pow(n, 4) + 15 + 29*(n+1)
	}},
	"river": {what: "River DefaultClientRetryPolicy (retry_policy.go:47) with +10 % jitter", delay: func(i int64) float64 {
		return math.Pow(float64(i), 4) * 1.1
	}},
	// gocraft/work v0.5.1 worker.go:281 defaultBackoffCalculator(job):
	// fails^4 + 15 + rand.Int63n(30)*(fails+1) seconds, where fails is
	// already counted for the run that failed (job.go:60 failed: Fails++),
	// so 1 before the first retry; a job is retried while MaxFails - Fails
	// > 0 (worker.go:267 jobFate): MaxFails runs, 4 by default
	// (worker_pool.go:441).
	"gocraft": {what: "gocraft/work defaultBackoffCalculator (worker.go:281) with its largest jitter", delay: func(i int64) float64 {
		n := float64(i) // job.Fails after the i-th failed run
		return math.Pow(n, 4) + 15 + 29*(n+1)
	}},
	// Faktory v1.9.0 manager/retry.go:167 nextRetry: count^4 + 15 +
	// rand.Intn(30)*(count+1) seconds, count the Failure.RetryCount, 0 at
	// the first failure (:121), retried while RetryCount < Retry (:137),
	// Retry 25 by default (client/job.go:13 RetryPolicyDefault): asynq's
	// function, 26 runs.
	"faktory": {what: "Faktory nextRetry (manager/retry.go:167) with its largest jitter", delay: func(i int64) float64 {
		n := float64(i - 1) // RetryCount before this retry
		return math.Pow(n, 4) + 15 + 29*(n+1)
	}},
	"temporal": {what: "Temporal's default intervals (1 s × 2, capped at 100 s)", delay: func(i int64) float64 {
		return math.Min(math.Pow(2, float64(i-1)), 100)
	}},
}

// Exponential is a backoff the program configures itself (Watermill's
// middleware.Retry): cenkalti/backoff's ExponentialBackOff with these
// parameters, which Retry copies in unchanged (zero values included).
type Exponential struct {
	Initial, Max time.Duration
	Multiplier   float64
	Jitter       float64       // RandomizationFactor
	Elapsed      time.Duration // MaxElapsedTime: 0 is no bound
}

// delays sums the delays before retries 1..n, worst case, as
// cenkalti/backoff v5.0.3 exponential.go computes them: the interval
// starts at Initial (and again whenever it is 0), is multiplied after each
// retry and capped at Max (incrementCurrentInterval: once it reaches
// Max/Multiplier it is Max), and is randomised to at most
// interval × (1 + Jitter); retry.go stops once the elapsed time plus the
// next delay would pass MaxElapsedTime, when that is set.
func (e Exponential) delays(n int64) time.Duration {
	var total float64
	cur := float64(e.Initial)
	for i := int64(1); i <= n; i++ {
		if cur == 0 {
			cur = float64(e.Initial)
		}
		total += cur * (1 + e.Jitter)
		if cur >= float64(e.Max)/e.Multiplier {
			cur = float64(e.Max)
		} else {
			cur *= e.Multiplier
		}
	}
	d := time.Duration(math.Round(total/float64(time.Second))) * time.Second
	if e.Elapsed > 0 && d > e.Elapsed {
		d = e.Elapsed
	}
	return d
}

// maxRuns caps the runs summed (a policy of a million attempts is as good
// as unbounded for a retention).
const maxRuns = 10000

// Policy is what the horizon of one policy is computed from.
type Policy struct {
	// Backoff names the framework's default backoff (the catalog's
	// backoff:), "" when it has none modelled.
	Backoff string
	// Runs the policy allows: > 0, Unlimited (-1), or 0 when not read.
	Runs int64
	// Within bounds the retries' total time (0: no bound read).
	Within time.Duration
	// Custom names a replaced backoff (Config.RetryDelayFunc): unknown.
	Custom string
	// What names the policy for Why ("asynq default 25 retries").
	What string
	// Exp is a backoff the program sets with all its parameters
	// (Watermill's middleware.Retry), used instead of Backoff.
	Exp *Exponential
}

// Of computes the horizon of one policy.
func Of(p Policy) Horizon {
	if p.Runs == -1 {
		if p.Within > 0 {
			return Horizon{Kind: Bounded, D: p.Within, Why: p.What + ": unlimited attempts within ScheduleToCloseTimeout " + p.Within.String()}
		}
		return Horizon{Kind: Unbounded, Why: p.What + ": no limit on attempts"}
	}
	if p.Runs <= 0 {
		// A policy whose number of attempts is not read: without a limit
		// (a retention cannot be shown to cover it).
		return Horizon{Kind: Unbounded, Why: p.What + ": the number of runs is not read, taken as without limit"}
	}
	_, modelled := backoffs[p.Backoff]
	if p.Runs == 1 && p.Exp == nil && (p.Custom != "" || !modelled) {
		// One run: no retry, whatever the backoff would be.
		return Horizon{Kind: Bounded, D: 0, Why: p.What + ": 1 run, no retry"}
	}
	if p.Exp != nil {
		if p.Runs > maxRuns {
			return Horizon{Kind: Unbounded, Why: fmt.Sprintf("%s: %d runs", p.What, p.Runs)}
		}
		d := p.Exp.delays(p.Runs - 1)
		return Horizon{Kind: Bounded, D: d, Why: fmt.Sprintf("%s: %s, cenkalti/backoff's exponential backoff with its largest jitter; %s of backoff, run time not counted",
			p.What, plural(p.Runs, "run"), Days(d))}
	}
	if p.Custom != "" {
		return Horizon{Kind: Unknown, Why: p.What + " with a backoff of the program's own (" + p.Custom + ")"}
	}
	b, ok := backoffs[p.Backoff]
	if !ok {
		return Horizon{Kind: Unknown, Why: p.What + ": the framework's backoff is not modelled"}
	}
	if p.Runs > maxRuns {
		return Horizon{Kind: Unbounded, Why: fmt.Sprintf("%s: %d runs", p.What, p.Runs)}
	}
	var secs float64
	for i := int64(1); i < p.Runs; i++ {
		secs += b.delay(i)
	}
	d := time.Duration(math.Round(secs)) * time.Second
	runs := "1 run"
	if p.Runs != 1 {
		runs = fmt.Sprintf("%d runs", p.Runs)
	}
	why := fmt.Sprintf("%s: %s, %s", p.What, runs, b.what)
	if p.Within > 0 && p.Within < d {
		d = p.Within
		why += ", bounded by ScheduleToCloseTimeout"
	}
	return Horizon{Kind: Bounded, D: d, Why: why + "; " + Days(d) + " of backoff, run time not counted"}
}

// plural is "1 run", "3 runs".
func plural(n int64, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}
