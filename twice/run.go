package twice

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"
)

// Check runs job as Run does, fails the test (t.Fatal) if the harness
// cannot, logs the report, and reports each problem with t.Error: a change
// between the state after one delivery and after N in any mode, or a
// redelivery that returned an error where the first delivery succeeded.
func Check(t testing.TB, job Job, opts Options) *Report {
	t.Helper()
	if opts.Name == "" {
		opts.Name = t.Name()
	}
	r, err := Run(t.Context(), job, opts)
	if err != nil {
		t.Fatalf("twice: %s: %v", opts.Name, err)
	}
	t.Log(r.String())
	for _, p := range r.Problems() {
		t.Error(p)
	}
	return r
}

// Run delivers job in each of opts.Modes against the state the observers
// read and reports what differs from the state after one delivery. The
// error is for what keeps it from judging: a Reset or an observer that
// fails, a Reset that does not restore the same state, a first delivery
// that fails.
func Run(ctx context.Context, job Job, opts Options) (*Report, error) {
	opts = opts.withDefaults()
	switch {
	case opts.Deliveries < 2:
		return nil, fmt.Errorf("Options.Deliveries is %d: deliver at least twice", opts.Deliveries)
	case len(opts.Observers) == 0:
		return nil, errors.New("no Options.Observers: nothing to compare")
	case opts.Reset == nil && !allReset(opts.Observers) && (opts.has(Concurrent) || opts.has(Crash)):
		return nil, errors.New("Options.Reset is nil: the concurrent and crash modes start each run from the fixture Reset restores (or set Options.Modes to Sequential only)")
	}
	h := &harness{job: job, opts: opts}
	r := &Report{Name: opts.Name, Deliveries: opts.Deliveries}

	// Sequential: its first delivery is the baseline of every mode.
	start, err := h.prepare(ctx)
	if err != nil {
		return nil, err
	}
	h.start = start
	first := h.deliver(ctx, Delivery{Attempt: 1, Ack: false}, 0)
	if first.err != nil {
		return nil, fmt.Errorf("the first delivery failed, so there is no state after one delivery to compare with: %w", first.err)
	}
	r.Effects = first.points
	if h.one, err = observeAll(ctx, opts.Observers); err != nil {
		return nil, err
	}
	seq := RunResult{Mode: Sequential}
	for a := 2; a <= opts.Deliveries; a++ {
		d := h.deliver(ctx, Delivery{Attempt: a, Ack: a == opts.Deliveries}, 0)
		seq.record(a, d, true)
	}
	if opts.has(Sequential) {
		if err := h.finish(ctx, &seq, sequentialSubject(opts.Deliveries)); err != nil {
			return nil, err
		}
		r.Runs = append(r.Runs, seq)
	}

	if opts.has(Concurrent) {
		if _, err := h.prepare(ctx); err != nil {
			return nil, err
		}
		con := RunResult{Mode: Concurrent}
		results := make([]delivered, opts.Deliveries)
		var wg sync.WaitGroup
		together := newRendezvous(opts.Deliveries)
		for i := range results {
			wg.Add(1)
			go func() {
				defer wg.Done()
				d := Delivery{Attempt: i + 1, Ack: true, together: together}
				results[i] = h.deliver(ctx, d, 0)
				together.arrive(d.Attempt)
			}()
		}
		wg.Wait()
		for i, d := range results {
			con.record(i+1, d, false)
		}
		if err := h.finish(ctx, &con, fmt.Sprintf("%d concurrent deliveries", opts.Deliveries)); err != nil {
			return nil, err
		}
		r.Runs = append(r.Runs, con)
	}

	if opts.has(Crash) {
		k := min(len(first.points), opts.MaxCrashPoints)
		if len(first.points) == 0 {
			r.Notes = append(r.Notes, "crash: one delivery passed no effect point, so there is nothing to crash after; instrument the database and HTTP clients (OpenDB, pgxtwice, HTTPRecorder) or call twice.Effect")
		} else if k < len(first.points) {
			r.Notes = append(r.Notes, fmt.Sprintf("crash: one delivery passed %d effect points; only the first %d are crashed after (Options.MaxCrashPoints)", len(first.points), k))
		}
		for at := 1; at <= k; at++ {
			if _, err := h.prepare(ctx); err != nil {
				return nil, err
			}
			cr := RunResult{Mode: Crash, CrashAfter: at, CrashPoint: first.points[at-1]}
			d := h.deliver(ctx, Delivery{Attempt: 1, Ack: false}, at)
			if !d.crashed {
				cr.Notes = append(cr.Notes, fmt.Sprintf("this run passed %d effect points, not %d, so it did not crash: the handler's effects vary between runs", len(d.points), at))
			}
			again := h.deliver(ctx, Delivery{Attempt: 2, Ack: true}, 0)
			cr.record(2, again, true)
			subject := fmt.Sprintf("after a crash after effect %d of %d (%s) and a redelivery", at, len(first.points), first.points[at-1])
			if err := h.finish(ctx, &cr, subject); err != nil {
				return nil, err
			}
			r.Runs = append(r.Runs, cr)
		}
	}
	return r, nil
}

