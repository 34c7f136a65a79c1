// Package memwhole: over the whole program, a write an implementation
// makes to its receiver lasts when the receiver is wired into a field
// (an in-memory store held by the handler's deps), not when the value is
// made for the delivery (a counter constructed in the handler).
package memwhole

import (
	"context"
	"net/http"
	"strings"

	"github.com/hibiken/asynq"
)

type Counter interface{ Add(k string, n int) }

type memCounter struct{ m map[string]int }

func (c *memCounter) Add(k string, n int) { c.m[k] += n }

func newCounter() Counter { return &memCounter{m: map[string]int{}} }

type Deps struct{ C Counter }

// Tally adds to the store main wires: a second delivery adds again.
func (d *Deps) Tally(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: memory_write increment \(memwhole.memCounter.m\) \(medium\) at`
	d.C.Add(t.Type(), 1)
	return nil
}

// Scratch counts in a counter it makes: nothing outlives the delivery.
func (d *Deps) Scratch(ctx context.Context, t *asynq.Task) error {
	c := newCounter()
	c.Add(t.Type(), 1)
	return nil
}

// The program's own API keeps its state in memory: the long-lived
// server struct's map and a package-level map.
type API struct{ tally map[string]int }

var seen = map[string]bool{}

func (a *API) AddTally(w http.ResponseWriter, r *http.Request) {
	a.tally[r.PathValue("customer")] += 10
}

func MarkSeen(w http.ResponseWriter, r *http.Request) {
	seen[r.PathValue("id")] = true
}

// Bill calls the route that adds to the server's tally: a second
// delivery doubles it.
func (d *Deps) Bill(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: memory_write increment \(memwhole.API.tally\) \(medium\) at`
	_, err := http.Post("http://localhost:8080/tally/"+string(t.Payload()), "application/json", strings.NewReader("{}"))
	return err
}

// Seen calls the route that sets a package-level map entry: idempotent.
func (d *Deps) Seen(ctx context.Context, t *asynq.Task) error {
	_, err := http.Post("http://localhost:8080/seen/"+string(t.Payload()), "application/json", strings.NewReader("{}"))
	return err
}

func Main(mux *asynq.ServeMux) {
	d := &Deps{C: &memCounter{m: map[string]int{}}}
	mux.HandleFunc("tally", d.Tally)
	mux.HandleFunc("scratch", d.Scratch)
	mux.HandleFunc("bill", d.Bill)
	mux.HandleFunc("seen", d.Seen)
	api := &API{tally: map[string]int{}}
	hm := http.NewServeMux()
	hm.HandleFunc("POST /tally/{customer}", api.AddTally)
	hm.HandleFunc("POST /seen/{id}", MarkSeen)
	http.ListenAndServe(":8080", hm)
}
