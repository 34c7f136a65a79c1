// Package memfix: handlers whose writes land in memory that outlives the
// delivery (package-level variables, the server struct a pointer receiver
// holds, state a closure captured at registration) have memory_write
// effects, classified like SQL: += and ++ increment, append inserts, a
// plain assignment sets. Writes to values made for the delivery (locals,
// the task, a struct built in the handler) are not effects, nor are
// mutexes, loggers and metrics.
package memfix

import (
	"context"
	"encoding/json"
	"sync"
	"sync/atomic"

	"github.com/gocraft/work"
	"github.com/hibiken/asynq"
	"github.com/riverqueue/river"
)

var (
	tally     = map[string]int{}
	processed int64
	lastSeen  = map[string]string{}
	mu        sync.Mutex
)

type payment struct {
	Customer string
	Amount   int
}

// Tally adds to a package-level map: a second delivery doubles the tally.
func Tally(ctx context.Context, t *asynq.Task) error { // want Tally:`^effects: memory_write/increment memfix.tally$` `unguarded: handler memfix.Tally \(asynq task "tally"\) repeats .*memory_write increment \(memfix.tally\)`
	var p payment
	if err := json.Unmarshal(t.Payload(), &p); err != nil {
		return err
	}
	mu.Lock()
	defer mu.Unlock()
	tally[p.Customer] += p.Amount
	return nil
}

// Remember sets a cache entry: idempotent.
func Remember(ctx context.Context, t *asynq.Task) error { // want Remember:`^effects: memory_write/set memfix.lastSeen$`
	lastSeen[t.Type()] = string(t.Payload())
	return nil
}

// Count increments a package-level counter atomically.
func Count(ctx context.Context, t *asynq.Task) error { // want Count:`^effects: memory_write/increment memfix.processed$` `unguarded: handler memfix.Count \(asynq task "count"\) repeats`
	atomic.AddInt64(&processed, 1)
	return nil
}

// Server is long-lived: its handlers' writes through the receiver last.
type Server struct {
	mu     sync.Mutex
	items  []string
	counts map[string]int
	total  int
	last   string
}

func (s *Server) Append(ctx context.Context, t *asynq.Task) error { // want Append:`^effects: memory_write/insert memfix.Server.items holder=p0$` `unguarded: handler \(\*memfix.Server\).Append \(asynq task "append"\) repeats .*memory_write insert \(memfix.Server.items\)`
	s.mu.Lock()
	defer s.mu.Unlock()
	s.items = append(s.items, string(t.Payload()))
	return nil
}

func (s *Server) Bump(ctx context.Context, t *asynq.Task) error { // want Bump:`^effects: memory_write/increment memfix.Server.counts holder=p0; memory_write/increment memfix.Server.total holder=p0$` `unguarded: handler \(\*memfix.Server\).Bump \(asynq task "bump"\) repeats`
	s.counts[t.Type()]++
	s.add(1)
	return nil
}

// add increments a field of its receiver: its callers decide whether that
// receiver lasts.
func (s *Server) add(n int) { // want add:`^effects: memory_write/increment memfix.Server.total holder=p0$`
	s.total += n
}

// Mark sets a field: idempotent.
func (s *Server) Mark(ctx context.Context, t *asynq.Task) error { // want Mark:`^effects: memory_write/set memfix.Server.last holder=p0$`
	s.last = t.Type()
	return nil
}

// Local writes only what it allocates: no effect.
func (s *Server) Local(ctx context.Context, t *asynq.Task) error { // want Local:"no effects"
	tmp := &Server{counts: map[string]int{}}
	tmp.counts["x"]++
	tmp.add(2)
	var list []string
	list = append(list, t.Type())
	n := 0
	n++
	_ = n
	return nil
}