// allReset reports whether every observer resets itself (a fake that
// holds all the state), so that Options.Reset may be nil.
func allReset(obs []Observer) bool {
	for _, o := range obs {
		if _, ok := o.(Resetter); !ok {
			return false
		}
	}
	return true
}

func sequentialSubject(n int) string {
	if n == 2 {
		return "second delivery"
	}
	return fmt.Sprintf("deliveries 2 to %d", n)
}

type harness struct {
	job   Job
	opts  Options
	start []observed // state Reset leaves, from the first run
	one   []observed // state after one delivery
}

// prepare resets the fixture, starts the job's run and returns the state
// it starts from, checked against the first run's.
func (h *harness) prepare(ctx context.Context) ([]observed, error) {
	ictx := Internal(ctx)
	if h.opts.Reset != nil {
		if err := h.opts.Reset(ictx); err != nil {
			return nil, fmt.Errorf("Reset: %w", err)
		}
	}
	for _, o := range h.opts.Observers {
		if r, ok := o.(Resetter); ok {
			if err := r.Reset(ictx); err != nil {
				return nil, fmt.Errorf("resetting %s: %w", observerName(o), err)
			}
		}
	}
	if s, ok := h.job.(Starter); ok {
		if err := s.Start(ictx); err != nil {
			return nil, fmt.Errorf("starting the job: %w", err)
		}
	}
	st, err := observeAll(ictx, h.opts.Observers)
	if err != nil {
		return nil, err
	}
	if h.start != nil {
		if same, d := sameState(h.start, st); !same {
			return nil, fmt.Errorf("Reset does not restore the state the first run started from (%s): the runs cannot be compared", d)
		}
	}
	return st, nil
}

// finish observes the state after a run and records its changes.
func (h *harness) finish(ctx context.Context, r *RunResult, subject string) error {
	n, err := observeAll(Internal(ctx), h.opts.Observers)
	if err != nil {
		return err
	}
	r.Changes = diff(h.opts.Observers, h.one, n, r.Mode, subject)
	for _, c := range r.Changes {
		r.Messages = append(r.Messages, h.phrase(c))
	}
	return nil
}

// phrase describes c with its observer and adds what the inventory says.
func (h *harness) phrase(c Change) string {
	msg := describe(h.opts.Observers[c.obs], c)
	if len(h.opts.Static) == 0 {
		return msg
	}
	for _, s := range h.opts.Static {
		if s.Target != "" && matchesTarget(c.Set, s.Target) {
			return msg + "; the inventory: " + s.Says
		}
	}
	return msg + "; the inventory lists no effect on " + c.Set + " for this handler (an effect static analysis does not see?)"
}

// delivered is the outcome of one delivery.
type delivered struct {
	err     error
	points  []string
	crashed bool
}

// deliver runs one delivery, crashing it after effect point crashAt
// (0: never), bounded by Options.Timeout.
func (h *harness) deliver(ctx context.Context, d Delivery, crashAt int) delivered {
	dl := &delivery{crashAt: crashAt}
	dctx, cancel := withDelivery(ctx, dl)
	defer cancel(nil)
	dctx, stop := context.WithTimeout(dctx, h.opts.Timeout)
	defer stop()
	done := make(chan error, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				done <- fmt.Errorf("panic: %v", p)
			}
		}()
		done <- h.job.Deliver(dctx, d)
	}()
	var err error
	select {
	case err = <-done:
	case <-time.After(h.opts.Timeout + 5*time.Second):
		err = fmt.Errorf("delivery %d did not return within %v", d.Attempt, h.opts.Timeout)
	}
	points, crashed := dl.snapshot()
	return delivered{err: err, points: points, crashed: crashed}
}
