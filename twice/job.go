package twice

import (
	"context"
	"errors"
	"sync"
)

// A Job is one job with fixed input that the harness delivers again and
// again. The adapters build Jobs from the frameworks' handler types; Func
// builds one from a plain function.
type Job interface {
	// Deliver runs the handler once, as the queue would for one delivery
	// of the job, and returns the handler's error. It returns an error
	// wrapping ErrNotDelivered when the queue would not deliver the job
	// at this point (River does not run a completed job again).
	Deliver(ctx context.Context, d Delivery) error
}

// Delivery describes one delivery to Job.Deliver.
type Delivery struct {
	// Attempt counts the deliveries of the run, from 1.
	Attempt int
	// Ack reports whether the queue receives this delivery's completion
	// once the handler returns. It is false when the harness models a
	// lost ack: every delivery of a sequential run but the last, and a
	// crashed one. An adapter whose queue completes jobs after the
	// handler (River's completer) skips that completion when Ack is false.
	Ack bool

	together *rendezvous // the concurrent mode's deliveries; nil otherwise
}

// Fetched is called by an adapter once the queue has handed the job to
// this delivery (River: the job row is marked running), right before the
// handler runs. In the concurrent mode it waits until every delivery has
// been handed the job, so that all of them run on what the queue gave
// them before any has finished, as a redelivery during the first run
// does; otherwise it returns at once. Func and the adapters call it; a
// Job of your own may.
func (d Delivery) Fetched() {
	if d.together == nil {
		return
	}
	d.together.arrive(d.Attempt)
	<-d.together.all
}

// rendezvous is where concurrent deliveries wait for each other. A
// delivery that returns without calling Fetched (not delivered, failed
// early) arrives when it returns.
type rendezvous struct {
	mu      sync.Mutex
	pending map[int]bool
	all     chan struct{}
}

func newRendezvous(n int) *rendezvous {
	r := &rendezvous{pending: map[int]bool{}, all: make(chan struct{})}
	for i := 1; i <= n; i++ {
		r.pending[i] = true
	}
	return r
}

func (r *rendezvous) arrive(attempt int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.pending[attempt] {
		return
	}
	delete(r.pending, attempt)
	if len(r.pending) == 0 {
		close(r.all)
	}
}

// ErrNotDelivered is wrapped by Deliver's error when the queue would not
// deliver the job again; the harness reports it and counts no delivery.
var ErrNotDelivered = errors.New("not delivered")

// Starter is implemented by Jobs that need something done at the start of
// every run, after Reset: River's adapter inserts the job's row there.
type Starter interface {
	Start(ctx context.Context) error
}

// Func returns the Job that calls fn with payload: the adapter for a plain
// func(ctx, payload) error handler.
func Func[P any](fn func(context.Context, P) error, payload P) Job {
	return funcJob[P]{fn, payload}
}

type funcJob[P any] struct {
	fn      func(context.Context, P) error
	payload P
}

func (j funcJob[P]) Deliver(ctx context.Context, d Delivery) error {
	d.Fetched()
	return j.fn(ctx, j.payload)
}
