// Package genbatch covers a handler that hands each message to the
// application's own generic batcher (genbatch/batcher), whose worker
// goroutine calls the Do function field set here.
package genbatch

import (
	"context"
	"database/sql"

	"github.com/hibiken/asynq"

	"genbatch/batcher"
)

type Item struct{ ID string }

type Handler struct {
	DB *sql.DB
	b  *batcher.Batcher[Item]
}

func New(db *sql.DB) *Handler { // want New:`^effects: dynamic_call/call batcher.Batcher\[T\].Key; dynamic_call/call batcher.Batcher\[T\].Sharding; dynamic_call/call batcher.Batcher\[T\].OnComplete; dynamic_call/call batcher.Batcher\[T\].Do$`
	h := &Handler{DB: db}
	b := batcher.New[Item](4)
	b.Key = func(it *Item) string { return it.ID }
	b.Sharding = func(key string) int { return len(key) % 4 }
	b.Do = h.do
	h.b = b
	b.Start()
	return h
}

func (h *Handler) do(ctx context.Context, channelID int, val *batcher.Msg[Item]) { // want do:`^effects: db_write/update-increment counters$`
	for _, it := range val.Val() {
		h.DB.ExecContext(ctx, "update counters set n = n + 1 where id = $1", it.ID)
	}
}

func (h *Handler) Handle(ctx context.Context, t *asynq.Task) error { // want Handle:`^handler asynq \(\*genbatch.Handler\).Handle$` Handle:`^effects: dynamic_call/call batcher.Batcher\[T\].Key; dynamic_call/call batcher.Batcher\[T\].Sharding; dynamic_call/call batcher.Batcher\[T\].OnComplete; dynamic_call/call batcher.Batcher\[T\].Do$` `unguarded: handler \(\*genbatch.Handler\).Handle .*update-increment of counters \(medium\) at genbatch/genbatch.go:\d+ .*\(channel data → \(\*batcher.Batcher\).scheduler\) .*\(channel chArrays\[…\] → \(\*batcher.Batcher\).run\) .*\(dynamic call → \(\*genbatch.Handler\).do\)`
	return h.b.Put(ctx, &Item{ID: t.Type()})
}
