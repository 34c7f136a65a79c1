// Stub of github.com/mikestefanello/batcher@v0.1.0 for analysistest: declarations mirror the real API (subset); bodies are reduced.
package batcher

import "time"

type Config[T any] struct {
	GroupCountThreshold int
	ItemCountThreshold  int
	DelayThreshold      time.Duration
	NumGoroutines       int
	Processor           func(group string, items []T)
}

type Batcher[T any] struct {
	config Config[T]
	queue  map[string][]T
}

// Add only queues the item (the real one starts processing on its own
// goroutine when the queue is full).
func (b *Batcher[T]) Add(group string, item T) {
	b.queue[group] = append(b.queue[group], item)
}

func (b *Batcher[T]) Shutdown() {}

func NewBatcher[T any](cfg Config[T]) (*Batcher[T], error) {
	return &Batcher[T]{config: cfg, queue: map[string][]T{}}, nil
}
