package jobs

import (
	"context"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/mikestefanello/batcher"
)

// BatchDeps hands each payload to a batcher (the real
// mikestefanello/batcher v0.1.0) whose Processor inserts the batch later.
type BatchDeps struct {
	Pool *pgxpool.Pool
	b    *batcher.Batcher[[]byte]
}

// NewBatchDeps makes the batcher with flush as its Processor.
func NewBatchDeps(pool *pgxpool.Pool) (*BatchDeps, error) {
	d := &BatchDeps{Pool: pool}
	b, err := batcher.NewBatcher(batcher.Config[[]byte]{ItemCountThreshold: 100, NumGoroutines: 1, Processor: d.flush})
	if err != nil {
		return nil, err
	}
	d.b = b
	return d, nil
}

func (d *BatchDeps) flush(_ string, items [][]byte) {
	for _, it := range items {
		_, _ = d.Pool.Exec(context.Background(), "insert into event_log(body) values ($1)", it)
	}
}

// BatchLog queues the payload; flush inserts it: unguarded.
func (d *BatchDeps) BatchLog(ctx context.Context, t *asynq.Task) error {
	d.b.Add("", t.Payload())
	return nil
}

// RegisterBatch registers the batch handler.
func RegisterBatch(mux *asynq.ServeMux, d *BatchDeps) {
	mux.HandleFunc("batch:log", d.BatchLog)
}
