package twice

import (
	"context"
	"errors"
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

func (j funcJob[P]) Deliver(ctx context.Context, _ Delivery) error { return j.fn(ctx, j.payload) }
