package jobs

import (
	"context"

	"asmwhole/calc"

	"github.com/hibiken/asynq"
)

// Cluster only computes, through the assembly calc chose.
func Cluster(ctx context.Context, t *asynq.Task) error {
	_ = calc.Distance([]float32{1, 2}, []float32{3, 4})
	return nil
}

// Leak reaches a routine that makes a system call: unknown.
func Leak(ctx context.Context, t *asynq.Task) error {
	_ = calc.Leak(t.Payload())
	return nil
}

func Register(mux *asynq.ServeMux) {
	mux.HandleFunc("cluster", Cluster)
	mux.HandleFunc("leak", Leak)
}