func Register(mux *asynq.ServeMux, s *Server) { // want Register:"no effects"
	mux.HandleFunc("tally", Tally)
	mux.HandleFunc("remember", Remember)
	mux.HandleFunc("count", Count)
	mux.HandleFunc("append", s.Append)
	mux.HandleFunc("bump", s.Bump)
	mux.HandleFunc("mark", s.Mark)
	mux.HandleFunc("local", s.Local)
	// A closure's captured counter was made at registration: it lasts.
	seen := 0
	mux.HandleFunc("captured", func(ctx context.Context, t *asynq.Task) error { // want `unguarded: handler memfix.Register.func1 \(asynq task "captured"\) repeats .*memory_write increment`
		seen++
		return nil
	})
}

type RetryArgs struct{ Attempts int }

func (RetryArgs) Kind() string { return "retry:note" } // want Kind:"no effects" Kind:`const "retry:note"`

// RetryWorker writes only the job it is handed, made for the delivery:
// its summary keeps the write for callers to decide (holder=p2: the job), and the
// handler has no effect.
type RetryWorker struct {
	river.WorkerDefaults[RetryArgs]
}

func (w *RetryWorker) Work(ctx context.Context, job *river.Job[RetryArgs]) error { // want Work:`^effects: memory_write/increment memfix.RetryArgs.Attempts holder=p2$`
	job.Args.Attempts++
	return nil
}

func Workers() *river.Workers { // want Workers:"no effects"
	ws := river.NewWorkers()
	river.AddWorker(ws, &RetryWorker{})
	return ws
}

// Ctx is gocraft's per-job context: the pool makes one for each job, so
// what a handler registered as a method expression writes into it does not
// outlive the delivery.
type Ctx struct {
	steps []string
	n     int
}

func (c *Ctx) Step(job *work.Job) error { // want Step:`^effects: memory_write/insert memfix.Ctx.steps holder=p0; memory_write/increment memfix.Ctx.n holder=p0$`
	c.steps = append(c.steps, job.Name)
	c.n++
	return nil
}

func Pool(pool *work.WorkerPool) { // want Pool:"no effects"
	pool.Job("step", (*Ctx).Step)
}

// Gate is a rate limiter: its in-flight count goes back down when the
// work ends (a gauge), and each admission takes the next ID (a
// sequence). Neither adds up over deliveries.
type Gate struct {
	inFlight int
	nextID   uint64
	seq      atomic.Uint64
	admitted map[uint64]bool
	reserved int64
}

// reserve adds to the reservations; release takes back by a negated
// delta: a gauge.
func (g *Gate) reserve(delta int64) { // want reserve:`^effects: memory_write/increment memfix.Gate.reserved holder=p0$`
	g.reserved += delta
}

func (g *Gate) admit() uint64 { // want admit:`^effects: memory_write/increment memfix.Gate.reserved holder=p0; memory_write/increment memfix.Gate.inFlight holder=p0; memory_write/nextval memfix.Gate.nextID holder=p0; memory_write/set memfix.Gate.admitted holder=p0$`
	g.inFlight++
	g.nextID++
	id := g.nextID
	g.admitted[id] = true
	g.reserve(5)
	return id
}

func (g *Gate) release(id uint64) { // want release:`^effects: memory_write/increment memfix.Gate.reserved holder=p0; memory_write/increment memfix.Gate.inFlight holder=p0; memory_write/delete memfix.Gate.admitted holder=p0$`
	g.inFlight--
	delete(g.admitted, id)
	g.reserve(-5)
}

func (g *Gate) token() uint64 { // want token:`^effects: memory_write/nextval memfix.Gate.seq holder=p0$`
	return g.seq.Add(1)
}

func (g *Gate) Work(ctx context.Context, t *asynq.Task) error { // want Work:`^effects: memory_write/increment memfix.Gate.reserved holder=p0; memory_write/increment memfix.Gate.inFlight holder=p0; memory_write/nextval memfix.Gate.nextID holder=p0; memory_write/set memfix.Gate.admitted holder=p0; memory_write/increment memfix.Gate.inFlight holder=p0; memory_write/delete memfix.Gate.admitted holder=p0; memory_write/nextval memfix.Gate.seq holder=p0$`
	id := g.admit()
	defer g.release(id)
	_ = g.token()
	return nil
}

func Limits(mux *asynq.ServeMux, g *Gate) { // want Limits:"no effects"
	mux.HandleFunc("limited", g.Work)
}
