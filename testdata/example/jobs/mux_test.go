package jobs_test

import (
	"context"
	"testing"

	"github.com/hibiken/asynq"
)

// A handler registered in a test file is a handler too (go vet analyses
// tests); the inventory marks it test: true.
func TestMuxDispatches(t *testing.T) {
	calls := 0
	mux := asynq.NewServeMux()
	mux.HandleFunc("test:count", func(ctx context.Context, task *asynq.Task) error {
		calls++
		return nil
	})
	if err := mux.ProcessTask(context.Background(), asynq.NewTask("test:count", nil)); err != nil || calls != 1 {
		t.Fatalf("ProcessTask: %v, %d calls", err, calls)
	}
}
