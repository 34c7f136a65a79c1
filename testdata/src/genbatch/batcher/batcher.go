// Package batcher is an application's own generic batcher: Put sends on
// a channel, a scheduler goroutine groups the items by key and hands each
// group to a worker goroutine over a channel of its own, and the worker
// calls the Do function field the application set.
package batcher

import (
	"context"
	"sync"
)

type Msg[T any] struct {
	key string
	val []*T
}

func (m Msg[T]) Val() []*T { return m.val } // want Val:"no effects"

type Batcher[T any] struct {
	Do         func(ctx context.Context, channelID int, val *Msg[T])
	OnComplete func(last *T, total int)
	Sharding   func(key string) int
	Key        func(data *T) string
	data       chan *T        // want data:`received by \[\(\*batcher.Batcher\).scheduler\]`
	chArrays   []chan *Msg[T] // want chArrays:`received by \[\(\*batcher.Batcher\).run\]`
	counter    sync.WaitGroup
}

func New[T any](worker int) *Batcher[T] { // want New:"no effects"
	b := &Batcher[T]{data: make(chan *T, 10)}
	b.chArrays = make([]chan *Msg[T], worker)
	for i := range b.chArrays {
		b.chArrays[i] = make(chan *Msg[T], 10)
	}
	return b
}

func (b *Batcher[T]) Start() { // want Start:`^effects: dynamic_call/call batcher.Batcher\[T\].Key; dynamic_call/call batcher.Batcher\[T\].Sharding; dynamic_call/call batcher.Batcher\[T\].OnComplete; dynamic_call/call batcher.Batcher\[T\].Do$`
	for i := range b.chArrays {
		go b.run(i, b.chArrays[i])
	}
	go b.scheduler()
}

func (b *Batcher[T]) Put(ctx context.Context, data *T) error { // want Put:`^effects: dynamic_call/call batcher.Batcher\[T\].Key; dynamic_call/call batcher.Batcher\[T\].Sharding; dynamic_call/call batcher.Batcher\[T\].OnComplete; dynamic_call/call batcher.Batcher\[T\].Do$`
	select {
	case <-ctx.Done():
		return ctx.Err()
	case b.data <- data:
		return nil
	}
}

func (b *Batcher[T]) scheduler() { // want scheduler:`^effects: dynamic_call/call batcher.Batcher\[T\].Key; dynamic_call/call batcher.Batcher\[T\].Sharding; dynamic_call/call batcher.Batcher\[T\].OnComplete; dynamic_call/call batcher.Batcher\[T\].Do$`
	vals := map[string][]*T{}
	var last *T
	for data := range b.data {
		key := b.Key(data)
		vals[key] = append(vals[key], data)
		last = data
		if len(vals) > 10 {
			b.distribute(vals, last)
			vals = map[string][]*T{}
		}
	}
}

func (b *Batcher[T]) distribute(messages map[string][]*T, last *T) { // want distribute:`^effects: dynamic_call/call batcher.Batcher\[T\].Sharding; dynamic_call/call batcher.Batcher\[T\].OnComplete; dynamic_call/call batcher.Batcher\[T\].Do$`
	for key, data := range messages {
		b.counter.Add(1)
		b.chArrays[b.Sharding(key)] <- &Msg[T]{key: key, val: data}
	}
	b.counter.Wait()
	b.OnComplete(last, len(messages))
}

func (b *Batcher[T]) run(channelID int, ch <-chan *Msg[T]) { // want run:`^effects: dynamic_call/call batcher.Batcher\[T\].Do$`
	for messages := range ch {
		b.Do(context.Background(), channelID, messages)
		b.counter.Done()
	}
}
