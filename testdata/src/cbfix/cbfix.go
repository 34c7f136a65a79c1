// Package cbfix: a handler that calls a callback it captured (or that the
// framework passes it) has effects nobody here knows: unknown, never
// none.
package cbfix

import (
	"context"

	"github.com/hibiken/asynq"
)

// Subscribe registers a closure that calls the callback it captured
// with nothing of the task; nothing in the program calls Subscribe.
func Subscribe(mux *asynq.ServeMux, handler func(ctx context.Context) error) { // want Subscribe:"no effects"
	mux.HandleFunc("cb:data", func(ctx context.Context, t *asynq.Task) error {
		return handler(ctx)
	})
}

// Forward hands its callers' function the task's payload: a registrar
// (the closure is its plumbing, discovery/funcadapter.go) whose function
// no call in the program passes: no handler.
func Forward(mux *asynq.ServeMux, handler func(data []byte) error) { // want Forward:"no effects" Forward:`^forwards \[\{1 asynq cb:forward -1 `
	mux.HandleFunc("cb:forward", func(ctx context.Context, t *asynq.Task) error {
		return handler(t.Payload())
	})
}
