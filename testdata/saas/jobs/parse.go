package jobs

import (
	"context"

	"github.com/hibiken/asynq"

	"example.org/hooks"
)

// ParseOrder applies a library transform: the library's call through a
// function value resolves to code without effects, so the handler is safe.
func ParseOrder(ctx context.Context, t *asynq.Task) error {
	_ = hooks.Transform("upper", string(t.Payload()))
	return nil
}

// FireHook calls a library hook nothing in the program sets: the call
// cannot be resolved, so it stays unknown.
func FireHook(ctx context.Context, t *asynq.Task) error {
	hooks.Fire(string(t.Payload()))
	return nil
}
