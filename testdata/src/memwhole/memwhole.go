// Package memwhole: over the whole program, a write an implementation
// makes to its receiver lasts when the receiver is wired into a field
// (an in-memory store held by the handler's deps), not when the value is
// made for the delivery (a counter constructed in the handler).
package memwhole

import (
	"context"

	"github.com/hibiken/asynq"
)

type Counter interface{ Add(k string, n int) }

type memCounter struct{ m map[string]int }

func (c *memCounter) Add(k string, n int) { c.m[k] += n }

func newCounter() Counter { return &memCounter{m: map[string]int{}} }

type Deps struct{ C Counter }

// Tally adds to the store main wires: a second delivery adds again.
func (d *Deps) Tally(ctx context.Context, t *asynq.Task) error {
	d.C.Add(t.Type(), 1)
	return nil
}

// Scratch counts in a counter it makes: nothing outlives the delivery.
func (d *Deps) Scratch(ctx context.Context, t *asynq.Task) error {
	c := newCounter()
	c.Add(t.Type(), 1)
	return nil
}

func Main(mux *asynq.ServeMux) {
	d := &Deps{C: &memCounter{m: map[string]int{}}}
	mux.HandleFunc("tally", d.Tally)
	mux.HandleFunc("scratch", d.Scratch)
}
