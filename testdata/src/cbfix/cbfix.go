// Package cbfix: a handler that calls a callback it captured (or that the
// framework passes it) has effects nobody here knows: unknown, never
// none.
package cbfix

import (
	"context"

	"github.com/hibiken/asynq"
)

// Subscribe registers a closure that calls the callback it captured;
// nothing in the program calls Subscribe.
func Subscribe(mux *asynq.ServeMux, handler func(data []byte) error) { // want Subscribe:"no effects" Subscribe:`^forwards \[\{1 asynq cb:data -1 `
	mux.HandleFunc("cb:data", func(ctx context.Context, t *asynq.Task) error {
		return handler(t.Payload())
	})
}
